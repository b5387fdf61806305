import { sql } from "drizzle-orm";
import type { Db } from "./engines.server";
import { rateLimits } from "./schema";

export type RateLimitResult = {
  allowed: boolean;
  retryAfterSeconds: number;
  /** The hits in the window, this one included. */
  count: number;
};

/**
 * Counts one hit on `key` in a fixed window and says whether it is within `limit`. The counter
 * lives in the database, so the limit holds across several server instances.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
): Promise<RateLimitResult> {
  const [result] = await hitRateLimits(db, [key], limit, windowMs);
  return result!;
}

/**
 * One hit per entry of `keys` (a key may repeat), counted in one statement; the results are in
 * the order of `keys`, each as if the hits had been counted one after the other.
 */
export async function hitRateLimits(
  db: Db,
  keys: string[],
  limit: number,
  windowMs: number,
): Promise<RateLimitResult[]> {
  const hits = new Map<string, number>();
  for (const key of keys) hits.set(key, (hits.get(key) ?? 0) + 1);
  const seconds = Math.ceil(windowMs / 1000);
  const expired = sql`${rateLimits.window_start} <= now() - (${seconds}::int * interval '1 second')`;
  const rows = await db
    .insert(rateLimits)
    // Sorted, so that instances counting the same keys at once lock them in the same order.
    .values(
      [...hits]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, count]) => ({ key, count, window_start: sql`now()` })),
    )
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then excluded.count else ${rateLimits.count} + excluded.count end`,
        window_start: sql`case when ${expired} then now() else ${rateLimits.window_start} end`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count, window_start: rateLimits.window_start });
  const counted = new Map(rows.map((row) => [row.key, row]));

  const seen = new Map<string, number>();
  return keys.map((key) => {
    const row = counted.get(key)!;
    const nth = (seen.get(key) ?? 0) + 1;
    seen.set(key, nth);
    const count = row.count - hits.get(key)! + nth;
    const endsAt = row.window_start.getTime() + seconds * 1000;
    return {
      allowed: count <= limit,
      retryAfterSeconds: Math.max(1, Math.ceil((endsAt - Date.now()) / 1000)),
      count,
    };
  });
}

/**
 * Removes counters whose window ended long ago; by default those older than a day, which also
 * takes the used form tokens once the tokens themselves have expired.
 */
export async function pruneRateLimits(db: Db, olderThanMs = 24 * 60 * 60 * 1000): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(
      sql`${rateLimits.window_start} < now() - (${Math.ceil(olderThanMs / 1000)}::int * interval '1 second')`,
    )
    .returning({ key: rateLimits.key });
  return deleted.length;
}

/** The current count of `key` in its window, without counting a hit. */
export async function peekRateLimit(
  db: Db,
  key: string,
  windowMs: number,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const [row] = await db
    .select()
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`);
  if (!row) return { count: 0, retryAfterSeconds: 0 };
  const endsAt = row.window_start.getTime() + windowMs;
  if (endsAt <= Date.now()) return { count: 0, retryAfterSeconds: 0 };
  return { count: row.count, retryAfterSeconds: Math.ceil((endsAt - Date.now()) / 1000) };
}

/** Takes one hit back (an attempt that turned out right), in one statement. */
export async function takeBackRateLimitHit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key}`);
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** Deletes every counter whose key starts with `prefix` (e.g. all clients of one account). */
export async function clearRateLimitsStartingWith(db: Db, prefix: string): Promise<void> {
  await db.delete(rateLimits).where(sql`starts_with(${rateLimits.key}, ${prefix})`);
}

/**
 * A pause that grows each time it is started again: the row's count is how many
 * pauses followed each other, its window_start when the latest began. After `forgetAfterMs`
 * without a new one the count starts over. One statement: two requests cannot start the same
 * pause twice without both being counted.
 */
export async function startPause(
  db: Db,
  key: string,
  forgetAfterMs: number,
): Promise<{ pauses: number; startedAt: Date }> {
  const seconds = Math.ceil(forgetAfterMs / 1000);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, window_start: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.window_start} <= now() - (${seconds}::int * interval '1 second') then 1 else ${rateLimits.count} + 1 end`,
        window_start: sql`now()`,
      },
    })
    .returning({ count: rateLimits.count, window_start: rateLimits.window_start });
  return { pauses: row!.count, startedAt: row!.window_start };
}

/** The latest pause of `key` (startPause), if one was ever started. */
export async function latestPause(
  db: Db,
  key: string,
): Promise<{ pauses: number; startedAt: Date } | undefined> {
  const [row] = await db
    .select()
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`);
  return row && { pauses: row.count, startedAt: row.window_start };
}
