import { eq, sql } from "drizzle-orm";
import { findAdminByEmail, type AdminUser } from "~/db/admin-users.server";
import type { Db } from "~/db/client.server";
import {
  clearRateLimit,
  clearRateLimitsStartingWith,
  hitRateLimit,
  hitRateLimits,
  peekRateLimit,
} from "~/db/rate-limits.server";
import { adminUsers } from "~/db/schema";
import { hashPassword, verifyPassword } from "./password.server";
import { clientKey, installationSecret, sha256Hex } from "./security.server";

/**
 * Sign-in throttling (issues #4 and #16). Hard limits apply per client and per pair of account
 * and client: an attacker is refused, but cannot lock the owner out from elsewhere. For the
 * account as a whole, failures only slow sign-ins down (ACCOUNT_SLOWDOWN), so the right password
 * from a client that has not failed always gets in.
 */
export const LOGIN_LIMIT = { failures: 5, windowMs: 15 * 60 * 1000 } as const;
/** After `freeFailures` failures on one account in the window, each attempt waits stepMs × 2ⁿ, at most maxMs. */
export const ACCOUNT_SLOWDOWN = { freeFailures: 5, stepMs: 250, maxMs: 8_000 } as const;

export const AUTH_MESSAGES = {
  invalid: "Invalid login credentials",
  throttled: (minutes: number) =>
    `Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es in ${minutes} ${minutes === 1 ? "Minute" : "Minuten"} erneut.`,
} as const;

export type LoginResult =
  | { ok: true; admin: AdminUser }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

// Verifying against this keeps the timing of unknown e-mails like that of known ones.
let dummyHash: Promise<string> | undefined;

const accountHash = (email: string) => sha256Hex(email.trim().toLowerCase()).slice(0, 32);
const accountKey = (hash: string) => `login-account:${hash}`;
const pairPrefix = (hash: string) => `login-pair:${hash}:`;

/** How long an attempt on an account with `failures` recent failures waits before it is checked. */
export function accountDelayMs(failures: number): number {
  const over = failures - ACCOUNT_SLOWDOWN.freeFailures;
  return over < 0 ? 0 : Math.min(ACCOUNT_SLOWDOWN.maxMs, ACCOUNT_SLOWDOWN.stepMs * 2 ** over);
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

  const counted = await hitRateLimits(
    db,
    [clientLimitKey, pairLimitKey],
    LOGIN_LIMIT.failures,
    LOGIN_LIMIT.windowMs,
  );
  const refused = counted.filter((limit) => !limit.allowed);
  if (refused.length > 0) {
    return {
      ok: false,
      reason: "throttled",
      retryAfterSeconds: Math.max(...refused.map((r) => r.retryAfterSeconds)),
    };
  }

  const failures = await peekRateLimit(db, accountKey(account), LOGIN_LIMIT.windowMs);
  const delay = accountDelayMs(failures.count);
  if (delay > 0) await wait(delay);

  const admin = await findAdminByEmail(db, email);
  dummyHash ??= hashPassword("timing-equaliser-not-a-real-password");
  const valid = await verifyPassword(admin?.password_hash ?? (await dummyHash), password);
  if (admin && valid) {
    await db
      .update(adminUsers)
      .set({ failed_attempts: 0, locked_until: null })
      .where(eq(adminUsers.id, admin.id));
    await clearRateLimit(db, clientLimitKey);
    await clearRateLimit(db, pairLimitKey);
    await clearRateLimit(db, accountKey(account));
    return { ok: true, admin };
  }

  await hitRateLimit(db, accountKey(account), Number.MAX_SAFE_INTEGER, LOGIN_LIMIT.windowMs);
  if (admin) {
    await db
      .update(adminUsers)
      .set({ failed_attempts: sql`${adminUsers.failed_attempts} + 1` })
      .where(eq(adminUsers.id, admin.id));
  }
  return { ok: false, reason: "invalid" };
}

/** Ends every sign-in limit on an account (`npm run admin -- reset-password`). */
export async function clearAccountLimits(db: Db, email: string): Promise<void> {
  const account = accountHash(email);
  await clearRateLimit(db, accountKey(account));
  await clearRateLimitsStartingWith(db, pairPrefix(account));
}

/**
 * Sets a new password and ends every sign-in limit on the account (also used by
 * `npm run admin -- reset-password`, so an owner kept out by a flood of guesses gets back in).
 */
export async function setPassword(db: Db, adminId: string, password: string): Promise<void> {
  const [admin] = await db
    .update(adminUsers)
    .set({
      password_hash: await hashPassword(password),
      failed_attempts: 0,
      locked_until: null,
      updated_at: new Date(),
    })
    .where(eq(adminUsers.id, adminId))
    .returning({ email: adminUsers.email });
  if (admin) await clearAccountLimits(db, admin.email);
}
