import { data } from "react-router";
import { z } from "zod";
import type { Flash } from "~/platform/http/flash.server";
import { redirectWithFlash } from "~/platform/http/flash.server";
import { CHECK_MARKED_FIELDS } from "~/platform/forms/messages";
import type { FieldErrors } from "~/platform/forms/schemas";

/**
 * What every form under /admin/termine answers: done (a redirect with a toast, so a reload does
 * not send it again) or refused (400 with the German reason, the errors beside their fields and
 * what was typed, never a password).
 */
export type AdminOutcome =
  | { ok: true; message: string; type?: Flash["type"] }
  | {
      ok: false;
      status: number;
      intent: string;
      title: string;
      errors: FieldErrors;
      values?: Record<string, string>;
    };

export const refused = (
  intent: string,
  errors: FieldErrors,
  values?: Record<string, string>,
  title: string = CHECK_MARKED_FIELDS,
  status = 400,
): AdminOutcome => ({ ok: false, status, intent, title, errors, ...(values && { values }) });

/** The route's answer to an outcome: back to `url` with a toast, or the refusal as data. */
export function answer(url: string, outcome: AdminOutcome) {
  if (outcome.ok) return redirectWithFlash(url, { type: outcome.type ?? "success", title: outcome.message });
  return data(outcome, { status: outcome.status });
}

/** The form's text fields as strings (a file or a missing field is ""). */
export function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** A whole number from `min` to `max` typed into a text field, or `message` beside it. */
export const whole = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, message)
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message));
