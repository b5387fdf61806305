import * as z from "zod/mini";
import { emailField, optionalName } from "~/platform/forms/schemas";
import { NEWSLETTER_MESSAGES } from "./messages";

/** Home block: e-mail and optional name; submitting it is the consent (the form says so). */
export const NewsletterSimpleSchema = z.object({ email: emailField, name: optionalName });

/** Double opt-in card: optional name, e-mail and the required consent checkbox. */
export const NewsletterOptInSchema = z.object({
  email: emailField,
  name: optionalName,
  consent: z.literal("on", { error: NEWSLETTER_MESSAGES.noConsent }),
});
