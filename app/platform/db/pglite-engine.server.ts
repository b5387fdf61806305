import type { QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { logger } from "~/platform/logger.server";
import { EmbeddedDatabaseUnavailableError, type PgliteThread } from "./pglite-thread.server";

/** After a failed attempt, the embedded database is opened again at most this often. */
const REOPEN_INTERVAL_MS = 5_000;
/**
 * A statement that has not answered by then is taken for a hung instance, whose thread is ended.
 * This site's statements take milliseconds; a migration of its few hundred rows, well under a
 * second.
 */
const STATEMENT_DEADLINE_MS = 10_000;
/** Closing checkpoints the whole database. */
const CLOSE_DEADLINE_MS = 60_000;

/** PANIC and FATAL end a PostgreSQL server process; a WebAssembly trap or an ended thread ends the instance. */
function endsTheInstance(error: unknown): boolean {
  const severity = (error as { severity?: unknown } | null)?.severity;
  return (
    severity === "PANIC" ||
    severity === "FATAL" ||
    error instanceof WebAssembly.RuntimeError ||
    error instanceof EmbeddedDatabaseUnavailableError
  );
}

/**
 * The embedded database's client in place of a single PGlite instance (Drizzle needs `query`
 * and `transaction`).
 *
 * PGlite runs PostgreSQL in a thread of its own (PgliteThread). An error that ends a PostgreSQL
 * server (a PANIC, for example when a write to the WAL fails on a failing disk), a statement
 * that overruns STATEMENT_DEADLINE_MS or a thread that dies retires the instance and ends its
 * thread. Statements reach the instance one at a time (PGlite runs them one at a time anyway).
 * While no instance is open, statements fail at once with EmbeddedDatabaseUnavailableError, so
 * pages fall back to the built-in items and forms answer 503, and the directory is opened again
 * in the background (PostgreSQL's crash recovery, as after a killed process), tried at most every
 * REOPEN_INTERVAL_MS. The DATA_DIR lock stays held all along.
 */
export class EmbeddedClient {
  #current: PgliteThread | undefined;
  readonly #reopen: () => Promise<PgliteThread>;
  #reopening: Promise<void> | undefined;
  #retired: Promise<void> = Promise.resolve();
  #retryAt = 0;
  #closed = false;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(first: PgliteThread, reopen: () => Promise<PgliteThread>) {
    this.#current = first;
    this.#reopen = reopen;
  }

  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#exclusive((db) => db.query<T>(query, params, options, STATEMENT_DEADLINE_MS));
  }

  exec(query: string): Promise<Results[]> {
    return this.#exclusive((db) => db.exec(query, STATEMENT_DEADLINE_MS));
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#exclusive((db) => transactionOn(db, callback));
  }

  /** Flushes (PGlite runs with fsync off) and closes the instance; a retired one is left alone. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#queue;
    await this.#reopening;
    await this.#retired;
    const db = this.#current;
    this.#current = undefined;
    await db?.close(CLOSE_DEADLINE_MS);
  }

  #exclusive<T>(operation: (db: PgliteThread) => Promise<T>): Promise<T> {
    const run = this.#queue.then(async () => {
      const db = this.#instance();
      try {
        return await operation(db);
      } catch (error) {
        if (endsTheInstance(error) && this.#current === db) this.#retire(db, error);
        throw error;
      }
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  #retire(db: PgliteThread, error: unknown) {
    this.#current = undefined;
    this.#retryAt = 0;
    logger.error({ err: error }, "the embedded database failed; it is opened again on next use");
    this.#retired = db.end("retired");
  }

  /** The open instance; without one, starts opening the directory again and fails at once. */
  #instance(): PgliteThread {
    if (this.#closed) throw new EmbeddedDatabaseUnavailableError("The embedded database is closed.");
    if (this.#current) return this.#current;
    if (!this.#reopening && Date.now() >= this.#retryAt) {
      this.#reopening = this.#openAgain().finally(() => (this.#reopening = undefined));
    }
    throw new EmbeddedDatabaseUnavailableError("The embedded database is not open at the moment.");
  }

  async #openAgain() {
    await this.#retired; // the old thread's files are closed first
    try {
      const db = await this.#reopen();
      if (this.#closed) {
        await db.close(CLOSE_DEADLINE_MS);
        return;
      }
      this.#current = db;
      logger.info("the embedded database was opened again");
    } catch (error) {
      this.#retryAt = Date.now() + REOPEN_INTERVAL_MS;
      logger.error({ err: error }, "the embedded database could not be opened again; will retry");
    }
  }
}

/**
 * Runs `callback` in a transaction of `db`, with BEGIN and COMMIT sent here rather than by
 * PGlite's own transaction(): when a statement or the COMMIT ends the instance (a WAL write
 * failing on COMMIT is the usual case), the caller gets that error at once and no ROLLBACK is
 * sent to the dead instance. EmbeddedClient runs one operation at a time, so nothing else
 * reaches the instance in between.
 */
async function transactionOn<T>(db: PgliteThread, callback: (tx: Transaction) => Promise<T>): Promise<T> {
  let fatal: unknown;
  const watch = async <R>(run: () => Promise<R>): Promise<R> => {
    try {
      return await run();
    } catch (error) {
      if (endsTheInstance(error)) fatal ??= error;
      throw error;
    }
  };
  const query = <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
    watch(() => db.query<R>(sql, params, options, STATEMENT_DEADLINE_MS));
  let closed = false;
  await query("BEGIN");
  const tx: Transaction = {
    query,
    sql: <R>(strings: TemplateStringsArray, ...params: unknown[]) =>
      query<R>(
        strings.reduce((text, part, index) => `${text}$${index}${part}`),
        params,
      ),
    exec: (sql) => watch(() => db.exec(sql, STATEMENT_DEADLINE_MS)),
    rollback: async () => {
      await query("ROLLBACK");
      closed = true;
    },
    listen: () => Promise.reject(new Error("LISTEN is not used on the embedded database")),
    get closed() {
      return closed;
    },
  };
  try {
    const result = await callback(tx);
    if (!closed) await query("COMMIT");
    closed = true;
    return result;
  } catch (error) {
    if (fatal !== undefined) throw fatal;
    if (!closed) await query("ROLLBACK").catch(() => undefined);
    closed = true;
    throw error;
  }
}
