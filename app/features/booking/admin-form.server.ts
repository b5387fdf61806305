import { data } from "react-router";
import type { Flash } from "~/platform/http/flash.server";
import { redirectWithFlash } from "~/platform/http/flash.server";
import type { FieldErrors } from "~/platform/forms/schemas";
import { BOOKING_ADMIN_MESSAGES as M } from "./admin-messages";

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
  title: string = M.checkFields,
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

export function textsOf(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, textOf(form, name)]));
}
