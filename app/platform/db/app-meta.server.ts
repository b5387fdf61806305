import { inArray, sql } from "drizzle-orm";
import type { Db } from "./engines.server";
import { appMeta } from "./schema";

/** Queries of app_meta: small facts about the installation, one text value per key. */

export async function readMeta(db: Db, keys: string[]): Promise<Map<string, string>> {
  const rows = await db.select().from(appMeta).where(inArray(appMeta.key, keys));
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function writeMeta(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: sql`excluded.value`, updated_at: sql`now()` } });
}

/** Facts the go-live checklist reads. */
export const META_KEYS = {
  /** ISO time of the last backup archive written (npm run backup, schedule or control socket). */
  lastBackup: "last_backup",
  /** SHA-256 of the SMTP_URL (without its password) a test mail was last accepted through. */
  smtpTested: "smtp_test_accepted",
} as const;
