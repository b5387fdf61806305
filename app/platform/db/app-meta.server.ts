import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/platform/db/engines.server";
import { appMeta } from "~/platform/db/schema";

/**
 * Queries of app_meta: small facts about the installation, one text value per key. The only
 * module that touches the table; each caller keeps its own keys (the installation secret, the
 * setup link, the demo marker, the form cap's refusals, the backups, the go-live facts).
 */

/** Written within the last `ms` milliseconds (by the database's clock). */
const writtenWithin = (ms: number) =>
  sql`${appMeta.updated_at} > now() - (${ms / 1000}::int * interval '1 second')`;

/** The values of `keys` that are stored (and, with `maxAgeMs`, written within it). */
export async function readMeta(
  db: Db,
  keys: string[],
  { maxAgeMs }: { maxAgeMs?: number } = {},
): Promise<Map<string, string>> {
  const rows = await db
    .select()
    .from(appMeta)
    .where(and(inArray(appMeta.key, keys), maxAgeMs === undefined ? undefined : writtenWithin(maxAgeMs)));
  return new Map(rows.map((row) => [row.key, row.value]));
}

/**
 * Stores `value` under `key`. A key stored already gets `update(stored)` (SQL; by default
 * `value`), and only where `when(stored)` holds (by default always). Resolves to whether a row
 * was written.
 */
export async function writeMeta(
  db: Db,
  key: string,
  value: string,
  { update, when }: { update?: (stored: SQL) => SQL; when?: (stored: SQL) => SQL } = {},
): Promise<boolean> {
  const stored = sql`${appMeta.value}`;
  const written = await db
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({
      target: appMeta.key,
      set: { value: update ? update(stored) : sql`excluded.value`, updated_at: sql`now()` },
      ...(when ? { setWhere: when(stored) } : {}),
    })
    .returning({ key: appMeta.key });
  return written.length > 0;
}

/** Stores `value` under `key` unless the key has one; resolves to the value stored. */
export async function keepFirstMeta(db: Db, key: string, value: string): Promise<string> {
  await db.insert(appMeta).values({ key, value }).onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, key));
  return row!.value;
}

/**
 * Deletes `key` if it holds `value` and was written within `maxAgeMs`, in one statement (of two
 * callers at once, one gets true); whether it did.
 */
export async function takeMeta(db: Db, key: string, value: string, maxAgeMs: number): Promise<boolean> {
  const taken = await db
    .delete(appMeta)
    .where(and(eq(appMeta.key, key), eq(appMeta.value, value), writtenWithin(maxAgeMs)))
    .returning({ key: appMeta.key });
  return taken.length > 0;
}

/** Facts the go-live checklist reads. */
export const META_KEYS = {
  /** ISO time of the last backup archive written (npm run backup, schedule or control socket). */
  lastBackup: "last_backup",
  /** SHA-256 of the SMTP_URL (without its password) a test mail was last accepted through. */
  smtpTested: "smtp_test_accepted",
} as const;
