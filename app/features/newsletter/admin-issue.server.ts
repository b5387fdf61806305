import { data } from "react-router";
import { CHECK_MARKED_FIELDS, UNKNOWN_INTENT } from "~/platform/forms/messages";
import { ADMIN_MESSAGES } from "~/features/admin";
import { z } from "zod";
import {
  cancelIssue,
  createIssue,
  deleteDraft,
  findIssue,
  issueCounts,
  pauseIssue,
  queueIssue,
  resumeIssue,
  saveIssueDraft,
  type IssueDraft,
  type NewsletterIssue,
} from "~/features/newsletter/issues.server";
import { recipientCount } from "~/features/newsletter/subscribers.server";
import { env } from "~/platform/env.server";
import {
  PLAIN_TEXT,
  CONTROL_CHARACTERS_MESSAGE,
  fieldErrors,
  SINGLE_LINE,
  SINGLE_LINE_MESSAGE,
  type FieldErrors,
} from "~/platform/forms/schemas";
import { redirectWithFlash } from "~/platform/http/flash.server";
import { requireRecentConfirmation, requireAdmin } from "~/features/auth/index.server";
import type { Db } from "~/platform/db/engines.server";
import { logger } from "~/platform/logger.server";
import { formLimits } from "~/platform/forms/field-limits";
import { notificationAddress, siteSettingsOf } from "~/features/settings/index.server";
import { enqueueMail } from "~/platform/mail/outbox.server";
import { newsletterHtml, newsletterMail, newsletterText } from "~/features/newsletter/issue-mail.server";
import { databaseContext, mailQueuedContext, type RequestContext } from "~/platform/http/request-context";

/**
 * The server half of /admin/newsletter/ausgaben/:id: a draft's texts, its preview,
 * the test mail, sending (now or at a time), pause, resume, cancel and the copy of a sent one.
 */

const line = (max: number, message: string) =>
  z.string().trim().max(max, message).regex(SINGLE_LINE, SINGLE_LINE_MESSAGE);

const DraftSchema = z.object({
  subject: line(150, "Höchstens 150 Zeichen."),
  preheader: line(200, "Höchstens 200 Zeichen."),
  body: z.string().max(50_000, "Höchstens 50.000 Zeichen.").regex(PLAIN_TEXT, CONTROL_CHARACTERS_MESSAGE),
});

/** What a mail needs before it may go to anyone. */
const ReadySchema = DraftSchema.extend({
  subject: DraftSchema.shape.subject.min(1, "Bitte gib einen Betreff ein."),
  body: DraftSchema.shape.body.refine((body) => body.trim().length > 0, "Bitte schreib einen Text."),
});

/** The form's limits: what sending needs, so the browser asks for the subject before any submit. */
const ISSUE_FORM_LIMITS = formLimits(ReadySchema);

export type IssueActionResult = {
  ok: boolean;
  message: string;
  errors?: FieldErrors;
  values?: IssueDraft;
};

const MESSAGES = {
  notFound: "Diese Ausgabe gibt es nicht.",
  saved: "Entwurf gespeichert",
  notDraft: "Diese Ausgabe wird schon versendet und kann nicht mehr geändert werden.",
  invalid: CHECK_MARKED_FIELDS,
  testSent: (to: string) => `Testmail an ${to} in den Postausgang gelegt`,
  noRecipients: "Es gibt noch keine bestätigten Abonnenten.",
  badTime: "Bitte gib eine Sendezeit in der Zukunft an (höchstens ein Jahr voraus).",
  queued: (count: number) =>
    `Ausgabe an ${count.toLocaleString("de-DE")} Abonnenten in den Postausgang gelegt`,
  scheduled: (count: number) => `Versand an ${count.toLocaleString("de-DE")} Abonnenten geplant`,
  paused: "Versand pausiert",
  resumed: "Versand fortgesetzt",
  cancelled: "Versand abgebrochen",
  noChange: "Das geht in diesem Zustand nicht.",
  deleted: "Entwurf gelöscht",
  failed: "Das hat nicht geklappt: Datenbankfehler. Bitte versuche es noch einmal.",
} as const;

async function issueOf(request: Request, context: RequestContext, id: string | undefined) {
  await requireAdmin(request, context);
  const db = await context.get(databaseContext);
  const issue = id ? await findIssue(db, id) : undefined;
  if (!issue)
    throw redirectWithFlash("/admin/newsletter/ausgaben", { type: "error", title: MESSAGES.notFound });
  return { db, issue };
}

function draftOf(form: FormData) {
  return {
    subject: String(form.get("subject") ?? ""),
    preheader: String(form.get("preheader") ?? ""),
    body: String(form.get("body") ?? "").replace(/\r\n/g, "\n"),
  };
}

const mailContext = async (db: Db) => ({
  settings: (await siteSettingsOf(db)).settings,
  publicUrl: env().PUBLIC_URL,
});

export async function loadIssue(request: Request, context: RequestContext, id: string | undefined) {
  const { db, issue } = await issueOf(request, context, id);
  const [counts, recipients] = await Promise.all([issueCounts(db, issue), recipientCount(db)]);
  return { issue: serialize(issue), counts, recipients, limits: ISSUE_FORM_LIMITS };
}

const serialize = (issue: NewsletterIssue) => ({
  ...issue,
  created_at: issue.created_at.toISOString(),
  updated_at: issue.updated_at.toISOString(),
  queued_at: issue.queued_at?.toISOString() ?? null,
  send_at: issue.send_at?.toISOString() ?? null,
  finished_at: issue.finished_at?.toISOString() ?? null,
});

/** The mail as it will arrive, for the preview page. */
export async function loadIssuePreview(request: Request, context: RequestContext, id: string | undefined) {
  const { db, issue } = await issueOf(request, context, id);
  const mail = await mailContext(db);
  // The preview's unsubscribe link leads nowhere; each subscriber's own is signed when sent.
  const sample = { ...mail, unsubscribeUrl: `${mail.publicUrl}/newsletter/abmelden?vorschau` };
  return {
    id: issue.id,
    subject: issue.subject,
    state: issue.state,
    html: newsletterHtml(issue, sample),
    text: newsletterText(issue, sample),
  };
}

/** `datetime-local` in the owner's time zone (Europe/Berlin) as an instant. */
function berlinTime(value: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
  const asUtc = new Date(`${value}:00Z`);
  if (Number.isNaN(asUtc.getTime())) return undefined;
  const offset = (at: Date) => {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: "Europe/Berlin",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    }).formatToParts(at);
    const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
    return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute")) - at.getTime();
  };
  return new Date(asUtc.getTime() - offset(new Date(asUtc.getTime() - offset(asUtc))));
}

const refused = (message: string, status = 400, extra: Partial<IssueActionResult> = {}) =>
  data({ ok: false, message, ...extra } satisfies IssueActionResult, { status });
const done = (message: string) => data({ ok: true, message } satisfies IssueActionResult);

export async function issueAction(request: Request, context: RequestContext, id: string | undefined) {
  const { db, issue } = await issueOf(request, context, id);
  const form = await request.formData().catch(() => undefined);
  if (!form) return refused(ADMIN_MESSAGES.unreadableRequest);
  const intent = String(form.get("intent") ?? "");
  const back = `/admin/newsletter/ausgaben/${issue.id}`;
  try {
    switch (intent) {
      case "save":
      case "preview":
      case "test":
      case "send": {
        if (issue.state !== "draft") return refused(MESSAGES.notDraft, 409);
        const values = draftOf(form);
        const schema = intent === "save" || intent === "preview" ? DraftSchema : ReadySchema;
        const parsed = schema.safeParse(values);
        if (!parsed.success) {
          // What can be stored is kept even when a send is refused: nothing typed is lost.
          const storable = DraftSchema.safeParse(values);
          if (storable.success) await saveIssueDraft(db, issue.id, storable.data);
          return refused(MESSAGES.invalid, 400, { errors: fieldErrors(parsed.error), values });
        }
        if (!(await saveIssueDraft(db, issue.id, parsed.data))) return refused(MESSAGES.notDraft, 409);
        if (intent === "save") return done(MESSAGES.saved);
        if (intent === "preview")
          return redirectWithFlash(`${back}/vorschau`, { type: "success", title: MESSAGES.saved });
        if (intent === "test") return sendTest(db, parsed.data, context.get(mailQueuedContext));
        // Mail to every subscriber in the owner's name cannot be called back: the draft is kept,
        // the send needs a recent confirmation.
        await requireRecentConfirmation(request, context, back);
        return send(db, issue.id, String(form.get("send_at") ?? ""), back, context.get(mailQueuedContext));
      }
      case "pause":
        return (await pauseIssue(db, issue.id)) ? done(MESSAGES.paused) : refused(MESSAGES.noChange, 409);
      case "resume": {
        if (!(await resumeIssue(db, issue.id))) return refused(MESSAGES.noChange, 409);
        context.get(mailQueuedContext)();
        return done(MESSAGES.resumed);
      }
      case "cancel":
        return (await cancelIssue(db, issue.id)) ? done(MESSAGES.cancelled) : refused(MESSAGES.noChange, 409);
      case "copy": {
        const copy = await createIssue(db, issue);
        return redirectWithFlash(`/admin/newsletter/ausgaben/${copy}`, {
          type: "success",
          title: "Kopie als neuer Entwurf angelegt",
        });
      }
      case "delete":
        if (!(await deleteDraft(db, issue.id))) return refused(MESSAGES.noChange, 409);
        return redirectWithFlash("/admin/newsletter/ausgaben", { type: "success", title: MESSAGES.deleted });
      default:
        return refused(UNKNOWN_INTENT);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error, intent }, "newsletter issue action failed");
    return refused(MESSAGES.failed, 503);
  }
}

async function sendTest(db: Db, draft: IssueDraft, mailQueued: () => void) {
  const context = await mailContext(db);
  const to = notificationAddress(context.settings);
  const mail = newsletterMail(to, draft, context);
  await enqueueMail(db, { ...mail, subject: `[Test] ${mail.subject}` });
  mailQueued();
  return done(MESSAGES.testSent(to));
}

async function send(db: Db, id: string, sendAtValue: string, back: string, mailQueued: () => void) {
  let sendAt: Date | null = null;
  if (sendAtValue) {
    const at = berlinTime(sendAtValue);
    if (!at || at.getTime() < Date.now() - 60_000 || at.getTime() > Date.now() + 366 * 24 * 3600 * 1000) {
      return refused(MESSAGES.badTime, 400, { errors: { send_at: MESSAGES.badTime } });
    }
    sendAt = at.getTime() > Date.now() ? at : null;
  }
  if ((await recipientCount(db)) === 0) return refused(MESSAGES.noRecipients, 409);
  const count = await queueIssue(db, id, sendAt);
  if (count === undefined) return refused(MESSAGES.notDraft, 409);
  mailQueued();
  return redirectWithFlash(back, {
    type: "success",
    title: sendAt ? MESSAGES.scheduled(count) : MESSAGES.queued(count),
  });
}
