import type { Db } from "~/platform/db/engines.server";
import { logger } from "../logger.server";
import { publicPagesChanged, publicPagesVersion } from "./public-pages.server";

/** Pages wait at most this long for the database, as for their other data (public-data.server.ts). */
const READ_TIMEOUT_MS = 2_500;
/** After a failed read, pages use the last value read for this long before trying again. */
const RETRY_AFTER_MS = 5_000;

/**
 * Data every public page reads (the owner's settings, the pages' content): read once per version
 * of the public pages (every change, on any instance, bumps it) and shared until then. When the
 * database can't answer, pages still render, with the value last read, or the built-in one if
 * none was read since the start.
 */
export function versionedRead<T>(what: string, read: (db: Db) => Promise<T>, builtIn: () => T) {
  /** A version's read, and its value once it has answered. */
  type Entry = { version: number; value: Promise<T>; answered?: { value: T } };
  const cached = new WeakMap<Db, Entry>();
  let lastRead: T | undefined;
  let failedAt = 0;

  /** The value of `db`, read once per version of the public pages. */
  function of(db: Db): Promise<T> {
    const version = publicPagesVersion();
    const entry = cached.get(db);
    if (entry?.version === version) return entry.value;
    const value = read(db);
    const fresh: Entry = { version, value };
    cached.set(db, fresh);
    value.then(
      (answer) => (fresh.answered = { value: answer }),
      () => {
        if (cached.get(db) === fresh) cached.delete(db);
      },
    );
    return value;
  }

  /**
   * The value of `db` if this version's read has answered, without a promise (for work done on
   * every request, such as counting a page view); undefined until then.
   */
  function current(db: Db): T | undefined {
    const entry = cached.get(db);
    return entry?.version === publicPagesVersion() ? entry.answered?.value : undefined;
  }

  /** The value for a page, never failing. */
  async function load(connect: () => Promise<Db>): Promise<T> {
    if (Date.now() - failedAt < RETRY_AFTER_MS) return lastRead ?? builtIn();
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} read timed out`)), READ_TIMEOUT_MS);
      });
      lastRead = await Promise.race([connect().then(of), timeout]);
      return lastRead;
    } catch (error) {
      failedAt = Date.now();
      logger.error({ err: error }, `${what} could not be read; using the last known ones`);
      // A page rendered now may show outdated data: none is kept in the page cache.
      publicPagesChanged();
      return lastRead ?? builtIn();
    } finally {
      clearTimeout(timer);
    }
  }

  return { of, current, load };
}
