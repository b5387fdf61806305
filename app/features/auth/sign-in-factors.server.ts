import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { anyAdminWithTotp, disableTotp, enableTotp } from "~/features/auth/admin-users.server";
import type { Db } from "~/platform/db/engines.server";
import { authChallenges, passkeys, recoveryCodes } from "~/platform/db/schema";

/**
 * Queries of auth_challenges, passkeys and recovery_codes: the pending steps of a sign-in, the
 * passkeys, and the recovery codes beside TOTP (whose columns are the admin's, admin-users.server.ts).
 */

export type Passkey = typeof passkeys.$inferSelect;
export type ChallengePurpose = (typeof authChallenges.$inferSelect)["purpose"];

// ── Challenges: short-lived, used once ──────────────────────────────────────────────────────

export async function storeChallenge(
  db: Db,
  values: { id: string; purpose: ChallengePurpose; userId?: string; ttlMs: number },
): Promise<void> {
  await db.insert(authChallenges).values({
    id: values.id,
    purpose: values.purpose,
    user_id: values.userId ?? null,
    expires_at: new Date(Date.now() + values.ttlMs),
  });
}

/**
 * Deletes and returns a challenge that is still valid, in one statement: two requests
 * presenting the same challenge at once cannot both use it.
 */
export async function takeChallenge(
  db: Db,
  id: string,
  purpose: ChallengePurpose,
): Promise<{ userId: string | null } | undefined> {
  const [row] = await db
    .delete(authChallenges)
    .where(
      and(
        eq(authChallenges.id, id),
        eq(authChallenges.purpose, purpose),
        sql`${authChallenges.expires_at} > now()`,
      ),
    )
    .returning({ userId: authChallenges.user_id });
  return row;
}

/** A valid challenge without using it up (the pending second step of a sign-in). */
export async function findChallenge(db: Db, id: string, purpose: ChallengePurpose) {
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.id, id),
        eq(authChallenges.purpose, purpose),
        sql`${authChallenges.expires_at} > now()`,
      ),
    )
    .limit(1);
  return row;
}

/** Counts one attempt on a challenge; past `max` attempts it is deleted and false returned. */
export async function countChallengeAttempt(db: Db, id: string, max: number): Promise<boolean> {
  const [row] = await db
    .update(authChallenges)
    .set({ attempts: sql`${authChallenges.attempts} + 1` })
    .where(eq(authChallenges.id, id))
    .returning({ attempts: authChallenges.attempts });
  if (row && row.attempts <= max) return true;
  await db.delete(authChallenges).where(eq(authChallenges.id, id));
  return false;
}

/** Deletes every challenge of the admin for `purposes` (older reset links when a new one is sent). */
export async function deleteChallengesOf(
  db: Db,
  userId: string,
  purposes: ChallengePurpose[],
): Promise<void> {
  await db
    .delete(authChallenges)
    .where(and(eq(authChallenges.user_id, userId), inArray(authChallenges.purpose, purposes)));
}

export async function deleteChallenge(db: Db, id: string): Promise<void> {
  await db.delete(authChallenges).where(eq(authChallenges.id, id));
}

export async function pruneExpiredChallenges(db: Db): Promise<number> {
  const deleted = await db
    .delete(authChallenges)
    .where(sql`${authChallenges.expires_at} < now()`)
    .returning({ id: authChallenges.id });
  return deleted.length;
}

// ── Passkeys ────────────────────────────────────────────────────────────────────────────────

/**
 * A credential ID as WebAuthn sends it: base64url. Anything else (a NUL byte above all, which
 * PostgreSQL's text refuses with an error) names no passkey and never reaches a query.
 */
const CREDENTIAL_ID = /^[A-Za-z0-9_-]{1,1024}$/;

export function listPasskeys(db: Db, userId: string): Promise<Passkey[]> {
  return db.select().from(passkeys).where(eq(passkeys.user_id, userId)).orderBy(asc(passkeys.created_at));
}

export async function findPasskey(db: Db, id: string): Promise<Passkey | undefined> {
  if (!CREDENTIAL_ID.test(id)) return undefined;
  const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id)).limit(1);
  return row;
}

export async function insertPasskey(
  db: Db,
  values: {
    id: string;
    userId: string;
    name: string;
    publicKey: string;
    counter: number;
    transports: string[];
  },
): Promise<void> {
  await db.insert(passkeys).values({
    id: values.id,
    user_id: values.userId,
    name: values.name,
    public_key: values.publicKey,
    counter: values.counter,
    transports: values.transports,
  });
}

export async function recordPasskeyUse(db: Db, id: string, counter: number): Promise<void> {
  await db.update(passkeys).set({ counter, last_used_at: new Date() }).where(eq(passkeys.id, id));
}

/** Renames one of the admin's passkeys; false when it is not theirs. */
export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<boolean> {
  if (!CREDENTIAL_ID.test(id)) return false;
  const rows = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.user_id, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/** Deletes one of the admin's passkeys; its name, or undefined when it is not theirs. */
export async function deletePasskey(db: Db, userId: string, id: string): Promise<string | undefined> {
  if (!CREDENTIAL_ID.test(id)) return undefined;
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.user_id, userId)))
    .returning({ name: passkeys.name });
  return row?.name;
}

/** Deletes every passkey of the admin (`npm run admin -- reset-password`); how many there were. */
export async function deleteAllPasskeys(db: Db, userId: string): Promise<number> {
  const rows = await db.delete(passkeys).where(eq(passkeys.user_id, userId)).returning({ id: passkeys.id });
  return rows.length;
}

/**
 * Whether the admin has a second factor, TOTP or a passkey: then the password alone
 * no longer confirms who they are.
 */
export async function hasSecondFactor(db: Db, admin: { id: string; totp_secret: string | null }) {
  if (admin.totp_secret) return true;
  const [row] = await db.select({ keys: count() }).from(passkeys).where(eq(passkeys.user_id, admin.id));
  return (row?.keys ?? 0) > 0;
}

// ── Recovery codes, with TOTP turned on and off ─────────────────────────────────────────────

/** Makes the pending secret the active one and replaces the recovery codes, in one transaction. */
export async function activateTotp(
  db: Db,
  userId: string,
  secret: string,
  step: number,
  codeHashes: string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await enableTotp(tx, userId, secret, step);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
    await tx.insert(recoveryCodes).values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })));
  });
}

/** Turns TOTP off and deletes the recovery codes. */
export async function deactivateTotp(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await disableTotp(tx, userId);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
  });
}

export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
    await tx.insert(recoveryCodes).values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })));
  });
}

/** Uses up a recovery code: true once per code, even for requests at the same moment. */
export async function spendRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(recoveryCodes.user_id, userId),
        eq(recoveryCodes.code_hash, codeHash),
        isNull(recoveryCodes.used_at),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at)));
  return row?.n ?? 0;
}

/** Whether any admin can sign in with a passkey or a second factor (the go-live checklist). */
export async function hasPasskeyOrSecondFactor(db: Db): Promise<boolean> {
  const [passkey] = await db.select({ id: passkeys.id }).from(passkeys).limit(1);
  if (passkey) return true;
  return anyAdminWithTotp(db);
}
