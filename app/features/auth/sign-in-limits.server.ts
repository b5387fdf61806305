import { randomBytes } from "node:crypto";
import {
  clearFailedSignIns,
  countFailedSignIn,
  findAdminByEmail,
  findAdminById,
  setAdminPassword,
  type AdminUser,
} from "~/features/auth/admin-users.server";
import type { Db } from "~/platform/db/engines.server";
import {
  clearRateLimit,
  clearRateLimitsStartingWith,
  hitRateLimit,
  hitRateLimits,
  latestPause,
  peekRateLimit,
  startPause,
  takeBackRateLimitHit,
} from "~/platform/db/rate-limits.server";
import {
  countChallengeAttempt,
  deleteChallenge,
  findChallenge,
  storeChallenge,
} from "~/features/auth/sign-in-factors.server";
import { env } from "~/platform/env.server";
import { enqueueMail } from "~/platform/mail/outbox.server";
import { wrongCodesMail } from "~/features/auth/sign-in-mails.server";
import { formatDateTime } from "~/platform/format";
import { hashPassword, verifyPassword } from "./password-hash.server";
import { clientKey, installationSecret, sha256Hex } from "~/platform/db/installation-secret.server";
import { readTokenCookie, signInStepCookie, signInStepCookieName, userAgentOf } from "./session.server";
import { verifySecondFactor } from "./totp.server";
import { describeUserAgent } from "./user-agent";

/**
 * Sign-in throttling. Hard limits apply per client and per pair of account
 * and client: an attacker is refused, but cannot lock the owner out from elsewhere. For the
 * account as a whole, failures only slow sign-ins down (ACCOUNT_SLOWDOWN), so the right password
 * from a client that has not failed always gets in.
 */
export const LOGIN_LIMIT = { failures: 5, windowMs: 15 * 60 * 1000 } as const;
/** After `freeFailures` failures on one account in the window, each attempt waits stepMs × 2ⁿ, at most maxMs. */
export const ACCOUNT_SLOWDOWN = { freeFailures: 5, stepMs: 250, maxMs: 8_000 } as const;

export const AUTH_MESSAGES = {
  invalid: "Invalid login credentials",
  invalidCode: "Der Code ist ungültig oder wurde schon verwendet.",
  secondStepExpired: "Die Anmeldung ist abgelaufen. Bitte melde dich erneut mit E-Mail und Passwort an.",
  secondFactorOnly:
    "Für dieses Konto ist die Anmeldung nur mit Passkey oder zweitem Faktor möglich. Ein vergessenes Passwort setzt du unter „Passwort vergessen?“ zurück (mit einem Code); wer keinen Zugang mehr hat, setzt es auf dem Server mit npm run admin -- reset-password zurück.",
  passkeyFailed: "Die Anmeldung mit dem Passkey ist fehlgeschlagen. Bitte versuche es erneut.",
  // A paused code step can last hours: from two hours on, it says hours.
  throttled: (minutes: number) =>
    minutes >= 120
      ? `Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es in ${Math.ceil(minutes / 60)} Stunden erneut.`
      : `Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es in ${minutes} ${minutes === 1 ? "Minute" : "Minuten"} erneut.`,
} as const;

export type LoginResult =
  | { ok: true; admin: AdminUser }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

// Verifying against this keeps the timing of unknown e-mails like that of known ones.
let dummyHash: Promise<string> | undefined;

export const accountHash = (email: string) => sha256Hex(email.trim().toLowerCase()).slice(0, 32);
const accountKey = (hash: string) => `login-account:${hash}`;
const pairPrefix = (hash: string) => `login-pair:${hash}:`;

/** How long an attempt on an account with `failures` recent failures waits before it is checked. */
export function accountDelayMs(failures: number): number {
  const over = failures - ACCOUNT_SLOWDOWN.freeFailures;
  return over < 0 ? 0 : Math.min(ACCOUNT_SLOWDOWN.maxMs, ACCOUNT_SLOWDOWN.stepMs * 2 ** over);
}

/**
 * Counts one attempt on each of `keys` (LOGIN_LIMIT) in one statement, before anything is
 * checked; the refusal when any of them is over its limit.
 */
export async function countAttempt(db: Db, keys: string[]) {
  const counted = await hitRateLimits(db, keys, LOGIN_LIMIT.failures, LOGIN_LIMIT.windowMs);
  const refused = counted.filter((limit) => !limit.allowed);
  if (refused.length === 0) return undefined;
  return {
    ok: false as const,
    reason: "throttled" as const,
    retryAfterSeconds: Math.max(...refused.map((limit) => limit.retryAfterSeconds)),
  };
}

/**
 * Checks a sign-in. The attempt is counted first, in one statement that returns the new counts
 * (per client and per account and client), and refused when over the limit before the password
 * hash is computed: parallel guesses cannot all pass a check made before any of them is counted.
 * A successful sign-in takes its attempt back.
 */
export async function signIn(
  db: Db,
  email: string,
  password: string,
  clientAddress: string,
  { wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) } = {},
): Promise<LoginResult> {
  const secret = await installationSecret(db);
  const client = clientKey(secret, clientAddress);
  const account = accountHash(email);
  const clientLimitKey = `login-client:${client}`;
  const pairLimitKey = `${pairPrefix(account)}${client}`;

  const throttled = await countAttempt(db, [clientLimitKey, pairLimitKey]);
  if (throttled) return throttled;

  const failures = await peekRateLimit(db, accountKey(account), LOGIN_LIMIT.windowMs);
  const delay = accountDelayMs(failures.count);
  if (delay > 0) await wait(delay);

  const admin = await findAdminByEmail(db, email);
  dummyHash ??= hashPassword("timing-equaliser-not-a-real-password");
  const valid = await verifyPassword(admin?.password_hash ?? (await dummyHash), password);
  if (admin && valid) {
    await clearFailedSignIns(db, admin.id);
    await clearRateLimit(db, clientLimitKey);
    await clearRateLimit(db, pairLimitKey);
    await clearRateLimit(db, accountKey(account));
    return { ok: true, admin };
  }

  await hitRateLimit(db, accountKey(account), Number.MAX_SAFE_INTEGER, LOGIN_LIMIT.windowMs);
  if (admin) await countFailedSignIn(db, admin.id);
  return { ok: false, reason: "invalid" };
}

/** Ends every sign-in limit on an account (`npm run admin -- reset-password`), the code pause too. */
export async function clearAccountLimits(db: Db, email: string, adminId?: string): Promise<void> {
  const account = accountHash(email);
  await clearRateLimit(db, accountKey(account));
  await clearRateLimitsStartingWith(db, pairPrefix(account));
  if (adminId) {
    await clearRateLimit(db, codePauseKey(adminId));
    await clearRateLimitsStartingWith(db, codeFailurePrefix(adminId));
  }
}

/**
 * Sets a new password and ends every sign-in limit on the account (also used by
 * `npm run admin -- reset-password`, so an owner kept out by a flood of guesses gets back in).
 */
export async function setPassword(db: Db, adminId: string, password: string): Promise<void> {
  const email = await setAdminPassword(db, adminId, password);
  if (email !== undefined) await clearAccountLimits(db, email, adminId);
}

// ── Codes per account: TOTP and recovery codes, wherever they are typed ─────────────────────

/**
 * Wrong codes per account. The per-client limits do not stop someone who knows the
 * password and guesses from many networks (each IPv6 /64 is a client). After `failures` wrong
 * codes in `windowMs`, the account takes no code for a pause that doubles with each pause that
 * follows within `forgetAfterMs` (15 min, 30 min, 1 h, … at most `maxPauseMs`); the owner is
 * mailed once per pause. Passkeys are not paused, and a pause that ended lets the right code in.
 */
export const CODE_ACCOUNT_LIMIT = {
  failures: 10,
  windowMs: 15 * 60 * 1000,
  firstPauseMs: 15 * 60 * 1000,
  maxPauseMs: 12 * 60 * 60 * 1000,
  /** As long as pruneRateLimits keeps a pause's row (a day after it began). */
  forgetAfterMs: 24 * 60 * 60 * 1000,
} as const;

const codePauseKey = (adminId: string) => `code-pause:${adminId}`;
const codeFailurePrefix = (adminId: string) => `code-account:${adminId}:`;

/** How long the `pauses`-th pause in a row lasts. */
export function codePauseMs(pauses: number): number {
  return Math.min(CODE_ACCOUNT_LIMIT.maxPauseMs, CODE_ACCOUNT_LIMIT.firstPauseMs * 2 ** (pauses - 1));
}

export type CodeResult =
  | { ok: true; used: "totp" | "recovery" }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

const pausedFor = (ms: number): CodeResult => ({
  ok: false,
  reason: "throttled",
  retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)),
});

/**
 * Checks a TOTP or recovery code of `admin` under the account's limit. Each attempt is counted
 * before the code is checked, in one statement (at most `failures` checks however many arrive
 * at once), and a right code takes its count back. The counter belongs to the current pause
 * (its start is part of the key), so a new pause starts a fresh count without deleting one that
 * parallel attempts are still counting on.
 */
export async function checkCodeForAccount(
  db: Db,
  admin: AdminUser,
  code: string,
  notice: { where: "sign-in" | "session"; request: Request },
): Promise<CodeResult> {
  const pause = await latestPause(db, codePauseKey(admin.id));
  const pauseEnds = pause ? pause.startedAt.getTime() + codePauseMs(pause.pauses) : 0;
  if (pauseEnds > Date.now()) return pausedFor(pauseEnds - Date.now());

  const key = `${codeFailurePrefix(admin.id)}${pause?.startedAt.getTime() ?? 0}`;
  const [hit] = await hitRateLimits(db, [key], CODE_ACCOUNT_LIMIT.failures, CODE_ACCOUNT_LIMIT.windowMs);
  if (!hit!.allowed) {
    // Exactly one attempt is the first past the limit: it starts the pause and mails the owner.
    if (hit!.count === CODE_ACCOUNT_LIMIT.failures + 1) {
      const started = await db.transaction(async (tx) => {
        const next = await startPause(tx, codePauseKey(admin.id), CODE_ACCOUNT_LIMIT.forgetAfterMs);
        const until = new Date(next.startedAt.getTime() + codePauseMs(next.pauses));
        await enqueueMail(
          tx,
          wrongCodesMail({
            to: admin.email,
            where: notice.where,
            failures: CODE_ACCOUNT_LIMIT.failures,
            at: formatDateTime(new Date()),
            device: describeUserAgent(userAgentOf(notice.request)),
            pausedUntil: formatDateTime(until),
            publicUrl: env().PUBLIC_URL,
          }),
        );
        return until;
      });
      return pausedFor(started.getTime() - Date.now());
    }
    const current = await latestPause(db, codePauseKey(admin.id));
    const ends = current ? current.startedAt.getTime() + codePauseMs(current.pauses) : 0;
    return pausedFor(ends > Date.now() ? ends - Date.now() : hit!.retryAfterSeconds * 1000);
  }
  const used = await verifySecondFactor(db, admin, code);
  if (!used) return { ok: false, reason: "invalid" };
  await takeBackRateLimitHit(db, key);
  return { ok: true, used };
}

// ── The second step: after a correct password, a TOTP or recovery code ─────────────────────

/** How long the code may take after the password, and how many codes one sign-in may try. */
const SECOND_STEP = { ttlMs: 5 * 60 * 1000, attempts: 5 } as const;

/** Starts the second step for an admin whose password was right; returns the cookie to set. */
export async function startSecondStep(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await storeChallenge(db, {
    id: sha256Hex(token),
    purpose: "second-factor",
    userId,
    ttlMs: SECOND_STEP.ttlMs,
  });
  return signInStepCookie(token, SECOND_STEP.ttlMs / 1000);
}

export const clearSecondStepCookie = () => signInStepCookie("", 0);

/** The pending second step of this request's browser, if any. */
export async function pendingSecondStep(db: Db, request: Request) {
  const token = readTokenCookie(request, signInStepCookieName());
  if (!token) return undefined;
  const row = await findChallenge(db, sha256Hex(token), "second-factor");
  return row?.user_id ? { id: row.id, userId: row.user_id } : undefined;
}

export type SecondStepResult =
  | { ok: true; admin: AdminUser; used: "totp" | "recovery" }
  | { ok: false; reason: "expired" | "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * Checks the code of a pending second step. Attempts are counted first, per client and per
 * account and client as for passwords, per pending step (five, then the password again), and
 * per account (checkCodeForAccount).
 */
export async function completeSecondStep(
  db: Db,
  request: Request,
  code: string,
  clientAddress: string,
): Promise<SecondStepResult> {
  const pending = await pendingSecondStep(db, request);
  if (!pending) return { ok: false, reason: "expired" };
  const client = clientKey(await installationSecret(db), clientAddress);
  const throttled = await countAttempt(db, [
    `second-step-client:${client}`,
    `second-step-pair:${pending.userId}:${client}`,
  ]);
  if (throttled) return throttled;
  if (!(await countChallengeAttempt(db, pending.id, SECOND_STEP.attempts)))
    return { ok: false, reason: "expired" };
  const admin = await findAdminById(db, pending.userId);
  if (!admin) return { ok: false, reason: "invalid" };
  const checked = await checkCodeForAccount(db, admin, code, { where: "sign-in", request });
  if (!checked.ok) return checked;
  await deleteChallenge(db, pending.id);
  await clearRateLimit(db, `second-step-client:${client}`);
  await clearRateLimit(db, `second-step-pair:${pending.userId}:${client}`);
  return { ok: true, admin, used: checked.used };
}
