import Archive from "lucide-react/icons/archive";
import ArchiveRestore from "lucide-react/icons/archive-arrow-up";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import Eye from "lucide-react/icons/eye";
import Mail from "lucide-react/icons/mail";
import { Form } from "react-router";
import {
  actionsApart,
  AdminActions,
  DeleteRowButton,
  PagedList,
  pageParams,
  ADMIN_MESSAGES,
} from "~/features/admin";
import { Button, buttonClass } from "~/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "~/ui/dialog";
import {
  deleteContactSubmission,
  listContactSubmissions,
  setContactKept,
} from "~/features/contact/queries.server";
import type { Db } from "~/platform/db/engines.server";
import { lastFormCapRecord } from "~/platform/forms/form-cap.server";
import { deleteFromAdminList, loadAdminList, updateInAdminList } from "~/features/admin/index.server";
import { formatDateTime, formatTime } from "~/platform/format";
import { siteSettingsOf } from "~/features/settings/index.server";
import { visitSourceText } from "~/features/statistics";
import type { Route } from "./+types/admin-contacts";
import { databaseContext } from "~/platform/http/request-context";

/** Spec §9: contact dates as day.month.year, hours:minutes. */
const formatDate = (date: Date | null) => (date ? formatDateTime(date) : ADMIN_MESSAGES.unknownDate);

export async function loader({ request, context }: Route.LoaderArgs) {
  const list = await loadAdminList(
    request,
    context,
    (db) => listContactSubmissions(db, pageParams(request)),
    ADMIN_MESSAGES.contactsLoadError,
  );
  const db = context.get(databaseContext);
  const [{ settings }, capNotice] = await Promise.all([
    db.then(siteSettingsOf).catch(() => ({ settings: undefined })),
    db.then(formCapNotice).catch(() => undefined),
  ]);
  return { ...list, retentionMonths: Number(settings?.privacy.contactMonths ?? 6), capNotice };
}

/** For how long the Kontaktanfragen tab mentions that the cap of all forms was reached. */
const FORM_CAP_NOTICE_DAYS = 30;

/** The notice's sentences, when the cap of all public forms refused submissions lately. */
async function formCapNotice(db: Db): Promise<string[] | undefined> {
  const record = await lastFormCapRecord(db);
  if (!record || Date.now() - record.windowEndsAt.getTime() > FORM_CAP_NOTICE_DAYS * 86_400_000)
    return undefined;
  return [
    ADMIN_MESSAGES.formCapReached({ ...record, reachedAt: formatDateTime(record.reachedAt) }),
    ...(record.windowEndsAt.getTime() > Date.now()
      ? [ADMIN_MESSAGES.formCapStillReached(formatTime(record.windowEndsAt))]
      : []),
    ADMIN_MESSAGES.formCapWhatToDo,
  ];
}

/** "Aufbewahren" marks a request to be kept past the retention period; the default is "Löschen". */
export async function action({ request, context }: Route.ActionArgs) {
  const intent = (
    await request
      .clone()
      .formData()
      .catch(() => undefined)
  )?.get("intent");
  if (intent === "keep" || intent === "release") {
    return updateInAdminList(request, context, (db, id) => setContactKept(db, id, intent === "keep"), {
      success: intent === "keep" ? ADMIN_MESSAGES.contactKept : ADMIN_MESSAGES.contactReleased,
      failure: ADMIN_MESSAGES.contactKeepError,
      notFound: "Anfrage nicht gefunden",
    });
  }
  return deleteFromAdminList(request, context, (db, id) => deleteContactSubmission(db, id), {
    success: ADMIN_MESSAGES.contactDeleted,
    failure: ADMIN_MESSAGES.contactDeleteError,
    notFound: "Anfrage nicht gefunden",
  });
}

export default function AdminContacts({ loaderData }: Route.ComponentProps) {
  const { rows, retentionMonths, capNotice } = loaderData;
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-bold text-slate-900">{ADMIN_MESSAGES.contactsHeading}</h2>
      {capNotice && (
        <section
          aria-labelledby="form-cap-heading"
          className="flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div className="space-y-2 text-sm">
            <h3 id="form-cap-heading" className="font-semibold">
              {ADMIN_MESSAGES.formCapHeading}
            </h3>
            {capNotice.map((sentence) => (
              <p key={sentence}>{sentence}</p>
            ))}
          </div>
        </section>
      )}
      <PagedList list={loaderData} label="Kontaktanfragen" empty={ADMIN_MESSAGES.noContacts}>
        <ul className="max-lg:space-y-3 lg:divide-y lg:divide-slate-200 lg:rounded-2xl lg:border lg:border-slate-200">
          {rows.map((row) => (
            <li
              key={row.id}
              className="flex flex-col gap-4 p-4 max-lg:rounded-2xl max-lg:border max-lg:border-slate-200 lg:flex-row lg:flex-wrap lg:items-center lg:justify-between"
            >
              <div className="min-w-0 wrap-break-word">
                <p className="font-semibold text-slate-900">{row.subject}</p>
                <p className="text-sm text-slate-600">
                  {row.name} · {row.email} ·{" "}
                  <time dateTime={row.created_at.toISOString()}>{formatDate(row.created_at)}</time>
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  {row.keep ? (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">
                      Aufbewahrt
                    </span>
                  ) : (
                    `Wird am ${formatDay(deletionDate(row.created_at, retentionMonths))} automatisch gelöscht`
                  )}
                </p>
              </div>
              <AdminActions className={actionsApart}>
                <Dialog>
                  <DialogTrigger asChild>
                    <Button variant="ghost" size="sm">
                      <Eye aria-hidden="true" className="size-4" />
                      Details<span className="sr-only">: {row.subject}</span>
                    </Button>
                  </DialogTrigger>
                  <DialogContent
                    title={row.subject}
                    description={`${row.name} · ${formatDate(row.created_at)}`}
                  >
                    <p className="text-sm wrap-break-word text-slate-600">{row.email}</p>
                    <p className="mt-4 whitespace-pre-line wrap-break-word text-slate-800">{row.message}</p>
                    {row.visit_source && (
                      <p className="mt-4 text-sm wrap-anywhere text-slate-600">
                        {ADMIN_MESSAGES.contactCameVia} {visitSourceText(row.visit_source)}
                      </p>
                    )}
                    <a
                      href={`mailto:${row.email}?subject=${encodeURIComponent(`Re: ${row.subject}`)}`}
                      className={buttonClass({ className: "mt-6" })}
                    >
                      <Mail aria-hidden="true" className="size-4" />
                      Per E-Mail antworten
                    </a>
                  </DialogContent>
                </Dialog>
                <a
                  href={`mailto:${row.email}?subject=${encodeURIComponent(`Re: ${row.subject}`)}`}
                  className={buttonClass({ variant: "ghost", size: "sm" })}
                >
                  <Mail aria-hidden="true" className="size-4" />
                  Antworten<span className="sr-only">: {row.subject}</span>
                </a>
                {/* "contents": the button takes its place among the other actions on a phone. */}
                <Form method="post" className="contents">
                  <input type="hidden" name="id" value={row.id} />
                  <input type="hidden" name="intent" value={row.keep ? "release" : "keep"} />
                  <Button type="submit" variant="ghost" size="sm">
                    {row.keep ? (
                      <ArchiveRestore aria-hidden="true" className="size-4" />
                    ) : (
                      <Archive aria-hidden="true" className="size-4" />
                    )}
                    {row.keep ? "Nicht mehr aufbewahren" : "Aufbewahren"}
                    <span className="sr-only">: {row.subject}</span>
                  </Button>
                </Form>
                <DeleteRowButton
                  id={row.id}
                  name={row.subject}
                  label="Löschen"
                  title="Kontaktanfrage löschen"
                  description={ADMIN_MESSAGES.contactDeleteConfirm}
                />
              </AdminActions>
            </li>
          ))}
        </ul>
      </PagedList>
    </div>
  );
}

/** When the housekeeping deletes a request that is not marked: its date plus the period. */
function deletionDate(created: Date, months: number): Date {
  const date = new Date(created);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date;
}

const formatDay = (date: Date) =>
  date.toLocaleDateString("de-DE", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "Europe/Berlin",
  });
