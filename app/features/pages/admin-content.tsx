import ArrowDown from "lucide-react/icons/arrow-down";
import ArrowUp from "lucide-react/icons/arrow-up";
import ExternalLink from "lucide-react/icons/external-link";
import FilePlus2 from "lucide-react/icons/file-plus-corner";
import Pencil from "lucide-react/icons/pencil";
import Trash2 from "lucide-react/icons/trash";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "~/ui/button";
import { ConfirmDialog } from "~/ui/dialog";
import { InputField } from "~/ui/field";
import { ADMIN_MESSAGES } from "~/features/admin";
import { formatDateTime } from "~/platform/format";
import { toast } from "~/ui/toast";
import type { Route } from "./+types/admin-content";
import { contentListAction, loadContentList, type ContentListEntry } from "./admin-content.server";
import { PAGE_MESSAGES } from "./messages";

/** /admin/inhalte: the pages the owner edits, a new service page, the service pages' order. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadContentList(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return contentListAction(request, context);
}

const GROUPS: { group: ContentListEntry["group"]; hint: string }[] = [
  {
    group: "Seiten",
    hint: "Startseite, Über mich, Kontakt, und die Texte der Fußzeile und der Seite „nicht gefunden“",
  },
  {
    group: "Menüs",
    hint: "Kopfmenü, Navigation im Footer und die Buttons der Startseite: Reihenfolge, Namen, eigene Links",
  },
  {
    group: "Leistungen",
    hint: "Die Übersicht unter /service und jede Leistungsseite, in der Reihenfolge von Menü, Footer und Übersicht",
  },
  {
    group: "Kategorien",
    hint: "Die Seite „Alle Projekte“ und die fünf Kategorien: Namen, Texte, sichtbar oder ausgeblendet, und ihre Reihenfolge in Menü, Filter und auf der Startseite",
  },
];

export default function AdminContent({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, newPageLimits } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  useEffect(() => {
    if (actionData && !actionData.ok) toast.error(actionData.message);
  }, [actionData]);

  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h2 className="text-2xl font-bold text-slate-900">{ADMIN_MESSAGES.contentHeading}</h2>
        <p className="max-w-3xl text-slate-600">
          Texte und Bilder deiner Seiten. Du bearbeitest einen Entwurf, siehst ihn dir in der Vorschau an und
          veröffentlichst ihn, wenn er fertig ist. Frühere Fassungen kannst du wiederherstellen.
        </p>
      </div>

      {GROUPS.map(({ group, hint }) => (
        <section key={group} aria-labelledby={`content-${group}`} className="space-y-3">
          <div>
            <h3 id={`content-${group}`} className="text-lg font-semibold text-slate-900">
              {group}
            </h3>
            <p className="text-sm text-slate-600">{hint}</p>
          </div>
          <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {entries
              .filter((entry) => entry.group === group)
              .map((entry, _, inGroup) => (
                <li key={entry.key} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">
                      {entry.title}
                      {!entry.visible && (
                        <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
                          Ausgeblendet
                        </span>
                      )}
                      {entry.hasDraft && (
                        <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                          Entwurf
                        </span>
                      )}
                    </p>
                    <p className="text-sm text-slate-600">
                      {entry.path && `${entry.path} · `}veröffentlicht am {formatDateTime(entry.publishedAt)}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {entry.movable && (
                      <MoveButtons
                        entry={entry}
                        movable={inGroup.filter((other) => other.movable)}
                        busy={submitting}
                      />
                    )}
                    {entry.visible && entry.path && (
                      <a
                        href={entry.path}
                        target="_blank"
                        rel="noopener"
                        className={buttonClass({ variant: "ghost", size: "sm" })}
                      >
                        <ExternalLink aria-hidden="true" className="size-4" />
                        Ansehen<span className="sr-only">: {entry.title} (öffnet in neuem Tab)</span>
                      </a>
                    )}
                    <Link
                      to={`/admin/inhalte/${entry.key}`}
                      className={buttonClass({ variant: "secondary", size: "sm" })}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                      Bearbeiten<span className="sr-only">: {entry.title}</span>
                    </Link>
                    {entry.deletable && <DeleteButton entry={entry} />}
                  </div>
                </li>
              ))}
          </ul>
        </section>
      ))}

      <section
        aria-labelledby="new-service"
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <h3 id="new-service" className="text-lg font-semibold text-slate-900">
          Neue Leistungsseite
        </h3>
        <p className="text-sm text-slate-600">
          Die Seite wird ausgeblendet angelegt. Du füllst sie im Editor und schaltest sie dort sichtbar.
        </p>
        <Form method="post" className="grid gap-4 sm:grid-cols-2">
          <InputField
            id="new-service-name"
            label="Name im Menü"
            error={actionData?.errors.name}
            name="name"
            defaultValue={actionData?.values.name}
            {...newPageLimits.name}
          />
          <InputField
            id="new-service-slug"
            label="Adresse"
            hint="Die Seite erscheint unter /service/<Adresse>, z. B. /service/coaching."
            error={actionData?.errors.slug}
            name="slug"
            defaultValue={actionData?.values.slug}
            {...newPageLimits.slug}
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={submitting}>
              <FilePlus2 aria-hidden="true" className="size-4" />
              {submitting ? "Wird angelegt …" : "Seite anlegen"}
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}

/** "Nach oben" and "Nach unten": plain form posts, so the order changes without JavaScript too. */
function MoveButtons({
  entry,
  movable,
  busy,
}: {
  entry: ContentListEntry;
  movable: ContentListEntry[];
  busy: boolean;
}) {
  const index = movable.findIndex((other) => other.path === entry.path);
  const moves = [
    { intent: "move-up", label: "Nach oben", Icon: ArrowUp, edge: index === 0 },
    { intent: "move-down", label: "Nach unten", Icon: ArrowDown, edge: index === movable.length - 1 },
  ];
  return moves.map(({ intent, label, Icon, edge }) => (
    <Form key={intent} method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="path" value={entry.path} />
      <Button type="submit" variant="ghost" size="sm" disabled={edge || busy}>
        <Icon aria-hidden="true" className="size-4" />
        {label}
        <span className="sr-only">: {entry.title}</span>
      </Button>
    </Form>
  ));
}

function DeleteButton({ entry }: { entry: ContentListEntry }) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="danger" size="sm">
          <Trash2 aria-hidden="true" className="size-4" />
          Löschen<span className="sr-only">: {entry.title}</span>
        </Button>
      }
      title={PAGE_MESSAGES.deleteTitle(entry.title)}
      description={PAGE_MESSAGES.deleteDescription(entry.title, entry.path)}
      confirmLabel="Löschen"
      cancelLabel="Abbrechen"
      form={(submit) => (
        <Form method="post">
          <input type="hidden" name="intent" value="delete-page" />
          <input type="hidden" name="path" value={entry.path} />
          {submit}
        </Form>
      )}
    />
  );
}
