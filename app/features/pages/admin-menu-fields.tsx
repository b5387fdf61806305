import { Link } from "react-router";
import {
  AddItemButton,
  Checkbox,
  EditorSection,
  InlineTextField,
  ItemControls,
  ListCount,
  TextField,
} from "~/features/pages/admin-editor-fields";
import type { PageContent } from "~/features/pages/page-content";
import type { MenuPlace, MenuTarget } from "~/features/site";

/**
 * The menus' editor (Inhalte → Menüs): the header, the footer's navigation and the home page's
 * buttons, each a list of compact rows (name, "Anzeigen", up and down, and for the owner's own
 * links their address, new tab and remove), so the 19 entries of a fresh install stay short
 * on a phone (a card per entry made the editor 9,200 px tall at 360 px). A plain form like the other editors: every button saves the draft.
 */

/** Where each entry leads, in a word or two beside "Anzeigen" ("→ Startseite"). */
const TARGET_HINTS: Record<MenuTarget, string> = {
  home: "Startseite",
  portfolio: "Alle Projekte",
  services: "Leistungen",
  products: "Produktwelt",
  ideas: "Ideenwelt",
  videos: "Videos",
  events: "Termine",
  blog: "Blog",
  about: "Über mich",
  contact: "Kontaktformular",
  link: "eigener Link",
};

const PLACES: { place: MenuPlace; title: string; hint: string }[] = [
  {
    place: "header",
    title: "Kopfmenü",
    hint: "Oben auf jeder Seite, auf dem Handy im ausklappbaren Menü. Portfolio zeigt hier die Kategorien als Untermenü, Services die sichtbaren Leistungsseiten.",
  },
  { place: "footer", title: "Navigation im Footer", hint: "Die Spalte „Navigation“ unten auf jeder Seite." },
  {
    place: "hero",
    title: "Buttons auf der Startseite",
    hint: "Die Buttons unter der Überschrift der Startseite.",
  },
];

type MenuDoc = Extract<PageContent, { kind: "menu" }>;

export function MenuFields({ doc }: { doc: MenuDoc }) {
  return (
    <>
      <p className="max-w-3xl text-sm text-slate-600">
        Produktwelt, Ideenwelt, Videos, Termine und Blog führen zu deinen anderen Websites, deren Adressen du
        unter{" "}
        <Link to="/admin/einstellungen" className="font-semibold text-brand-700 hover:underline">
          Einstellungen
        </Link>{" "}
        → Website einträgst; ohne Adresse fehlt der Eintrag.
      </p>
      {PLACES.map(({ place, title, hint }) => {
        const entries = doc[place] ?? [];
        return (
          <EditorSection key={place} title={title} hint={hint}>
            <ListCount list={place} count={entries.length} />
            <ol className="divide-y divide-slate-200 border-y border-slate-200">
              {entries.map((entry, index) => (
                <MenuEntryRow
                  key={index}
                  place={place}
                  title={title}
                  index={index}
                  count={entries.length}
                  entry={entry}
                />
              ))}
            </ol>
            <AddItemButton list={place}>Link hinzufügen</AddItemButton>
          </EditorSection>
        );
      })}
    </>
  );
}

/**
 * One entry in two lines: its number (the name field's label, "Name des Eintrags 3" for screen
 * readers), the name and the move buttons; then "Anzeigen", where it leads, and for an own link
 * the remove button, with the link's address and "In neuem Tab öffnen" below. The fields are
 * named by the entry's position, unique within the menu; the buttons by the menu and the entry's
 * name, as in the other lists.
 */
function MenuEntryRow({
  place,
  title,
  index,
  count,
  entry,
}: {
  place: MenuPlace;
  title: string;
  index: number;
  count: number;
  entry: MenuDoc[MenuPlace][number];
}) {
  const field = `${place}.${index}`;
  const number = index + 1;
  const link = entry.target === "link";
  const hintId = `page-${place}-${index}-target`;
  const controls = {
    list: place,
    index,
    count,
    itemLabel: `${title}: ${entry.label || `Eintrag ${number}`}`,
    canRemove: link,
    compact: true,
  };
  const sr = (text: string) => <span className="sr-only">{text}</span>;
  return (
    <li className="py-1">
      <input type="hidden" name={`${field}.target`} value={entry.target} />
      <div className="flex items-start gap-1">
        <InlineTextField
          name={`${field}.label`}
          label={
            <span className="inline-flex size-7 items-center justify-center rounded-full bg-slate-200 text-slate-700">
              {sr("Name des Eintrags ")}
              {number}
            </span>
          }
          describedBy={hintId}
          className="flex-1"
        />
        <ItemControls {...controls} show="move" />
      </div>
      <div className="flex flex-wrap items-center gap-x-2 pl-9">
        <Checkbox name={`${field}.visible`} label={<>Anzeigen{sr(` (Eintrag ${number})`)}</>} touch />
        <p id={hintId} className="text-sm text-slate-600">
          <span aria-hidden="true">→ </span>
          {sr("Ziel: ")}
          {TARGET_HINTS[entry.target]}
        </p>
        {link && (
          <div className="ml-auto">
            <ItemControls {...controls} show="remove" />
          </div>
        )}
      </div>
      {link && (
        <div className="flex flex-wrap items-end gap-x-3 gap-y-1 pb-1 pl-9">
          <TextField
            name={`${field}.href`}
            label={`Adresse des Eintrags ${number}`}
            hint="Eine Seite dieser Website (z. B. /about) oder eine Adresse mit https://"
            className="min-w-0 flex-[1_1_14rem]"
          />
          <Checkbox
            name={`${field}.newTab`}
            label={<>In neuem Tab öffnen{sr(` (Eintrag ${number})`)}</>}
            touch
          />
        </div>
      )}
    </li>
  );
}
