import type { Db } from "~/platform/db/engines.server";
import { logger } from "~/platform/logger.server";
import { databaseContext, type RequestContext } from "./request-context";
import { publicPagesChanged } from "./public-pages.server";

/** Public pages wait at most this long for the database before showing the built-in items. */
const READ_TIMEOUT_MS = 2_500;

/**
 * Reads public data; when the database cannot answer (down, unreachable, too slow) the page
 * gets `fallback()` instead and `fallback: true`, so a database outage never becomes an error
 * page (spec §4, §8).
 */
export async function readWithFallback<T>(
  context: RequestContext,
  query: (db: Db) => Promise<T>,
  fallback: () => T,
): Promise<{ data: T; fallback: boolean }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("database read timed out")), READ_TIMEOUT_MS);
    });
    const data = await Promise.race([context.get(databaseContext).then(query), timeout]);
    return { data, fallback: false };
  } catch (error) {
    logger.error({ err: error }, "database read failed; serving built-in items");
    // Pages rendered from the database a moment ago may be stale too: none is served from cache.
    publicPagesChanged();
    return { data: fallback(), fallback: true };
  } finally {
    clearTimeout(timer);
  }
}
