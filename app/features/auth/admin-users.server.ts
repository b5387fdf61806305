import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { hashPassword } from "~/features/auth/password-hash.server";
import type { Db } from "~/platform/db/engines.server";
import { adminUsers } from "~/platform/db/schema";

/** Queries of admin_users: the accounts, their sign-in counters and their second factor's columns. */

export type AdminUser = typeof adminUsers.$inferSelect;

export async function findAdminByEmail(db: Db, email: string): Promise<AdminUser | undefined> {
  // No stored address holds NUL, and PostgreSQL refuses it even as a query parameter.
  if (email.includes("\u0000")) return undefined;
  const [row] = await db
    .select()
    .from(adminUsers)
    .where(eq(sql`lower(${adminUsers.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

export async function createAdmin(
  db: Db,
  input: { email: string; password: string; name?: string },
): Promise<AdminUser> {
  const [row] = await db
    .insert(adminUsers)
    .values({
      email: input.email.trim(),
      name: input.name ?? "",
      password_hash: await hashPassword(input.password),
    })
    .returning();
  if (!row) throw new Error("Admin creation returned no row");
  return row;
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD at start: creates the admin when missing. An existing admin's
 * password is never changed here (that is what `npm run admin -- reset-password` is for).
 */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<"created" | "exists"> {
  if (await findAdminByEmail(db, email)) return "exists";
  try {
    await createAdmin(db, { email, password });
    return "created";
  } catch (error) {
    // Another instance created it at the same moment.
    if (await findAdminByEmail(db, email)) return "exists";
    throw error;
  }
}

export async function findAdminById(db: Db, id: string): Promise<AdminUser | undefined> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id)).limit(1);
  return row;
}

/** The name the admin gives themselves in Profil. */
export async function setAdminName(db: Db, id: string, name: string): Promise<void> {
  await db.update(adminUsers).set({ name, updated_at: new Date() }).where(eq(adminUsers.id, id));
}

/** How many admins there are (none: the setup link may create the first). */
export async function adminCount(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(adminUsers);
  return row?.count ?? 0;
}

/**
 * The admins' id, e-mail and name as a subquery named "admin", for a query of another table to
 * join in the same statement (a session and its admin).
 */
export function adminCards(db: Db) {
  return db
    .select({ id: adminUsers.id, email: adminUsers.email, name: adminUsers.name })
    .from(adminUsers)
    .as("admin");
}

/** Sets a new password and forgets the failed sign-ins; the admin's e-mail, undefined when gone. */
export async function setAdminPassword(db: Db, id: string, password: string): Promise<string | undefined> {
  const [admin] = await db
    .update(adminUsers)
    .set({
      password_hash: await hashPassword(password),
      failed_attempts: 0,
      locked_until: null,
      updated_at: new Date(),
    })
    .where(eq(adminUsers.id, id))
    .returning({ email: adminUsers.email });
  return admin?.email;
}

/** A successful sign-in: the failed attempts are forgotten. */
export async function clearFailedSignIns(db: Db, id: string): Promise<void> {
  await db.update(adminUsers).set({ failed_attempts: 0, locked_until: null }).where(eq(adminUsers.id, id));
}

/** A wrong password for this admin. */
export async function countFailedSignIn(db: Db, id: string): Promise<void> {
  await db
    .update(adminUsers)
    .set({ failed_attempts: sql`${adminUsers.failed_attempts} + 1` })
    .where(eq(adminUsers.id, id));
}

// ── The second factor's columns (the recovery codes are in sign-in-factors.server.ts) ──────

export async function setPendingTotpSecret(db: Db, userId: string, secret: string | null): Promise<void> {
  await db.update(adminUsers).set({ totp_pending_secret: secret }).where(eq(adminUsers.id, userId));
}

/** The pending secret becomes the active one, its time step `step` used. */
export async function enableTotp(db: Db, userId: string, secret: string, step: number): Promise<void> {
  await db
    .update(adminUsers)
    .set({
      totp_secret: secret,
      totp_pending_secret: null,
      totp_enabled_at: new Date(),
      totp_last_step: step,
      updated_at: new Date(),
    })
    .where(eq(adminUsers.id, userId));
}

export async function disableTotp(db: Db, userId: string): Promise<void> {
  await db
    .update(adminUsers)
    .set({
      totp_secret: null,
      totp_pending_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      updated_at: new Date(),
    })
    .where(eq(adminUsers.id, userId));
}

/**
 * Accepts a TOTP time step once: the update succeeds only for a step later than the last one
 * accepted, so a code seen by someone else cannot be used again (RFC 6238 §5.2).
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(adminUsers)
    .set({ totp_last_step: step })
    .where(
      and(
        eq(adminUsers.id, userId),
        or(isNull(adminUsers.totp_last_step), lt(adminUsers.totp_last_step, step)),
      ),
    )
    .returning({ id: adminUsers.id });
  return rows.length > 0;
}

export async function setSecondFactorOnly(db: Db, userId: string, on: boolean): Promise<void> {
  await db
    .update(adminUsers)
    .set({ require_second_factor: on, updated_at: new Date() })
    .where(eq(adminUsers.id, userId));
}

/** Whether any admin has TOTP turned on. */
export async function anyAdminWithTotp(db: Db): Promise<boolean> {
  const [totp] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(isNotNull(adminUsers.totp_secret))
    .limit(1);
  return Boolean(totp);
}
