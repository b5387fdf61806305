/**
 * Input schemas of the public forms, used by the server actions (the authority) and by the
 * browser before submitting. Limits keep every field well inside the 10 KB request limit.
 *
 * Written with zod's functional `zod/mini` API: the browser loads only the checks used here
 * (the contact page's JavaScript lost 18 kB against zod's classic API, issue 18). The admin's
 * schemas, which no public page loads, keep the classic API.
 */
import * as z from "zod/mini";
import { NEWSLETTER_MESSAGES } from "~/features/newsletter/messages";
import { LIMITS } from "./limits";

export { LIMITS };

// The content security policy forbids eval; without this, zod probes for it with
// `new Function` in the browser, which Chrome reports as a CSP violation.
z.config({ jitless: true });

/**
 * Text people type holds no control characters but tab and line breaks; PostgreSQL cannot
 * store NUL at all, so without this rule such a request failed as "service unavailable".
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const PLAIN_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
export const CONTROL_CHARACTERS_MESSAGE = "Bitte verwende keine Steuerzeichen.";

/** Single-line fields (names, subjects, titles): no control characters, line breaks included. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
export const SINGLE_LINE_MESSAGE = "Bitte keine Steuerzeichen oder Zeilenumbrüche verwenden.";

const text = (label: string, max: number, { multiLine = false } = {}) =>
  z
    .string({ error: `Bitte gib ${label} ein.` })
    .check(
      z.trim(),
      z.minLength(1, `Bitte gib ${label} ein.`),
      z.maxLength(
        max,
        `${label[0]!.toUpperCase()}${label.slice(1)} darf höchstens ${max} Zeichen lang sein.`,
      ),
      z.regex(
        multiLine ? PLAIN_TEXT : SINGLE_LINE,
        multiLine ? CONTROL_CHARACTERS_MESSAGE : SINGLE_LINE_MESSAGE,
      ),
    );

const email = z.pipe(
  z
    .string({ error: "Bitte gib deine E-Mail-Adresse ein." })
    .check(
      z.trim(),
      z.minLength(1, "Bitte gib deine E-Mail-Adresse ein."),
      z.maxLength(LIMITS.email, `Die E-Mail-Adresse darf höchstens ${LIMITS.email} Zeichen lang sein.`),
    ),
  z.email("Bitte gib eine gültige E-Mail-Adresse ein."),
);

export const ContactSchema = z.object({
  name: text("deinen Namen", LIMITS.name),
  email,
  subject: text("einen Betreff", LIMITS.subject),
  message: text("eine Nachricht", LIMITS.message, { multiLine: true }),
});
export type ContactInput = z.infer<typeof ContactSchema>;

const optionalName = z.pipe(
  z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(LIMITS.name, `Der Name darf höchstens ${LIMITS.name} Zeichen lang sein.`),
        z.regex(SINGLE_LINE, SINGLE_LINE_MESSAGE),
      ),
  ),
  z.transform((value: string | undefined) => value || null),
);

/** Home block: e-mail and optional name; submitting it is the consent (the form says so). */
export const NewsletterSimpleSchema = z.object({ email, name: optionalName });

/** Double opt-in card: optional name, e-mail and the required consent checkbox. */
export const NewsletterOptInSchema = z.object({
  email,
  name: optionalName,
  consent: z.literal("on", { error: NEWSLETTER_MESSAGES.noConsent }),
});

export type FieldErrors = Partial<Record<string, string>>;

/** First message per field, for display next to the inputs. */
export function fieldErrors(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}
