import { data, type RouterContextProvider } from "react-router";
import { CONTACT_MESSAGES, FORM_GUARD_MESSAGES, NEWSLETTER_MESSAGES } from "~/content/messages";
import { submitContact } from "~/db/contact.server";
import { signUp } from "~/db/newsletter.server";
import { env } from "~/env.server";
import { ContactSchema, fieldErrors, NewsletterOptInSchema, NewsletterSimpleSchema } from "./forms";
import {
  checkForm,
  formRateLimitKey,
  formValues,
  guardForm,
  rateLimited,
  type FormResult,
} from "./form-guard.server";
import { logger } from "./logger.server";
import { clientAddressContext, databaseContext, mailQueuedContext } from "./request-context";
import { installationSecret } from "./security.server";

/**
 * The public forms' actions. Order of work: spam defence, validation, then the database write
 * (with its mail queued in the same transaction), and only then the success answer.
 */

const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;
const NEWSLETTER_FIELDS = ["email", "name", "consent"] as const;

type Args = { request: Request; context: Readonly<RouterContextProvider> };

async function readForm(request: Request): Promise<FormData | undefined> {
  try {
    return await request.formData();
  } catch {
    return undefined; // not a form body
  }
}

const invalidRequest = (title: string, form: string) =>
  data<FormResult>({ ok: false, title, description: FORM_GUARD_MESSAGES.expired, form }, { status: 400 });

const unavailable = (title: string, values: Record<string, string>, form: string) =>
  data<FormResult>(
    { ok: false, title, description: FORM_GUARD_MESSAGES.unavailable, values, form },
    { status: 503 },
  );

export async function contactAction({ request, context }: Args, form?: FormData, key = "contact") {
  form ??= await readForm(request);
  if (!form) return invalidRequest(CONTACT_MESSAGES.failure, key);
  const values = formValues(form, CONTACT_FIELDS);
  try {
    const db = await context.get(databaseContext);
    const guard = {
      name: "contact",
      form: key,
      clientAddress: context.get(clientAddressContext),
      failureTitle: CONTACT_MESSAGES.failure,
      values,
    } as const;
    const checked = await checkForm(db, form, guard);
    if (checked === "spam")
      return { ok: true, title: CONTACT_MESSAGES.success, form: key } satisfies FormResult;
    if (checked) return checked;

    // Counted against the client's limit whether valid or not; stored only when both hold.
    const parsed = ContactSchema.safeParse(values);
    const outcome = await submitContact(db, {
      input: parsed.success ? parsed.data : undefined,
      rateLimitKey: await formRateLimitKey(db, guard),
    });
    if (outcome.status === "limited") return rateLimited(guard, outcome.retryAfterSeconds);
    if (!parsed.success) {
      return data<FormResult>(
        {
          ok: false,
          title: CONTACT_MESSAGES.failure,
          description: "Bitte prüfe die markierten Felder.",
          errors: fieldErrors(parsed.error),
          values,
          form: key,
        },
        { status: 400 },
      );
    }
    context.get(mailQueuedContext)();
    return {
      ok: true,
      title: CONTACT_MESSAGES.success,
      description: CONTACT_MESSAGES.successDescription,
      form: key,
    } satisfies FormResult;
  } catch (error) {
    logger.error({ err: error }, "contact submission could not be stored");
    return unavailable(CONTACT_MESSAGES.failure, values, key);
  }
}

export async function newsletterAction(
  { request, context }: Args,
  variant: "simple" | "optIn",
  form?: FormData,
  key = variant === "optIn" ? "newsletter-optin" : "newsletter-simple",
) {
  form ??= await readForm(request);
  if (!form) return invalidRequest(NEWSLETTER_MESSAGES.failure, key);
  const values = formValues(form, NEWSLETTER_FIELDS);
  try {
    const db = await context.get(databaseContext);
    const guard = await guardForm(db, form, {
      name: "newsletter",
      form: key,
      clientAddress: context.get(clientAddressContext),
      failureTitle: NEWSLETTER_MESSAGES.failure,
      values,
    });
    if (guard === "spam")
      return { ok: true, title: NEWSLETTER_MESSAGES.successOptIn, form: key } satisfies FormResult;
    if (guard) return guard;

    const parsed = (variant === "optIn" ? NewsletterOptInSchema : NewsletterSimpleSchema).safeParse(values);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      const noConsent = Boolean(errors.consent) && Object.keys(errors).length === 1;
      return data<FormResult>(
        noConsent
          ? {
              ok: false,
              title: NEWSLETTER_MESSAGES.noConsent,
              description: NEWSLETTER_MESSAGES.noConsentDescription,
              errors,
              values,
              form: key,
            }
          : {
              ok: false,
              title: NEWSLETTER_MESSAGES.failure,
              description: "Bitte prüfe die markierten Felder.",
              errors,
              values,
              form: key,
            },
        { status: 400 },
      );
    }
    const result = await signUp(
      db,
      { email: parsed.data.email, name: parsed.data.name, form: variant },
      { publicUrl: env().PUBLIC_URL, secret: await installationSecret(db) },
    );
    if (result === "duplicate") {
      return data<FormResult>(
        {
          ok: false,
          title: NEWSLETTER_MESSAGES.duplicate,
          description: NEWSLETTER_MESSAGES.duplicateDescription,
          values,
          form: key,
        },
        { status: 409 },
      );
    }
    context.get(mailQueuedContext)();
    return (
      variant === "optIn"
        ? {
            ok: true,
            title: NEWSLETTER_MESSAGES.successOptIn,
            description: NEWSLETTER_MESSAGES.successOptInDescription,
            form: key,
          }
        : {
            ok: true,
            title: NEWSLETTER_MESSAGES.successSimple,
            description: NEWSLETTER_MESSAGES.successSimpleDescription,
            form: key,
          }
    ) satisfies FormResult;
  } catch (error) {
    logger.error({ err: error }, "newsletter sign-up could not be stored");
    return unavailable(NEWSLETTER_MESSAGES.failure, values, key);
  }
}
