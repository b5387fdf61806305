import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { logger } from "~/lib/logger.server";

/** After a failed attempt, the embedded database is opened again at most this often. */
const REOPEN_INTERVAL_MS = 5_000;

export class EmbeddedDatabaseUnavailableError extends Error {
  override name = "EmbeddedDatabaseUnavailableError";
}

/** PANIC and FATAL end a PostgreSQL server process; a WebAssembly trap ends the instance. */
function endsTheInstance(error: unknown): boolean {
  const severity = (error as { severity?: unknown } | null)?.severity;
  return severity === "PANIC" || severity === "FATAL" || error instanceof WebAssembly.RuntimeError;
}

/**
 * The embedded database's client in place of a single PGlite instance (Drizzle needs `query`
 * and `transaction`).
 *
 * PGlite runs PostgreSQL inside this process. An error that ends a PostgreSQL server (a PANIC,
 * for example when a write to the WAL fails on a failing disk) leaves PGlite's instance in a
 * state where the next statement never returns and keeps the CPU busy: the whole web server,
 * /healthz included, would stop answering for good. So statements reach the instance one at a
 * time (PGlite runs them one at a time anyway), and the first one that ends it retires it. Later
 * statements fail at once with EmbeddedDatabaseUnavailableError, so pages fall back to the
 * built-in items and forms answer 503, until the directory opens again (PostgreSQL's crash
 * recovery, as after a killed process), tried at most every REOPEN_INTERVAL_MS. The DATA_DIR
 * lock stays held all along.
 */
export class EmbeddedClient {
  #current: PGlite | undefined;
  readonly #reopen: () => Promise<PGlite>;
  #retryAt = 0;
  #closed = false;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(first: PGlite, reopen: () => Promise<PGlite>) {
    this.#current = first;
    this.#reopen = reopen;
  }

  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#exclusive((db) => db.query<T>(query, params, options));
  }

  exec(query: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exclusive((db) => db.exec(query, options));
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#exclusive((db) => transactionOn(db, callback));
  }

  /** Flushes (PGlite runs with fsync off) and closes the instance; a retired one is left alone. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#queue;
    const db = this.#current;
    this.#current = undefined;
    if (db && !db.closed) {
      await db.exec("CHECKPOINT");
      await db.close();
    }
  }

  #exclusive<T>(operation: (db: PGlite) => Promise<T>): Promise<T> {
    const run = this.#queue.then(async () => {
      const db = await this.#instance();
      try {
        return await operation(db);
      } catch (error) {
        if (endsTheInstance(error) && this.#current === db) {
          this.#current = undefined;
          this.#retryAt = 0;
          logger.error({ err: error }, "the embedded database failed; it is opened again on next use");
        }
        throw error;
      }
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #instance(): Promise<PGlite> {
    if (this.#closed) throw new EmbeddedDatabaseUnavailableError("The embedded database is closed.");
    if (this.#current) return this.#current;
    if (Date.now() < this.#retryAt) {
      throw new EmbeddedDatabaseUnavailableError("The embedded database failed and cannot be opened yet.");
    }
    try {
      this.#current = await this.#reopen();
      logger.info("the embedded database was opened again");
      return this.#current;
    } catch (error) {
      this.#retryAt = Date.now() + REOPEN_INTERVAL_MS;
      logger.error({ err: error }, "the embedded database could not be opened again; will retry");
      throw new EmbeddedDatabaseUnavailableError("The embedded database cannot be opened.", { cause: error });
    }
  }
}

/**
 * Runs `callback` in a transaction of `db`, with BEGIN and COMMIT sent here rather than by
 * PGlite's own transaction(): when a statement or the COMMIT ends the instance (a WAL write
 * failing on COMMIT is the usual case), the caller gets that error at once and no ROLLBACK is
 * sent to the dead instance, where it would never return. EmbeddedClient runs one operation at
 * a time, so nothing else reaches the instance in between.
 */
async function transactionOn<T>(db: PGlite, callback: (tx: Transaction) => Promise<T>): Promise<T> {
  let fatal: unknown;
  const watch = async <R>(run: () => Promise<R>): Promise<R> => {
    try {
      return await run();
    } catch (error) {
      if (endsTheInstance(error)) fatal ??= error;
      throw error;
    }
  };
  let closed = false;
  await watch(() => db.query("BEGIN"));
  const tx: Transaction = {
    query: <R>(query: string, params?: unknown[], options?: QueryOptions) =>
      watch(() => db.query<R>(query, params, options)),
    sql: <R>(strings: TemplateStringsArray, ...params: unknown[]) =>
      watch(() => db.sql<R>(strings, ...params)),
    exec: (query, options) => watch(() => db.exec(query, options)),
    rollback: async () => {
      await watch(() => db.query("ROLLBACK"));
      closed = true;
    },
    listen: (channel, handler) => db.listen(channel, handler),
    get closed() {
      return closed;
    },
  };
  try {
    const result = await callback(tx);
    if (!closed) await watch(() => db.query("COMMIT"));
    closed = true;
    return result;
  } catch (error) {
    if (fatal !== undefined) throw fatal;
    if (!closed) await watch(() => db.query("ROLLBACK")).catch(() => undefined);
    closed = true;
    throw error;
  }
}
