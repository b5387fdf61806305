import { eq, sql } from "drizzle-orm";
import { findAdminByEmail, type AdminUser } from "~/db/admin-users.server";
import type { Db } from "~/db/client.server";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "~/db/rate-limits.server";
import { adminUsers } from "~/db/schema";
import { hashPassword, verifyPassword } from "./password.server";
import { clientKey, installationSecret, sha256Hex } from "./security.server";

/** Sign-in throttling (issue #4): per client and per account, plus a lock after 10 failures in a row. */
export const LOGIN_LIMIT = { failures: 5, windowMs: 15 * 60 * 1000 } as const;
export const ACCOUNT_LOCK = { afterFailures: 10, durationMs: 10 * 60 * 1000 } as const;

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

export async function signIn(
  db: Db,
  email: string,
  password: string,
  clientAddress: string,
): Promise<LoginResult> {
  const secret = await installationSecret(db);
  const clientLimitKey = `login-client:${clientKey(secret, clientAddress)}`;
  const accountLimitKey = `login-account:${sha256Hex(email.trim().toLowerCase()).slice(0, 32)}`;

  const [client, account] = await Promise.all([
    peekRateLimit(db, clientLimitKey, LOGIN_LIMIT.windowMs),
    peekRateLimit(db, accountLimitKey, LOGIN_LIMIT.windowMs),
  ]);
  const admin = await findAdminByEmail(db, email);
  const lockedFor = admin?.locked_until ? Math.ceil((admin.locked_until.getTime() - Date.now()) / 1000) : 0;
  const throttledFor = Math.max(
    client.count >= LOGIN_LIMIT.failures ? client.retryAfterSeconds : 0,
    account.count >= LOGIN_LIMIT.failures ? account.retryAfterSeconds : 0,
    lockedFor,
  );
  if (throttledFor > 0) return { ok: false, reason: "throttled", retryAfterSeconds: throttledFor };

  dummyHash ??= hashPassword("timing-equaliser-not-a-real-password");
  const valid = await verifyPassword(admin?.password_hash ?? (await dummyHash), password);
  if (admin && valid) {
    await db
      .update(adminUsers)
      .set({ failed_attempts: 0, locked_until: null })
      .where(eq(adminUsers.id, admin.id));
    await clearRateLimit(db, accountLimitKey);
    return { ok: true, admin };
  }

  await hitRateLimit(db, clientLimitKey, LOGIN_LIMIT.failures, LOGIN_LIMIT.windowMs);
  await hitRateLimit(db, accountLimitKey, LOGIN_LIMIT.failures, LOGIN_LIMIT.windowMs);
  if (admin) {
    await db
      .update(adminUsers)
      .set({
        failed_attempts: sql`${adminUsers.failed_attempts} + 1`,
        locked_until: sql`case when ${adminUsers.failed_attempts} + 1 >= ${ACCOUNT_LOCK.afterFailures}
          then now() + (${ACCOUNT_LOCK.durationMs / 1000}::int * interval '1 second') else ${adminUsers.locked_until} end`,
      })
      .where(eq(adminUsers.id, admin.id));
  }
  return { ok: false, reason: "invalid" };
}

/** Sets a new password, clears failures and the lock (also used by `npm run admin -- reset-password`). */
export async function setPassword(db: Db, adminId: string, password: string): Promise<void> {
  await db
    .update(adminUsers)
    .set({
      password_hash: await hashPassword(password),
      failed_attempts: 0,
      locked_until: null,
      updated_at: new Date(),
    })
    .where(eq(adminUsers.id, adminId));
}
