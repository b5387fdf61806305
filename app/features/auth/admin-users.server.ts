import { eq, sql } from "drizzle-orm";
import { hashPassword } from "~/features/auth/password-hash.server";
import type { Db } from "~/platform/db/engines.server";
import { adminUsers } from "~/platform/db/schema";

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
