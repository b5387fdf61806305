import ArrowLeft from "lucide-react/icons/arrow-left";
import Eye from "lucide-react/icons/eye";
import History from "lucide-react/icons/rotate-ccw-clock";
import Save from "lucide-react/icons/save";
import Send from "lucide-react/icons/send";
import Trash2 from "lucide-react/icons/trash";
import Undo2 from "lucide-react/icons/undo-2";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { type UploadProgress, UploadProgressBar, uploadImage } from "~/features/media";
import {
  Checkbox,
  EditorFields,
  EditorSection,
  ImageField,
  EditableList,
  MarkdownField,
  NewImageField,
  PlainTextArea,
  SelectField,
  TextField,
} from "~/features/pages/admin-editor-fields";
import { MenuFields } from "~/features/pages/admin-menu-fields";
import { Button, buttonClass } from "~/ui/button";
import { ConfirmDialog } from "~/ui/dialog";
import { formatDateTime } from "~/platform/format";
import { CONTACT_LABELS, type PageContent } from "~/features/pages/page-content";
import { toast } from "~/ui/toast";
import type { Route } from "./+types/admin-content-editor";
import { editorAction, loadEditor } from "./admin-content-editor.server";
import { HERO_SELECTION_MESSAGES, PAGE_MESSAGES } from "./messages";

/** /admin/inhalte/:key: one page's draft, its preview, publishing and earlier versions. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadEditor(request, context, params.key);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return editorAction(request, context, params.key);
}

const TITLES: Record<PageContent["kind"], string> = {
  home: "Startseite",
  about: "Über mich",
  contact: "Kontakt",
  portfolio: "Portfolio",
  category: "Kategorie",
  service: "Leistungsseite",
  menu: "Menüs",
  frame: "Fußzeile und Fehlerseite",
};

const EDITOR_FORM = "page-editor";

export default function ContentEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { path, content, limits, hasDraft, draftSavedAt, publishedAt, versions, deletable } = loaderData;
  const navigation = useNavigation();
  const upload = useUploadsFirst();
  const busy = (navigation.state !== "idle" && navigation.formMethod === "POST") || upload.progress !== null;
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const doc = refused?.values ?? content;

  useEffect(() => {
    if (actionData) toast[actionData.ok ? "success" : "error"](actionData.message);
  }, [actionData]);

  const name =
    content.kind === "service"
      ? content.name
      : content.kind === "category"
        ? content.title
        : TITLES[content.kind];

  return (
    <div className="space-y-6">
      <Link
        to="/admin/inhalte"
        className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Alle Inhalte
      </Link>
      <div className="space-y-2">
        <h2 className="text-2xl font-bold text-slate-900">
          {name === TITLES[content.kind]
            ? `${name} bearbeiten`
            : `${TITLES[content.kind]} bearbeiten: ${name}`}
        </h2>
        <p className="text-sm text-slate-600">
          {content.kind !== "menu" && content.kind !== "frame" && (
            <span className="font-mono">{path} · </span>
          )}
          veröffentlicht am {formatDateTime(publishedAt)}
          {hasDraft && draftSavedAt && <> · Entwurf gespeichert am {formatDateTime(draftSavedAt)}</>}
        </p>
        <p className="max-w-3xl text-slate-600">
          {hasDraft
            ? "Du bearbeitest einen Entwurf. Besucher sehen weiter die veröffentlichte Fassung, bis du veröffentlichst."
            : "Kein Entwurf: Das Formular zeigt die veröffentlichte Fassung. Speichern legt einen Entwurf an."}
        </p>
      </div>

      <Form
        key={JSON.stringify(doc)}
        id={EDITOR_FORM}
        method="post"
        encType="multipart/form-data"
        className="space-y-6"
        aria-busy={busy}
        onSubmit={upload.onSubmit}
      >
        <EditorFields
          doc={doc}
          errors={{ ...refused?.errors, ...upload.errors }}
          limits={limits}
          formId={EDITOR_FORM}
        >
          <input type="hidden" name="kind" value={content.kind} />
          {content.kind === "home" && <HomeFields doc={doc as typeof content} />}
          {content.kind === "about" && <AboutFields doc={doc as typeof content} />}
          {content.kind === "contact" && <ContactFields />}
          {content.kind === "frame" && <FrameFields />}
          {content.kind === "portfolio" && <PortfolioFields />}
          {content.kind === "menu" && (
            <MenuFields
              doc={doc as typeof content}
              openLists={[
                ...(actionData?.ok && actionData.list ? [actionData.list] : []),
                ...Object.keys(refused?.errors ?? {}),
              ]}
            />
          )}
          {content.kind === "category" && <CategoryFields />}
          {content.kind === "service" && (
            <ServiceFields doc={doc as typeof content} overview={path === "/service"} />
          )}
        </EditorFields>

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-slate-200 bg-white/95 px-4 py-2 backdrop-blur sm:py-3 sm:mx-0 sm:rounded-xl sm:border">
          <Button type="submit" name="intent" value="save" variant="secondary" size="sm" disabled={busy}>
            <Save aria-hidden="true" className="size-4" />
            Entwurf speichern
          </Button>
          {content.kind !== "menu" && content.kind !== "frame" && (
            <a
              href={`${path}?vorschau`}
              target="_blank"
              rel="noopener"
              className={buttonClass({ variant: "ghost", size: "sm" })}
            >
              <Eye aria-hidden="true" className="size-4" />
              Vorschau<span className="sr-only"> des gespeicherten Entwurfs (öffnet in neuem Tab)</span>
            </a>
          )}
          <Button type="submit" name="intent" value="publish" size="sm" disabled={busy}>
            <Send aria-hidden="true" className="size-4" />
            Veröffentlichen
          </Button>
          {busy && !upload.progress && (
            <span role="status" className="text-sm text-slate-600">
              Wird gespeichert …
            </span>
          )}
          {upload.progress && (
            <div className="basis-full">
              <UploadProgressBar progress={upload.progress} />
            </div>
          )}
        </div>
      </Form>

      {hasDraft && (
        <ConfirmDialog
          trigger={
            <Button variant="danger">
              <Undo2 aria-hidden="true" className="size-4" />
              Verwerfen
            </Button>
          }
          title="Entwurf verwerfen?"
          description="Alle Änderungen seit der letzten Veröffentlichung gehen verloren. Die veröffentlichte Fassung bleibt, wie sie ist."
          confirmLabel="Verwerfen"
          cancelLabel="Abbrechen"
          form={(submit) => (
            <Form method="post" encType="multipart/form-data">
              <input type="hidden" name="intent" value="discard" />
              {submit}
            </Form>
          )}
        />
      )}

      <section
        aria-labelledby="versions"
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <h3 id="versions" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <History aria-hidden="true" className="size-5" />
          Frühere Versionen
        </h3>
        {versions.length === 0 ? (
          <p className="text-sm text-slate-600">
            Noch keine: Jede Veröffentlichung bewahrt die Fassung davor hier auf.
          </p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {versions.map((version) => (
              <li key={version.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <p className="text-sm text-slate-700">
                  Veröffentlicht am {formatDateTime(version.publishedAt)}, ersetzt am{" "}
                  {formatDateTime(version.replacedAt)}
                </p>
                <Form method="post" encType="multipart/form-data">
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="version" value={version.id} />
                  <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                    Wiederherstellen
                    <span className="sr-only">: Version vom {formatDateTime(version.publishedAt)}</span>
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <p className="text-xs text-slate-500">
          Die letzten 20 Fassungen bleiben erhalten. Wiederherstellen macht eine davon zum Entwurf.
        </p>
      </section>

      {deletable && (
        <ConfirmDialog
          trigger={
            <Button variant="danger">
              <Trash2 aria-hidden="true" className="size-4" />
              Seite löschen
            </Button>
          }
          title={PAGE_MESSAGES.deleteTitle(name)}
          description={PAGE_MESSAGES.deleteDescription(name, path)}
          confirmLabel="Löschen"
          cancelLabel="Abbrechen"
          form={(submit) => (
            <Form method="post" encType="multipart/form-data">
              <input type="hidden" name="intent" value="delete-page" />
              {submit}
            </Form>
          )}
        />
      )}
    </div>
  );
}

/**
 * With JavaScript, the images chosen in the editor (`….file`) are uploaded first, one after
 * another, with their progress in the editor's bar; then the form goes through React Router as
 * before, with each image's path in place of its file. Without JavaScript the form posts the
 * files itself.
 */
function useUploadsFirst() {
  const submit = useSubmit();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    setErrors({});
    const form = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    const files = [...form.entries()].filter(
      (entry): entry is [string, File] =>
        entry[0].endsWith(".file") && entry[1] instanceof File && entry[1].size > 0,
    );
    if (files.length === 0) return;
    event.preventDefault();
    void (async () => {
      for (const [name, file] of files) {
        const result = await uploadImage(file, setProgress);
        if (!result.ok) {
          setProgress(null);
          setErrors({ [name]: result.message });
          toast.error(result.message);
          return;
        }
        form.set(name, result.src);
      }
      setProgress(null);
      await submit(form, { method: "post", encType: "multipart/form-data" });
    })();
  };
  return { progress, errors, onSubmit };
}

type Doc<K extends PageContent["kind"]> = { doc: Extract<PageContent, { kind: K }> };

function HomeFields({ doc }: Doc<"home">) {
  const images = doc.heroImages ?? [];
  return (
    <>
      <EditorSection title="Kopfbereich">
        <TextField name="heroTitle" label="Überschrift" />
        <TextField name="heroSubtitle" label="Unterzeile" />
      </EditorSection>
      <EditorSection
        title="Hintergrundbilder"
        hint="Bei jedem Besuch erscheint eines davon zufällig. Ohne Bild zeigt der Kopfbereich nur seinen Farbverlauf."
      >
        <EditableList
          list="heroImages"
          count={images.length}
          itemLabel={(index) => `Bild ${index + 1}`}
          removeSelected={HERO_SELECTION_MESSAGES}
        >
          {(index) => <ImageField name={`heroImages.${index}`} label="Bild" />}
        </EditableList>
        <NewImageField name="heroImages.new" title="Neues Bild hinzufügen" />
        <Checkbox
          name="particles"
          label="Partikel über dem Bild zeigen"
          hint="Kleine, langsam treibende Punkte über dem Hintergrundbild."
        />
      </EditorSection>
      <EditorSection title="Newsletter-Block">
        <TextField name="newsletterTitle" label="Überschrift" />
        <PlainTextArea name="newsletterText" label="Text" rows={2} />
      </EditorSection>
      <SearchEngineSection
        title={false}
        hint="Der Seitentitel der Startseite ist dein Name (unter Einstellungen)."
      />
    </>
  );
}

function AboutFields({ doc }: Doc<"about">) {
  const keyfacts = doc.keyfacts ?? [];
  return (
    <>
      <EditorSection title="Text">
        <TextField name="title" label="Titel" />
        <MarkdownField name="text" label="Text" rows={12} />
      </EditorSection>
      <EditorSection title="Bild">
        <ImageField name="image" label="Porträt oder Teambild" />
      </EditorSection>
      <EditorSection title="Keyfacts" hint="Die Liste neben dem Text, in dieser Reihenfolge.">
        <TextField name="keyfactsTitle" label="Überschrift der Liste" />
        <EditableList
          list="keyfacts"
          count={keyfacts.length}
          itemLabel={(index) => `Punkt ${index + 1}`}
          add="Punkt hinzufügen"
        >
          {(index) => <TextField name={`keyfacts.${index}`} label={`Punkt ${index + 1}`} />}
        </EditableList>
      </EditorSection>
      <EditorSection title="Button">
        <TextField name="contactLabel" label="Beschriftung des Buttons zum Kontakt" />
      </EditorSection>
      <SearchEngineSection title={false} hint="Der Seitentitel ist der Titel oben." />
    </>
  );
}

function FrameFields() {
  return (
    <>
      <EditorSection title="Fußzeile" hint="Unten auf jeder Seite.">
        <TextField name="footerNavigationTitle" label="Überschrift der Navigation" />
        <TextField name="footerLegalTitle" label="Überschrift der rechtlichen Links" />
        <TextField name="copyright" label="Text nach dem Copyright" hint="Steht hinter „© Jahr Dein Name.“" />
        <TextField name="toTopLabel" label="Button nach oben" />
      </EditorSection>
      <EditorSection
        title="Seite „nicht gefunden“"
        hint="Erscheint, wenn jemand eine Adresse aufruft, die es nicht gibt (Fehler 404)."
      >
        <TextField name="notFoundTitle" label="Überschrift" />
        <TextField name="notFoundLinkLabel" label="Link zur Startseite" />
      </EditorSection>
      <EditorSection title="Suchmaschinen" hint="Der Titel der Seite „nicht gefunden“ im Browser-Tab.">
        <TextField name="notFoundMetaTitle" label="Seitentitel" />
        <PlainTextArea name="notFoundMetaDescription" label="Beschreibung für Suchmaschinen" rows={2} />
      </EditorSection>
    </>
  );
}

function ContactFields() {
  return (
    <>
      <EditorSection title="Kopfbereich">
        <TextField name="title" label="Überschrift" />
        <PlainTextArea name="intro" label="Einleitung" rows={3} />
      </EditorSection>
      <EditorSection title="Überschriften" hint="Über deinen Kontaktdaten und über dem Formular.">
        <TextField name="detailsTitle" label="Überschrift der Kontaktdaten" />
        <TextField name="formTitle" label="Überschrift des Formulars" />
      </EditorSection>
      <EditorSection
        title="Newsletter"
        hint="Der Kasten zur Anmeldung neben dem Formular. Der Einwilligungstext darunter ist fest: Er ist der Nachweis deiner Abonnenten."
      >
        <TextField name="newsletterTitle" label="Überschrift" />
        <PlainTextArea name="newsletterText" label="Text" rows={2} />
      </EditorSection>
      <SearchEngineSection />
    </>
  );
}

function PortfolioFields() {
  return (
    <>
      <EditorSection title="Kategorien">
        <Checkbox
          name="hideEmptyCategories"
          label="Leere Kategorien ausblenden"
          hint="Eine Kategorie ohne veröffentlichtes Projekt fehlt dann in Menü, Filter, Startseite und Sitemap, und ihre Seite antwortet mit „nicht gefunden“. Ausgeschaltet zeigt sie ihren Hinweistext."
        />
      </EditorSection>
      <EditorSection title="Texte" hint="Die Seite „Alle Projekte“ unter /projects.">
        <TextField name="title" label="Überschrift" />
        <PlainTextArea name="intro" label="Einleitung" rows={2} />
        <TextField name="allLabel" label="Filter für alle Kategorien" />
        <TextField name="menuAllLabel" label="Eintrag im Menü „Portfolio“" />
        <TextField name="emptyMessage" label="Hinweis, wenn nichts gefunden wird" />
        <TextField
          name="allEntriesTitle"
          label="Überschrift über allen Projekten"
          hint="Nur für Screenreader: Sie kündigt die Liste ohne Filter an."
        />
      </EditorSection>
      <EditorSection
        title="Beschriftungen der Projekte"
        hint="Gelten für jede Projektkarte (Startseite, Kategorien, Leistungsseiten) und jede Projektseite."
      >
        <TextField name="moreLabel" label="Link von der Karte zum Projekt" />
        <TextField name="websiteLabel" label="Link zur Webseite des Projekts" />
        <TextField name="contactLabel" label="Link zum Kontakt auf der Karte" />
        <TextField name="backLabel" label="Link zurück auf der Projektseite" />
        <TextField name="detailContactLabel" label="Button zum Kontakt auf der Projektseite" />
        <TextField name="serviceProjectsTitle" label="Überschrift der Service-Projekte auf Leistungsseiten" />
        <TextField name="serviceProjectsLinkLabel" label="Button zu allen Service-Projekten" />
      </EditorSection>
      <SearchEngineSection />
    </>
  );
}

function CategoryFields() {
  return (
    <>
      <EditorSection title="Sichtbarkeit">
        <Checkbox
          name="visible"
          label="Kategorie ist sichtbar"
          hint="Ausgeblendet antwortet die Kategorieseite mit „nicht gefunden“ und fehlt in Menü, Filter, Startseite und Sitemap."
        />
      </EditorSection>
      <EditorSection title="Namen">
        <TextField name="name" label="Name im Menü" />
        <TextField name="filterLabel" label="Name im Filter auf „Alle Projekte“" />
      </EditorSection>
      <EditorSection title="Texte" hint="Erscheinen auf der Startseite und auf der Kategorieseite.">
        <TextField name="title" label="Titel" />
        <TextField name="subtitle" label="Untertitel" />
        <PlainTextArea name="description" label="Beschreibung" rows={3} />
        <TextField name="homeLinkLabel" label="Button auf der Startseite" />
        <TextField name="emptyMessage" label="Hinweis, solange die Kategorie leer ist" />
      </EditorSection>
    </>
  );
}

function ServiceFields({ doc, overview }: Doc<"service"> & { overview: boolean }) {
  return (
    <>
      <EditorSection title="Sichtbarkeit">
        <Checkbox
          name="visible"
          label="Seite ist sichtbar"
          hint="Ausgeblendet antwortet die Seite mit „nicht gefunden“ und fehlt in Menü, Übersicht, Sitemap und Footer."
        />
        <TextField name="name" label="Name im Menü" />
      </EditorSection>
      <EditorSection title="Kopfbereich">
        <TextField name="heroTitle" label="Titel" />
        <PlainTextArea name="heroSubtitle" label="Unterzeile" rows={2} />
        <ImageField name="heroImage" label="Bild im Kopfbereich" />
        <MarkdownField name="intro" label="Einleitung (optional)" rows={5} />
      </EditorSection>
      {overview ? (
        <EditorSection
          title="Blöcke"
          hint={
            <>
              Die Übersicht zeigt einen Block für jede sichtbare Leistungsseite, in der Reihenfolge unter{" "}
              <Link to="/admin/inhalte" className="font-semibold text-brand-700 hover:underline">
                Alle Inhalte
              </Link>
              . Titel, Text und Link eines Blocks bearbeitest du in seiner Leistungsseite unter „Block auf der
              Übersicht“; sein Bild ist das ihres Kopfbereichs.
            </>
          }
        >
          {null}
        </EditorSection>
      ) : (
        <>
          <EditorSection
            title="Block auf der Übersicht"
            hint="So erscheint die Seite auf der Übersicht unter /service, mit dem Bild aus dem Kopfbereich und einem Link hierher. Solange die Seite ausgeblendet ist, fehlt ihr Block."
          >
            <TextField name="teaser.title" label="Titel des Blocks" />
            <MarkdownField
              name="teaser.text"
              label="Text des Blocks"
              context="Block auf der Übersicht"
              rows={5}
            />
            <TextField name="teaser.linkText" label="Linktext zur Seite" />
            <SelectField
              name="teaser.contactLabel"
              label="Beschriftung des Kontakt-Buttons"
              options={CONTACT_LABELS}
            />
          </EditorSection>
          <BlockFields doc={doc} />
        </>
      )}
      <EditorSection title="Abschluss">
        <TextField name="ctaTitle" label="Überschrift" />
        <PlainTextArea name="ctaText" label="Text" rows={2} />
        <TextField name="ctaLabel" label="Button zum Kontakt" />
        {!overview && (
          <Checkbox
            name="showServiceProjects"
            label="Ausgewählte Service-Leistungen zeigen"
            hint="Die Service-Projekte der Startseite am Ende der Seite."
          />
        )}
        {overview && doc.showServiceProjects && <input type="hidden" name="showServiceProjects" value="on" />}
      </EditorSection>
      <SearchEngineSection />
    </>
  );
}

/** What search engines show of the page: its title (unless the page has one already) and description. */
function SearchEngineSection({ title = true, hint }: { title?: boolean; hint?: string }) {
  return (
    <EditorSection title="Suchmaschinen" hint={hint}>
      {title && <TextField name="metaTitle" label="Seitentitel" />}
      <PlainTextArea name="metaDescription" label="Beschreibung für Suchmaschinen" rows={2} />
    </EditorSection>
  );
}

/** A service page's own blocks (the overview has none: its blocks are its pages' teasers). */
function BlockFields({ doc }: Doc<"service">) {
  const blocks = doc.blocks ?? [];
  return (
    <EditorSection
      title="Abschnitte"
      hint="Jeder Abschnitt hat einen Kontakt-Button. Ein zusätzlicher Link erscheint nur, wenn Text und Ziel gesetzt sind."
    >
      <EditableList
        list="blocks"
        count={blocks.length}
        itemLabel={(index) => `Abschnitt ${index + 1}`}
        itemTitle={(index) => `Abschnitt ${index + 1}: ${blocks[index]?.title ?? ""}`}
        add="Abschnitt hinzufügen"
      >
        {(index) => (
          <>
            <TextField name={`blocks.${index}.title`} label="Titel" />
            <MarkdownField name={`blocks.${index}.text`} label="Text" context={`Abschnitt ${index + 1}`} />
            <ImageField name={`blocks.${index}.image`} label="Bild" />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField name={`blocks.${index}.linkText`} label="Linktext (optional)" />
              <TextField
                name={`blocks.${index}.linkTo`}
                label="Linkziel (optional)"
                hint="z. B. /service/webdesign oder https://…"
              />
            </div>
            <SelectField
              name={`blocks.${index}.contactLabel`}
              label="Beschriftung des Kontakt-Buttons"
              options={CONTACT_LABELS}
            />
          </>
        )}
      </EditableList>
    </EditorSection>
  );
}
