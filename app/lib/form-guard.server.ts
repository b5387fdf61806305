import { data, type RouterContextProvider } from "react-router";
import { FORM_GUARD_MESSAGES } from "~/content/messages";
import type { Db } from "~/db/engines.server";
import { hitRateLimit } from "~/db/rate-limits.server";
import { env } from "~/env.server";
import { logger } from "./logger.server";
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

/** What a public form's action needs of React Router's action arguments. */
export type FormActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** The request's form, or undefined when its body is not one. */
export async function readForm(request: Request): Promise<FormData | undefined> {
  try {
    return await request.formData();
  } catch {
    return undefined; // not a form body
  }
}

/** The answer to a POST without a readable form: as for an expired page. */
export const invalidRequest = (title: string, form: string) =>
  data<FormResult>({ ok: false, title, description: FORM_GUARD_MESSAGES.expired, form }, { status: 400 });

/** The answer when the database could not store a form: 503, the visitor's values kept. */
export const unavailable = (title: string, values: Record<string, string>, form: string) =>
  data<FormResult>(
    { ok: false, title, description: FORM_GUARD_MESSAGES.unavailable, values, form },
    { status: 503 },
  );

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

type GuardOptions = {
  name: "contact" | "newsletter";
  form: string;
  clientAddress: string;
  failureTitle: string;
  values: Record<string, string>;
};

function reject(options: GuardOptions, status: number, description: string, headers?: HeadersInit) {
  return data<FormResult>(
    { ok: false, title: options.failureTitle, description, values: options.values, form: options.form },
    { status, headers },
  );
}

/**
 * Runs the honeypot and the minimum fill time. Returns a response to send instead of processing
 * the form, "spam" for a silent drop, or undefined when the form may go on.
 */
export async function checkForm(db: Db, form: FormData, options: GuardOptions) {
  if (String(form.get("website") ?? "") !== "") return "spam" as const;

  const age = formAge(await installationSecret(db), form.get("formToken"));
  if (age === undefined || age > FORM_MAX_AGE_MS) return reject(options, 400, FORM_GUARD_MESSAGES.expired);
  if (age < env().FORM_MIN_FILL_MS) return reject(options, 400, FORM_GUARD_MESSAGES.tooFast);
  return undefined;
}

/** The key of a client's counter for one kind of form (the address itself is not stored). */
export async function formRateLimitKey(db: Db, options: GuardOptions): Promise<string> {
  return `${options.name}:${clientKey(await installationSecret(db), options.clientAddress)}`;
}

export function rateLimited(options: GuardOptions, retryAfterSeconds: number) {
  return reject(options, 429, FORM_GUARD_MESSAGES.rateLimited(Math.ceil(retryAfterSeconds / 60)), {
    "Retry-After": String(retryAfterSeconds),
  });
}

/**
 * The cap of all public forms together (FORM_MAX_PER_HOUR), whoever sends them: counted after a
 * client's own limit, so one client's refused flood does not use it up.
 */
export const ALL_FORMS_CAP = { key: "forms:all-clients", windowMs: 60 * 60 * 1000 } as const;
let lastCapWarning = 0;
/**
 * Until when the cap is known to be reached (ms since the epoch), per database. A count only
 * grows within its window, so once the database refused a form for the cap, every form is
 * refused until the window ends, on every instance: the refusals after the first need no
 * database work (issue 18).
 */
const capReachedUntil = new WeakMap<Db, number>();

/**
 * Notes that the cap of all forms refused a submission, its window ending in `retryAfterSeconds`,
 * and logs it (at most once a minute).
 */
export function formCapReached(db: Db, retryAfterSeconds: number): void {
  const until = Date.now() + retryAfterSeconds * 1000;
  capReachedUntil.set(db, Math.max(capReachedUntil.get(db) ?? 0, until));
  if (Date.now() - lastCapWarning < 60_000) return;
  lastCapWarning = Date.now();
  logger.warn(
    { cap: env().FORM_MAX_PER_HOUR, retryAfterSeconds },
    "public forms reached FORM_MAX_PER_HOUR; further submissions are refused until the hour ends",
  );
}

/** Seconds until the cap of all forms takes submissions again, or undefined when it does now. */
export function formCapRetryAfter(db: Db, now = Date.now()): number | undefined {
  const until = capReachedUntil.get(db) ?? 0;
  return until > now ? Math.ceil((until - now) / 1000) : undefined;
}

/**
 * `checkForm`, one hit on the client's rate limit (FORM_RATE_LIMIT), then the cap of all forms;
 * while the cap is known to be reached, a refusal without either.
 */
export async function guardForm(db: Db, form: FormData, options: GuardOptions) {
  const checked = await checkForm(db, form, options);
  if (checked) return checked;
  const capped = formCapRetryAfter(db);
  if (capped !== undefined) return rateLimited(options, capped);
  const limit = await hitRateLimit(
    db,
    await formRateLimitKey(db, options),
    FORM_RATE_LIMIT.max,
    FORM_RATE_LIMIT.windowMs,
  );
  if (!limit.allowed) return rateLimited(options, limit.retryAfterSeconds);
  const all = await hitRateLimit(db, ALL_FORMS_CAP.key, env().FORM_MAX_PER_HOUR, ALL_FORMS_CAP.windowMs);
  if (all.allowed) return undefined;
  formCapReached(db, all.retryAfterSeconds);
  return rateLimited(options, all.retryAfterSeconds);
}
