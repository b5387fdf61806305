import { or, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/engines.server";
import { sessions } from "~/platform/db/schema";

/**
 * The admin sessions' lifetimes (docs/decisions/0015-sign-in-security.md): 24 hours
 * without use, 14 days after sign-in at most; changing how one signs in needs a proof of identity
 * within the last 10 minutes. Kept with the table, so that the housekeeping can prune it without
 * importing the request-side session code.
 */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 14 * 24 * 60 * 60 * 1000;
export const REAUTH_MS = 10 * 60 * 1000;

/** Deletes sessions past their idle expiry or past the maximum after sign-in. */
export async function pruneExpiredSessions(db: Db): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(
      or(
        sql`${sessions.expires_at} < now()`,
        sql`${sessions.created_at} < now() - make_interval(secs => ${SESSION_MAX_MS / 1000})`,
      ),
    )
    .returning({ id: sessions.id });
  return deleted.length;
}
