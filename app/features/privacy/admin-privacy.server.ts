import { data, redirect } from "react-router";
import { z } from "zod";
import { PRIVACY_MESSAGES, PRIVACY_PATH } from "~/features/privacy/messages";
import {
  erasePerson,
  listPrivacyAudit,
  logExport,
  lookupPerson,
  type PersonData,
} from "~/features/privacy/queries.server";
import { env } from "~/platform/env.server";
import { isoDay } from "~/platform/csv";
import { redirectWithFlash } from "~/platform/http/flash.server";
import { LIMITS } from "~/platform/forms/limits";
import { logger } from "~/platform/logger.server";
import { confirmedUntil, requireRecentConfirmation, requireAdmin } from "~/features/auth/index.server";
import { databaseContext, type RequestContext } from "~/platform/http/request-context";
import { MailDropEraseError, mailDropDirOf } from "~/platform/mail/mail-drop.server";

/**
 * The server half of Auskunft und Löschung (/admin/datenschutz): the lookup, the
 * erasure and the exports. The address travels in form bodies only, never in a URL (where
 * browser history, proxies and logs would keep it), and nothing here logs it.
 */
export const PrivacyEmailSchema = z
  .string()
  .trim()
  .min(1, PRIVACY_MESSAGES.emailMissing)
  .max(LIMITS.email, PRIVACY_MESSAGES.emailTooLong)
  .pipe(z.email(PRIVACY_MESSAGES.emailInvalid));

type Audit = Awaited<ReturnType<typeof listPrivacyAudit>>;

/** What the lookup answers: everything stored for the address, or why there is nothing. */
export type PrivacyLookup = {
  intent: "lookup";
  email: string;
  fieldError: string | null;
  person: PersonData | null;
  error: string | null;
  /** The time the view shows as "Erstellt am" (the server's, so the client renders the same). */
  createdAt: Date;
};

async function auditLog(context: RequestContext): Promise<Audit> {
  try {
    return await listPrivacyAudit(await context.get(databaseContext));
  } catch (error) {
    logger.error({ err: error }, "privacy audit log could not be read");
    return [];
  }
}

/**
 * The view: the empty lookup form and the audit log. An `?email=` of an older link or bookmark
 * looks nobody up.
 */
export async function loadPrivacyView(request: Request, context: RequestContext) {
  const { session } = await requireAdmin(request, context);
  return { audit: await auditLog(context), confirmedUntil: confirmedUntil(session) };
}

/** The view's forms: the lookup ("lookup") and "Alles löschen" ("erase"). */
export async function privacyAction(request: Request, context: RequestContext) {
  await requireAdmin(request, context);
  const form = await request.formData().catch(() => undefined);
  const intent = form?.get("intent");
  if (form && intent === "lookup") return lookUp(form, context);
  if (form && intent === "erase") return erase(request, context, form);
  return redirectWithFlash(PRIVACY_PATH, { type: "error", title: PRIVACY_MESSAGES.eraseError });
}

async function lookUp(form: FormData, context: RequestContext) {
  const raw = String(form.get("email") ?? "");
  const view: PrivacyLookup = {
    intent: "lookup",
    email: raw,
    fieldError: null,
    person: null,
    error: null,
    createdAt: new Date(),
  };
  const email = PrivacyEmailSchema.safeParse(raw);
  if (!email.success) {
    return data({ ...view, fieldError: email.error.issues[0]!.message }, { status: 400 });
  }
  try {
    view.person = await lookupPerson(await context.get(databaseContext), email.data);
  } catch (error) {
    logger.error({ err: error }, "privacy lookup failed");
    view.error = PRIVACY_MESSAGES.lookupError;
  }
  return data(view);
}

/** "Alles löschen": erases the address's data in one transaction and goes back with a toast. */
async function erase(request: Request, context: RequestContext, form: FormData) {
  // Erasing cannot be undone: like changing sign-in methods, it needs a recent confirmation.
  await requireRecentConfirmation(request, context, PRIVACY_PATH);
  const email = PrivacyEmailSchema.safeParse(String(form.get("email") ?? ""));
  if (!email.success) {
    return data({ intent: "erase" as const, fieldError: email.error.issues[0]!.message }, { status: 400 });
  }
  try {
    await erasePerson(await context.get(databaseContext), email.data, {
      block: form.get("block") === "on",
      mailDropDir: mailDropDirOf(env().DATA_DIR),
    });
  } catch (error) {
    if (error instanceof MailDropEraseError) {
      logger.error({ err: error }, "privacy erasure left dropped mails behind");
      return redirectWithFlash(PRIVACY_PATH, { type: "error", title: PRIVACY_MESSAGES.eraseFilesError });
    }
    logger.error({ err: error }, "privacy erasure failed");
    return redirectWithFlash(PRIVACY_PATH, { type: "error", title: PRIVACY_MESSAGES.eraseError });
  }
  return redirectWithFlash(PRIVACY_PATH, { type: "success", title: PRIVACY_MESSAGES.erased });
}

/**
 * An export (Art. 15, 20): the address comes as a form field, the answer is a download and an
 * audit record. `render` turns the data into the file's body.
 */
export async function exportPrivacyData(
  request: Request,
  context: RequestContext,
  file: { extension: "json" | "html"; contentType: string; csp?: string },
  render: (person: PersonData, createdAt: Date) => string,
): Promise<Response> {
  // A file of everything stored about a person leaves the admin: a recent confirmation first.
  await requireRecentConfirmation(request, context, PRIVACY_PATH);
  const form = await request.formData().catch(() => undefined);
  const email = PrivacyEmailSchema.safeParse(String(form?.get("email") ?? ""));
  if (!email.success) {
    return redirectWithFlash(PRIVACY_PATH, {
      type: "error",
      title: PRIVACY_MESSAGES.exportError,
      description: email.error.issues[0]!.message,
    });
  }
  const createdAt = new Date();
  let body: string;
  try {
    const db = await context.get(databaseContext);
    const person = await lookupPerson(db, email.data);
    body = render(person, createdAt);
    await logExport(db, person.counts);
  } catch (error) {
    logger.error({ err: error }, "privacy export failed");
    return redirectWithFlash(PRIVACY_PATH, { type: "error", title: PRIVACY_MESSAGES.exportError });
  }
  return new Response(body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="datenauskunft-${isoDay(createdAt)}.${file.extension}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      ...(file.csp ? { "Content-Security-Policy": file.csp } : {}),
    },
  });
}

/** The machine-readable export (Art. 20): every kind of record, dates in ISO 8601 (UTC). */
export function personJson(person: PersonData, createdAt: Date): string {
  return JSON.stringify(
    {
      createdAt,
      email: person.email,
      counts: person.counts,
      contactRequests: person.contacts,
      newsletterSubscription: person.subscription,
      mails: person.mails,
      consentRecords: person.records,
      bookings: person.bookings,
    },
    null,
    2,
  );
}

/** GET on an export URL: nothing to show there; back to the view. */
export async function backToView(request: Request, context: RequestContext): Promise<Response> {
  await requireAdmin(request, context);
  return redirect(PRIVACY_PATH);
}
