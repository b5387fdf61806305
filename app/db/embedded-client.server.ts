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
  #listeners: { channel: string; onEvent: () => void }[] = [];

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

  /**
   * NOTIFYs on `channel` call `onEvent`, on this instance and on every instance opened after it;
   * a retired or reopened instance calls it too (what was announced meanwhile went unheard).
   */
  async listen(channel: string, onEvent: () => void): Promise<() => Promise<void>> {
    const listener = { channel, onEvent };
    this.#listeners.push(listener);
    if (this.#current) await this.#current.listen(channel, onEvent);
    return async () => {
      this.#listeners = this.#listeners.filter((other) => other !== listener);
      const db = this.#current;
      if (db && !db.closed) await db.unlisten(channel, onEvent);
    };
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
          for (const listener of this.#listeners) listener.onEvent();
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
      const db = await this.#reopen();
      for (const { channel, onEvent } of this.#listeners) {
        await db.listen(channel, onEvent);
        onEvent();
      }
      this.#current = db;
      logger.info("the embedded database was opened again");
      return db;
    } catch (error) {
      this.#retryAt = Date.now() + REOPEN_INTERVAL_MS;
      logger.error({ err: error }, "the embedded database could not be opened again; will retry");
      throw new EmbeddedDatabaseUnavailableError("The embedded database cannot be opened.", { cause: error });
    }
  }
}

/**
 * Runs `callback` in a transaction of `db`. When a statement inside ends the instance, the
 * caller gets that error, but PGlite never sees the callback fail: it would answer with a
 * ROLLBACK on the dead instance, which never returns.
 */
function transactionOn<T>(db: PGlite, callback: (tx: Transaction) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let fatal: unknown;
    const watch = async <R>(run: () => Promise<R>): Promise<R> => {
      try {
        return await run();
      } catch (error) {
        if (endsTheInstance(error)) fatal ??= error;
        throw error;
      }
    };
    db.transaction(async (tx) => {
      const watched: Transaction = {
        query: <R>(query: string, params?: unknown[], options?: QueryOptions) =>
          watch(() => tx.query<R>(query, params, options)),
        sql: <R>(strings: TemplateStringsArray, ...params: unknown[]) =>
          watch(() => tx.sql<R>(strings, ...params)),
        exec: (query, options) => watch(() => tx.exec(query, options)),
        rollback: () => watch(() => tx.rollback()),
        listen: (channel, handler) => tx.listen(channel, handler),
        get closed() {
          return tx.closed;
        },
      };
      try {
        return await callback(watched);
      } catch (error) {
        if (fatal === undefined) throw error;
        reject(fatal);
        return new Promise<never>(() => undefined); // left pending on purpose, see above
      }
    }).then(resolve, reject);
  });
}
