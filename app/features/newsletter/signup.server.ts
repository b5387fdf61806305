import { data } from "react-router";
import { CHECK_MARKED_FIELDS } from "~/platform/forms/messages";
import { NEWSLETTER_MESSAGES } from "~/features/newsletter/messages";
import { signUp } from "~/features/newsletter/subscribers.server";
import { env } from "~/platform/env.server";
import { fieldErrors } from "~/platform/forms/schemas";
import { NEWSLETTER_OPT_IN_FORM, NEWSLETTER_SIMPLE_FORM } from "./forms";
import { NewsletterOptInSchema, NewsletterSimpleSchema } from "~/features/newsletter/schemas";
import {
  acceptForm,
  formValues,
  guardForm,
  invalidRequest,
  newFormToken,
  readForm,
  unavailable,
  type FormActionArgs,
  type FormResult,
} from "~/platform/forms/guard.server";
import { logger } from "~/platform/logger.server";
import { clientAddressContext, databaseContext, mailQueuedContext } from "~/platform/http/request-context";
import { installationSecret } from "~/platform/db/installation-secret.server";

/**
 * The newsletter sign-up of the home page (simple) and the contact page (double opt-in). Order of
 * work: spam defence and the client's limit, validation, the form token used up and the cap of
 * all forms, then the database write (with its mail queued in the same transaction), and only
 * then the success answer.
 */

const NEWSLETTER_FIELDS = ["email", "name", "consent"] as const;

export async function newsletterAction(
  { request, context }: FormActionArgs,
  variant: "simple" | "optIn",
  form?: FormData,
  key = variant === "optIn" ? NEWSLETTER_OPT_IN_FORM.form : NEWSLETTER_SIMPLE_FORM.form,
) {
  form ??= await readForm(request);
  if (!form) return invalidRequest(NEWSLETTER_MESSAGES.failure, key);
  const values = formValues(form, NEWSLETTER_FIELDS);
  try {
    const db = await context.get(databaseContext);
    const options = {
      name: "newsletter",
      form: key,
      clientAddress: context.get(clientAddressContext),
      failureTitle: NEWSLETTER_MESSAGES.failure,
      values,
    } as const;
    const guard = await guardForm(db, form, options);
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
              description: CHECK_MARKED_FIELDS,
              errors,
              values,
              form: key,
            },
        { status: 400 },
      );
    }
    const accepted = await acceptForm(db, form, options);
    if ("refusal" in accepted) return accepted.refusal;
    const result = await signUp(
      db,
      { email: parsed.data.email, name: parsed.data.name, form: variant },
      { publicUrl: env().PUBLIC_URL, secret: await installationSecret(db) },
    ).catch(async (error: unknown) => {
      await accepted.release().catch(() => undefined);
      throw error;
    });
    // The token is used up: the answer brings the next one.
    const formToken = await newFormToken(db);
    if (result === "duplicate") {
      return data<FormResult>(
        {
          ok: false,
          title: NEWSLETTER_MESSAGES.duplicate,
          description: NEWSLETTER_MESSAGES.duplicateDescription,
          values,
          form: key,
          formToken,
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
            formToken,
          }
        : {
            ok: true,
            title: NEWSLETTER_MESSAGES.successSimple,
            description: NEWSLETTER_MESSAGES.successSimpleDescription,
            form: key,
            formToken,
          }
    ) satisfies FormResult;
  } catch (error) {
    logger.error({ err: error }, "newsletter sign-up could not be stored");
    return unavailable(NEWSLETTER_MESSAGES.failure, values, key);
  }
}
