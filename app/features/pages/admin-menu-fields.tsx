import ChevronRight from "lucide-react/icons/chevron-right";
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  AddItemButton,
  Checkbox,
  EditorSection,
  InlineTextField,
  ItemControls,
  ListCount,
  ListError,
  TextField,
} from "~/features/pages/admin-editor-fields";
import type { PageContent } from "~/features/pages/page-content";
import {
  hasEditableSubmenu,
  MAX_SUBMENU_ENTRIES,
  SUBMENU_PAGES,
  type MenuPlace,
  type MenuSubEntry,
  type MenuTarget,
} from "~/features/site";

/**
 * The menus' editor (Inhalte → Menüs): the header, the footer's navigation and the home page's
 * buttons, each a list of compact rows (name, "Anzeigen", up and down, and for the owner's own
 * links their address, new tab and remove), the header's submenus as the same rows indented
 * under their entry, so the 31 entries of a fresh install stay short on a phone (a card per entry made the editor 9,200 px tall at 360 px). A plain form like the other editors: every button saves the draft.
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
    hint: "Oben auf jeder Seite, auf dem Handy im ausklappbaren Menü. Die Untermenüs von Produktwelt, Ideenwelt und deinen eigenen Links bearbeitest du hier, eine Ebene tief.",
  },
  { place: "footer", title: "Navigation im Footer", hint: "Die Spalte „Navigation“ unten auf jeder Seite." },
  {
    place: "hero",
    title: "Buttons auf der Startseite",
    hint: "Die Buttons unter der Überschrift der Startseite.",
  },
];

type MenuDoc = Extract<PageContent, { kind: "menu" }>;
type Entry = MenuDoc[MenuPlace][number];

const linkClass = "font-semibold text-brand-700 hover:underline";

/**
 * `openLists`: the lists and fields the last answer was about (a submenu entry moved, a field
 * refused); a submenu among them shows open.
 */
export function MenuFields({ doc, openLists }: { doc: MenuDoc; openLists: string[] }) {
  return (
    <>
      <p className="max-w-3xl text-sm text-slate-600">
        Produktwelt, Ideenwelt, Videos, Termine und Blog führen zu deinen anderen Websites, deren Adressen du
        unter{" "}
        <Link to="/admin/einstellungen" className={linkClass}>
          Einstellungen
        </Link>{" "}
        → Website einträgst; ohne Adresse fehlt der Eintrag.
      </p>
      {PLACES.map(({ place, title, hint }) => {
        const entries = doc[place] ?? [];
        return (
          <EditorSection key={place} title={title} hint={hint}>
            <ListCount list={place} count={entries.length} />
            <ListError list={place} />
            <ol className="divide-y divide-slate-200 border-y border-slate-200">
              {entries.map((entry, index) => (
                <li key={index} className="py-1">
                  <EntryRow
                    list={place}
                    index={index}
                    count={entries.length}
                    number={`${index + 1}`}
                    itemLabel={`${title}: ${entry.label || `Eintrag ${index + 1}`}`}
                    entry={entry}
                    hint={TARGET_HINTS[entry.target]}
                  />
                  {place === "header" && (
                    <SubmenuOf entry={entry} index={index} title={title} openLists={openLists} />
                  )}
                </li>
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
 * What a header entry's submenu is: edited here (Produktwelt, Ideenwelt, own links), or where its
 * entries come from, with a link there (Portfolio, Services); nothing for the others.
 */
function SubmenuOf({
  entry,
  index,
  title,
  openLists,
}: {
  entry: Entry;
  index: number;
  title: string;
  openLists: string[];
}) {
  if (entry.target === "portfolio" || entry.target === "services") {
    const [what, where, anchor] =
      entry.target === "portfolio"
        ? ["„Alle Projekte“ und die sichtbaren Kategorien", "Kategorien", "content-Kategorien"]
        : ["die sichtbaren Leistungsseiten", "Leistungen", "content-Leistungen"];
    return (
      <p className="pb-1 pl-9 text-sm text-slate-600">
        Untermenü: {what}. Namen, Reihenfolge und Sichtbarkeit bearbeitest du unter{" "}
        <Link to={`/admin/inhalte#${anchor}`} className={linkClass}>
          Inhalte → {where}
        </Link>
        .
      </p>
    );
  }
  if (!hasEditableSubmenu(entry.target)) return null;
  const list = `header.${index}.submenu`;
  const submenu = entry.submenu ?? [];
  const parent = entry.label || `Eintrag ${index + 1}`;
  const site = entry.target === "link" ? undefined : TARGET_HINTS[entry.target];
  const add = submenu.length < MAX_SUBMENU_ENTRIES && (
    <div className="py-1">
      <AddItemButton list={list}>
        Link ins Untermenü<span className="sr-only"> von {parent}</span>
      </AddItemButton>
    </div>
  );
  const hidden = submenu.filter((sub) => !sub.visible).length;
  const open = openLists.some((name) => name === list || name.startsWith(`${list}.`));
  return (
    <div className="ml-9 border-l-2 border-slate-200 pl-2">
      <ListCount list={list} count={submenu.length} />
      <ListError list={list} />
      {submenu.length === 0 ? (
        add
      ) : (
        // Folded, so the header's 31 entries stay short on a phone; its fields are sent all the same.
        <details open={open} className="group">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1 text-sm font-medium text-brand-700">
            <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
            {/* One flex item, so the gap stays between the chevron and the words. */}
            <span>
              Untermenü<span className="sr-only"> von {parent}</span>: {submenu.length}{" "}
              {submenu.length === 1 ? "Eintrag" : "Einträge"}
              {hidden > 0 && `, ${hidden} ausgeblendet`}
            </span>
          </summary>
          <ol aria-label={`Untermenü von ${parent}`} className="divide-y divide-slate-100">
            {submenu.map((sub, subIndex) => (
              <li key={subIndex} className="py-1">
                <EntryRow
                  list={list}
                  index={subIndex}
                  count={submenu.length}
                  number={`${index + 1}.${subIndex + 1}`}
                  itemLabel={`${title}, Untermenü ${parent}: ${sub.label || `Eintrag ${subIndex + 1}`}`}
                  entry={sub}
                  hint={
                    sub.target === "link" ? (
                      TARGET_HINTS.link
                    ) : (
                      // The site is the submenu's own: named for screen readers only, to keep the row short.
                      <>
                        <span className="sr-only">{site} </span>
                        {builtInPath(entry, sub.target)}
                      </>
                    )
                  }
                />
              </li>
            ))}
          </ol>
          {add}
        </details>
      )}
    </div>
  );
}

/** A built-in submenu entry's path on its site ("/overview"). */
function builtInPath(entry: Entry, target: string): string {
  if (entry.target !== "products" && entry.target !== "ideas") return "";
  const pages: readonly { key: string; path: string }[] = SUBMENU_PAGES[entry.target];
  return pages.find(({ key }) => key === target)?.path ?? "";
}

/**
 * One entry in two lines: its number (the name field's label, "Name des Eintrags 3" for screen
 * readers; "3.2" for the second entry of the third's submenu), the name and the move buttons;
 * then "Anzeigen", where it leads, and for an own link the remove button, with the link's
 * address and "In neuem Tab öffnen" below. The fields are named by the entry's position, unique
 * within the menu; the buttons by the menu and the entry's name, as in the other lists.
 */
function EntryRow({
  list,
  index,
  count,
  number,
  itemLabel,
  entry,
  hint,
}: {
  list: string;
  index: number;
  count: number;
  number: string;
  itemLabel: string;
  entry: Pick<Entry, "target" | "label"> | MenuSubEntry;
  hint: ReactNode;
}) {
  const field = `${list}.${index}`;
  const link = entry.target === "link";
  const hintId = `page-${field.replaceAll(".", "-")}-target`;
  const controls = { list, index, count, itemLabel, canRemove: link, compact: true };
  const sr = (text: string) => <span className="sr-only">{text}</span>;
  return (
    <>
      <input type="hidden" name={`${field}.target`} value={entry.target} />
      <div className="flex items-start gap-1">
        <InlineTextField
          name={`${field}.label`}
          label={
            <span className="inline-flex h-7 min-w-7 items-center justify-center rounded-full bg-slate-200 px-1 text-slate-700">
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
        <p id={hintId} className="min-w-0 break-words text-sm text-slate-600">
          <span aria-hidden="true">→ </span>
          {sr("Ziel: ")}
          {hint}
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
    </>
  );
}
