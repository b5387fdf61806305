import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { QueryOptions, Results } from "@electric-sql/pglite";
import type { ErrorReply, Reply, Request, WorkerInput } from "./pglite-messages.ts";

/**
 * One PGlite instance in a worker thread of its own.
 *
 * PGlite runs PostgreSQL as WebAssembly in the thread that created it. When a write fails on a
 * failing disk, PostgreSQL PANICs and PGlite spins at 100 % CPU inside WebAssembly, never
 * returning (seen 2026-11-21 under strace's injected EIO). In the web server's main thread that
 * would stop the whole site, /healthz included. In a thread of its own, the main thread keeps
 * serving, and a statement that overruns its deadline ends the thread (`Worker.terminate` stops
 * WebAssembly too). PostgreSQL's crash recovery makes the next instance consistent, as after a
 * killed process.
 *
 * Statements travel as messages (pglite-messages.ts); results and errors come back as structured
 * clones. The thread runs pglite-worker.ts.
 */

export class EmbeddedDatabaseUnavailableError extends Error {
  override name = "EmbeddedDatabaseUnavailableError";
}

/**
 * The worker's module: the production build emits it next to the server bundle
 * (build/server/pglite-worker.js, an entry of vite.config.ts); under the tests and Vite's dev
 * server this folder's source file runs, its types stripped by Node. (The names are joined at
 * run time, so that the bundler does not treat them as assets to copy.)
 */
function workerModule(): URL {
  const built = new URL("./" + "pglite-worker.js", import.meta.url);
  return existsSync(fileURLToPath(built)) ? built : new URL("./" + "pglite-worker.ts", import.meta.url);
}

/** Rebuilds an error that crossed from the thread: class name, message and PostgreSQL's fields. */
function errorFrom(reply: ErrorReply): Error {
  const error = reply.trap ? new WebAssembly.RuntimeError(reply.message) : new Error(reply.message);
  if (!reply.trap) error.name = reply.name;
  return Object.assign(error, reply.fields);
}

type Pending = { resolve(value: unknown): void; reject(error: unknown): void; timer: NodeJS.Timeout };

export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #ended: Promise<void> | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (reply: Reply) => {
      if (!("id" in reply)) return;
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      clearTimeout(pending.timer);
      if ("error" in reply) pending.reject(errorFrom(reply.error));
      else pending.resolve(reply.result);
    });
    // A thread that fails or ends by itself is ended for good: what waits fails, and so does
    // every later statement, at once.
    worker.on("error", () => void this.end("the thread failed"));
    worker.on("exit", () => void this.end("the thread has ended"));
  }

  /** Starts a thread and opens the database in it; fails, ending the thread, after `deadlineMs`. */
  static async open(
    dataDir: string | undefined,
    startParams: string[],
    deadlineMs: number,
  ): Promise<PgliteThread> {
    const worker = new Worker(workerModule(), {
      workerData: { dataDir, startParams } satisfies WorkerInput,
    });
    const thread = new PgliteThread(worker);
    let timer: NodeJS.Timeout | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`opening took longer than ${deadlineMs} ms`)), deadlineMs);
        worker.once("exit", () => reject(new Error("the thread ended while opening")));
        worker.on("error", reject);
        worker.on("message", (reply: Reply) => {
          if ("ready" in reply) resolve();
          else if ("openError" in reply) reject(errorFrom(reply.openError));
        });
      });
      return thread;
    } catch (error) {
      await thread.end("opening failed");
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** True once the thread has been ended (or ended by itself). */
  get ended(): boolean {
    return this.#ended !== undefined;
  }

  query<T>(
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
    deadlineMs: number,
  ): Promise<Results<T>> {
    if (options.serializers) throw new Error("serializers are not supported here");
    const parsers = options.parsers ?? {};
    const rawTypes = Object.keys(parsers).map(Number);
    const rowMode = options.rowMode ?? "object";
    return this.#send<Results<T>>(
      { op: "query", sql, params, rowMode, rawTypes, paramTypes: options.paramTypes, blob: options.blob },
      deadlineMs,
    ).then((result) => {
      if (rawTypes.length === 0) return result;
      // The thread left these columns as text; the caller's parsers turn them into values.
      result.fields.forEach(({ name, dataTypeID }, index) => {
        const parse = parsers[dataTypeID];
        if (!parse) return;
        for (const row of result.rows as Record<string | number, unknown>[]) {
          const key = rowMode === "array" ? index : name;
          const value = row[key];
          if (value !== null && value !== undefined) row[key] = parse(value as string);
        }
      });
      return result;
    });
  }

  exec(sql: string, deadlineMs: number): Promise<Results[]> {
    return this.#send({ op: "exec", sql }, deadlineMs);
  }

  /** Checkpoints and closes the database, then ends the thread. */
  async close(deadlineMs: number): Promise<void> {
    try {
      await this.#send({ op: "close" }, deadlineMs);
    } finally {
      await this.end("closed");
    }
  }

  /**
   * Ends the thread at once, whatever it is doing, and fails what is waiting. The files it had
   * open are closed with it (pglite-thread.test.ts beside it checks that), so a disk failing for
   * hours does not use up the process's file descriptors.
   */
  end(reason: string): Promise<void> {
    this.#ended ??= (async () => {
      this.#failAll(`the embedded database's thread was ended: ${reason}`);
      await this.#worker.terminate();
    })();
    return this.#ended;
  }

  #send<T>(request: Request, deadlineMs: number): Promise<T> {
    if (this.#ended)
      return Promise.reject(
        new EmbeddedDatabaseUnavailableError("The embedded database's thread has ended."),
      );
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        const error = new EmbeddedDatabaseUnavailableError(`A statement took longer than ${deadlineMs} ms.`);
        this.#pending.get(id)?.reject(error);
        this.#pending.delete(id);
        void this.end("a statement overran its deadline");
      }, deadlineMs);
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #failAll(reason: string) {
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer);
      pending.reject(new EmbeddedDatabaseUnavailableError(reason));
      this.#pending.delete(id);
    }
  }
}
