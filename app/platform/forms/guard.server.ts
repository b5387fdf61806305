import { data, type RouterContextProvider } from "react-router";
import { FORM_GUARD_MESSAGES } from "~/platform/forms/messages";
import type { Db } from "~/platform/db/engines.server";
import { recordFormCapRefusals } from "~/platform/forms/form-cap.server";
import { clearRateLimit, hitRateLimit } from "~/platform/db/rate-limits.server";
import { env } from "~/platform/env.server";
import { logger } from "../logger.server";
import {
  clientKey,
  formAge,
  installationSecret,
  issueFormToken,
  sha256Hex,
} from "../db/installation-secret.server";

/** Spam defence of the public forms, without any third-party service. */
export const FORM_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const;
/** How long a form token is good for; a used one is remembered as long (in `rate_limits`). */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type FormResult = {
  ok: boolean;
  title: string;
  description?: string;
  errors?: Partial<Record<string, string>>;
  /** The submitted values, so a failed form keeps what the visitor typed. */
  values?: Record<string, string>;
  /** Which form of the page this answers (pages with two forms, rendered without JavaScript). */
  form?: string;
  /**
   * The token for the form's next submission, when the one sent is used up (a success) or no
   * longer good (expired, used before): the form takes it, so a second message needs no reload.
   */
  formToken?: string;
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
  name: "contact" | "newsletter" | "booking";
  form: string;
  clientAddress: string;
  failureTitle: string;
  values: Record<string, string>;
};

function reject(
  options: GuardOptions,
  status: number,
  description: string,
  extra: { headers?: HeadersInit; formToken?: string } = {},
) {
  return data<FormResult>(
    {
      ok: false,
      title: options.failureTitle,
      description,
      values: options.values,
      form: options.form,
      ...(extra.formToken ? { formToken: extra.formToken } : {}),
    },
    { status, headers: extra.headers },
  );
}

/** The answer to a form whose token is too old or was used before, with a fresh one. */
export const expired = (options: GuardOptions, formToken: string) =>
  reject(options, 400, FORM_GUARD_MESSAGES.expired, { formToken });

/**
 * Runs the honeypot and the minimum fill time. Returns a response to send instead of processing
 * the form, "spam" for a silent drop, or undefined when the form may go on.
 */
export async function checkForm(db: Db, form: FormData, options: GuardOptions) {
  if (String(form.get("website") ?? "") !== "") return "spam" as const;

  const age = formAge(await installationSecret(db), form.get("formToken"));
  if (age === undefined) return reject(options, 400, FORM_GUARD_MESSAGES.expired);
  if (age > FORM_TOKEN_MAX_AGE_MS) return expired(options, await newFormToken(db));
  if (age < env().FORM_MIN_FILL_MS) return reject(options, 400, FORM_GUARD_MESSAGES.tooFast);
  return undefined;
}

/**
 * How the public forms group IPv6 clients: by /48, the usual size of one customer's network;
 * with /64, a flood from one network could send from 65,536 "clients".
 */
export const PUBLIC_FORM_NETWORK_PREFIX = 48;

/** The key of a client's counter for one kind of form (the address itself is not stored). */
export async function formRateLimitKey(db: Db, options: GuardOptions): Promise<string> {
  const secret = await installationSecret(db);
  return `${options.name}:${clientKey(secret, options.clientAddress, PUBLIC_FORM_NETWORK_PREFIX)}`;
}

/**
 * The key under which a form token counts as used by this client for this kind of form (in
 * `rate_limits`, limit one, pruned with them after FORM_TOKEN_MAX_AGE_MS). By client, because
 * one token is shared: a cached page gives every visitor the same for 250 ms, a CDN in front
 * for minutes (docs/decisions/0008-page-cache.md).
 */
export function formTokenKey(rateLimitKey: string, form: FormData): string {
  return `form-token:${sha256Hex(`${rateLimitKey}|${String(form.get("formToken"))}`).slice(0, 32)}`;
}

export function rateLimited(options: GuardOptions, retryAfterSeconds: number) {
  return reject(options, 429, FORM_GUARD_MESSAGES.rateLimited(Math.ceil(retryAfterSeconds / 60)), {
    headers: { "Retry-After": String(retryAfterSeconds) },
  });
}

/**
 * The cap of all public forms (FORM_MAX_PER_HOUR), whoever sends them: counted for the
 * submissions that would be stored (valid, within their client's limit, their token unused), so
 * neither one client's refused flood nor invalid ones use it up.
 */
export const ALL_FORMS_CAP = { key: "forms:all-clients", windowMs: 60 * 60 * 1000 } as const;
let lastCapWarning = 0;
/**
 * Until when the cap is known to be reached (ms since the epoch), per database. A count only
 * grows within its window, so once the database refused a form for the cap, every form is
 * refused until the window ends, on every instance: the refusals after the first need no
 * database work.
 */
const capReachedUntil = new WeakMap<Db, number>();

/**
 * Notes that the cap of all forms refused a submission, its window ending in `retryAfterSeconds`,
 * and logs it (at most once a minute).
 */
export function formCapReached(db: Db, retryAfterSeconds: number): void {
  const until = Date.now() + retryAfterSeconds * 1000;
  capReachedUntil.set(db, Math.max(capReachedUntil.get(db) ?? 0, until));
  countCapRefusal(db, until);
  if (Date.now() - lastCapWarning < 60_000) return;
  lastCapWarning = Date.now();
  logger.warn(
    { cap: env().FORM_MAX_PER_HOUR, retryAfterSeconds },
    "public forms reached FORM_MAX_PER_HOUR; further submissions are refused until the hour ends",
  );
}

/**
 * Seconds until the cap of all forms takes submissions again, or undefined when it does now.
 * Every caller refuses the submission when it gets a number: the refusal is counted here, for
 * the owner's admin.
 */
export function formCapRetryAfter(db: Db, now = Date.now()): number | undefined {
  const until = capReachedUntil.get(db) ?? 0;
  if (until <= now) return undefined;
  countCapRefusal(db, until);
  return Math.ceil((until - now) / 1000);
}

/**
 * The refusals of the cap not yet in the database, per database. They are added to its record
 * (app/platform/forms/form-cap.server.ts) once a second at most: the refusals themselves stay without
 * database work.
 */
const RECORD_REFUSALS_MS = 1000;
const pendingRefusals = new WeakMap<Db, { count: number; windowEndsAt: number }>();

function countCapRefusal(db: Db, windowEndsAt: number): void {
  const pending = pendingRefusals.get(db);
  if (pending) {
    pending.count++;
    pending.windowEndsAt = Math.max(pending.windowEndsAt, windowEndsAt);
    return;
  }
  pendingRefusals.set(db, { count: 1, windowEndsAt });
  setTimeout(() => void recordCapRefusals(db), RECORD_REFUSALS_MS).unref();
}

async function recordCapRefusals(db: Db): Promise<void> {
  const pending = pendingRefusals.get(db);
  pendingRefusals.delete(db);
  if (!pending) return;
  await recordFormCapRefusals(db, {
    refused: pending.count,
    windowEndsAt: new Date(pending.windowEndsAt),
    cap: env().FORM_MAX_PER_HOUR,
  }).catch((error: unknown) =>
    logger.warn({ err: error }, "the refusals of FORM_MAX_PER_HOUR could not be recorded for the admin"),
  );
}

/**
 * Before validation: `checkForm`, then, while the cap is known to be reached, a refusal without
 * database work, else one hit on the client's rate limit (FORM_RATE_LIMIT), which counts
 * invalid submissions too.
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
  return undefined;
}

/**
 * After validation, before storing: uses up the form's token (a second use by this client is
 * refused as expired, also one sent at the same time: the count is one statement), then counts
 * the submission against the cap of all forms, giving the token back if the cap refuses it.
 * Resolves to the refusal to send, or to `release`, which gives the token back if storing fails.
 */
export async function acceptForm(
  db: Db,
  form: FormData,
  options: GuardOptions,
): Promise<{ refusal: ReturnType<typeof reject> } | { release: () => Promise<void> }> {
  const key = formTokenKey(await formRateLimitKey(db, options), form);
  const claim = await hitRateLimit(db, key, 1, FORM_TOKEN_MAX_AGE_MS);
  if (!claim.allowed) return { refusal: expired(options, await newFormToken(db)) };
  const release = () => clearRateLimit(db, key);
  const all = await hitRateLimit(db, ALL_FORMS_CAP.key, env().FORM_MAX_PER_HOUR, ALL_FORMS_CAP.windowMs);
  if (all.allowed) return { release };
  formCapReached(db, all.retryAfterSeconds);
  await release();
  return { refusal: rateLimited(options, all.retryAfterSeconds) };
}
