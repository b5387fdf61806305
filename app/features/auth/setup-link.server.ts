import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/engines.server";
import { adminUsers, appMeta } from "~/platform/db/schema";
import { safeEqual, sha256Hex } from "~/platform/db/installation-secret.server";

/**
 * First-run setup: while no admin exists, the server prints a one-time link with a random token
 * (its SHA-256 kept in app_meta) that lets the owner create the account in the browser. The link
 * works for SETUP_LINK_MS after it was made (each start makes a new one) and only once.
 */
const KEY = "setup_token";
export const SETUP_LINK_MS = 60 * 60 * 1000;

const fresh = sql`${appMeta.updated_at} > now() - (${SETUP_LINK_MS / 1000}::int * interval '1 second')`;

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

/** Whether `token` is the current setup token, not expired, and no admin exists yet. */
export async function isValidSetupToken(db: Db, token: string | null): Promise<boolean> {
  if (!token || (await adminCount(db)) > 0) return false;
  const [row] = await db
    .select()
    .from(appMeta)
    .where(and(eq(appMeta.key, KEY), fresh));
  return Boolean(row && safeEqual(row.value, sha256Hex(token)));
}

/**
 * Uses the setup token: inside the transaction that creates the admin, deletes it if it is
 * `token`, fresh, and no admin exists. Of two requests at the same moment, the second waits for
 * the first's row lock and then finds nothing: one admin, never two.
 */
export async function claimSetupToken(tx: Db, token: string): Promise<boolean> {
  const claimed = await tx
    .delete(appMeta)
    .where(and(eq(appMeta.key, KEY), eq(appMeta.value, sha256Hex(token)), fresh))
    .returning({ key: appMeta.key });
  return claimed.length > 0 && (await adminCount(tx)) === 0;
}
