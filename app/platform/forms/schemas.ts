/**
 * The pieces of the public forms' schemas (contact/schema.ts, newsletter/schemas.ts), used by the
 * server actions (the authority) and by the browser before submitting.
 *
 * Written with zod's functional `zod/mini` API: the browser loads only the checks used here
 * (the contact page's JavaScript lost 18 kB against zod's classic API). The admin's schemas,
 * which no public page loads, keep the classic API.
 */
import * as z from "zod/mini";
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

/** A required text field; its messages are whole sentences, so a search for one finds it. */
export const requiredText = (
  max: number,
  messages: { missing: string; tooLong: string },
  { multiLine = false } = {},
) =>
  z
    .string({ error: messages.missing })
    .check(
      z.trim(),
      z.minLength(1, messages.missing),
      z.maxLength(max, messages.tooLong),
      z.regex(
        multiLine ? PLAIN_TEXT : SINGLE_LINE,
        multiLine ? CONTROL_CHARACTERS_MESSAGE : SINGLE_LINE_MESSAGE,
      ),
    );

/** The visitor's e-mail address, in every public form. */
export const emailField = z.pipe(
  z
    .string({ error: "Bitte gib deine E-Mail-Adresse ein." })
    .check(
      z.trim(),
      z.minLength(1, "Bitte gib deine E-Mail-Adresse ein."),
      z.maxLength(LIMITS.email, "Die E-Mail-Adresse darf höchstens 254 Zeichen lang sein."),
    ),
  z.email("Bitte gib eine gültige E-Mail-Adresse ein."),
);

/** An optional single-line name; empty becomes null. */
export const optionalName = z.pipe(
  z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(LIMITS.name, "Der Name darf höchstens 100 Zeichen lang sein."),
        z.regex(SINGLE_LINE, SINGLE_LINE_MESSAGE),
      ),
  ),
  z.transform((value: string | undefined) => value || null),
);

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
