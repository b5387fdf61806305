import { data } from "react-router";
import { FORM_GUARD_MESSAGES } from "~/content/messages";
import type { Db } from "~/db/client.server";
import { hitRateLimit } from "~/db/rate-limits.server";
import { env } from "~/env.server";
import { clientKey, formAge, installationSecret, issueFormToken } from "./security.server";

/** Spam defence of the public forms, without any third-party service (issue #3). */
export const FORM_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const;
const FORM_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type FormResult = {
  ok: boolean;
  title: string;
  description?: string;
  errors?: Partial<Record<string, string>>;
  /** The submitted values, so a failed form keeps what the visitor typed. */
  values?: Record<string, string>;
  /** Which form of the page this answers (pages with two forms, rendered without JavaScript). */
  form?: string;
};

export async function newFormToken(db: Db): Promise<string> {
  return issueFormToken(await installationSecret(db));
}

/** Every submitted field as text (files and unknown fields are ignored by the schemas). */
export function formValues(form: FormData, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value : ""];
    }),
  );
}

/**
 * Runs the honeypot, minimum fill time and per-client rate limit. Returns a response to send
 * instead of processing the form, "spam" for a silent drop, or undefined when the form may go on.
 */
export async function guardForm(
  db: Db,
  form: FormData,
  options: {
    name: "contact" | "newsletter";
    form: string;
    clientAddress: string;
    failureTitle: string;
    values: Record<string, string>;
  },
) {
  const reject = (status: number, description: string, headers?: HeadersInit) =>
    data<FormResult>(
      { ok: false, title: options.failureTitle, description, values: options.values, form: options.form },
      { status, headers },
    );

  if (String(form.get("website") ?? "") !== "") return "spam" as const;

  const secret = await installationSecret(db);
  const age = formAge(secret, form.get("formToken"));
  if (age === undefined || age > FORM_MAX_AGE_MS) return reject(400, FORM_GUARD_MESSAGES.expired);
  if (age < env().FORM_MIN_FILL_MS) return reject(400, FORM_GUARD_MESSAGES.tooFast);

  const limit = await hitRateLimit(
    db,
    `${options.name}:${clientKey(secret, options.clientAddress)}`,
    FORM_RATE_LIMIT.max,
    FORM_RATE_LIMIT.windowMs,
  );
  if (!limit.allowed) {
    return reject(429, FORM_GUARD_MESSAGES.rateLimited(Math.ceil(limit.retryAfterSeconds / 60)), {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }
  return undefined;
}
