import { data } from "react-router";
import { NEWSLETTER_MESSAGES } from "~/content/messages";
import { signUp } from "~/db/newsletter.server";
import { env } from "~/env.server";
import { fieldErrors, NewsletterOptInSchema, NewsletterSimpleSchema } from "./forms";
import {
  formValues,
  guardForm,
  invalidRequest,
  readForm,
  unavailable,
  type FormActionArgs,
  type FormResult,
} from "./form-guard.server";
import { logger } from "./logger.server";
import { clientAddressContext, databaseContext, mailQueuedContext } from "./request-context";
import { installationSecret } from "./security.server";

/**
 * The newsletter sign-up of the home page (simple) and the contact page (double opt-in). Order of
 * work: spam defence, validation, then the database write (with its mail queued in the same
 * transaction), and only then the success answer.
 */

const NEWSLETTER_FIELDS = ["email", "name", "consent"] as const;

export async function newsletterAction(
  { request, context }: FormActionArgs,
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
