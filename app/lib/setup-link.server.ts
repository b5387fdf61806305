import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { adminUsers, appMeta } from "~/db/schema";
import { safeEqual, sha256Hex } from "./security.server";

/**
 * First-run setup: while no admin exists, the server prints a one-time link with a random token
 * (its SHA-256 kept in app_meta) that lets the owner create the account in the browser.
 */
const KEY = "setup_token";

export async function adminCount(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(adminUsers);
  return row?.count ?? 0;
}

/** A fresh setup link when there is no admin yet; undefined otherwise. */
export async function createSetupLink(db: Db, publicUrl: string): Promise<string | undefined> {
  if ((await adminCount(db)) > 0) return undefined;
  const token = randomBytes(32).toString("base64url");
  await db
    .insert(appMeta)
    .values({ key: KEY, value: sha256Hex(token) })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: sha256Hex(token), updated_at: new Date() } });
  return `${publicUrl}/admin/setup?token=${token}`;
}

/** Whether `token` is the current setup token and no admin exists yet. */
export async function isValidSetupToken(db: Db, token: string | null): Promise<boolean> {
  if (!token || (await adminCount(db)) > 0) return false;
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, KEY));
  return Boolean(row && safeEqual(row.value, sha256Hex(token)));
}

export async function consumeSetupToken(db: Db): Promise<void> {
  await db.delete(appMeta).where(eq(appMeta.key, KEY));
}
