import { sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { rateLimits } from "./schema";

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

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
  const seconds = Math.ceil(windowMs / 1000);
  const expired = sql`${rateLimits.window_start} <= now() - (${seconds}::int * interval '1 second')`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, window_start: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        window_start: sql`case when ${expired} then now() else ${rateLimits.window_start} end`,
      },
    })
    .returning({ count: rateLimits.count, window_start: rateLimits.window_start });
  const count = row?.count ?? 1;
  const endsAt = (row?.window_start.getTime() ?? Date.now()) + seconds * 1000;
  return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - Date.now()) / 1000)) };
}

/** Removes counters whose window ended long ago. */
export async function pruneRateLimits(db: Db, olderThanMs = 24 * 60 * 60 * 1000): Promise<void> {
  await db
    .delete(rateLimits)
    .where(
      sql`${rateLimits.window_start} < now() - (${Math.ceil(olderThanMs / 1000)}::int * interval '1 second')`,
    );
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

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}
