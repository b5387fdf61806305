import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

/** A second's answers for the statistics' thread (visit-thread.ts), and the day's salt. */
export type VisitThreadRequest = { id: number; lines: Blob; salt: Uint8Array };
/** Their page views as rows of visit_events (COPY's text format), or why not. */
export type VisitThreadReply = { id: number; rows: Blob } | { id: number; error: string };

/** The thread's module: next to the server bundle when built, else this folder's source. */
function threadModule(): URL {
  const built = new URL("./" + "visit-thread.js", import.meta.url);
  return existsSync(fileURLToPath(built)) ? built : new URL("./" + "visit-thread.ts", import.meta.url);
}

/**
 * The thread's heap: a second's lines are a few MB (recorder.server.ts bounds them). V8's
 * defaults for a new isolate (young generation sized for throughput) cost the process tens of MB
 * of RSS for nothing; an old generation of 32 MB cost the process 20 MB less than one of 64 MB
 * after a minute of 5,000 views a second, in the same time (docs/decisions/0025-visit-statistics.md).
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 32 };

/**
 * The statistics' thread, started at the first write and started again after it failed. It
 * keeps the process alive only while it has work: a server that ends does not wait for it.
 */
export function createVisitThread(): { rowsOf(lines: Blob, salt: Uint8Array): Promise<Blob> } {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve: (rows: Blob) => void; reject: (error: Error) => void }>();

  const failAll = (reason: string) => {
    for (const { reject } of pending.values()) reject(new Error(`the statistics' thread ${reason}`));
    pending.clear();
    worker = undefined;
  };

  function started(): Worker {
    if (worker) return worker;
    const thread = new Worker(threadModule(), { resourceLimits: THREAD_LIMITS });
    thread.on("message", (reply: VisitThreadReply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (pending.size === 0) thread.unref();
      if ("error" in reply) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.rows);
    });
    thread.on("error", (error) => {
      if (worker === thread) failAll(`failed: ${error.message}`);
    });
    thread.on("exit", () => {
      if (worker === thread) failAll("has ended");
    });
    thread.unref();
    worker = thread;
    return thread;
  }

  return {
    rowsOf(lines, salt) {
      const thread = started();
      const id = nextId++;
      return new Promise<Blob>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        thread.ref();
        thread.postMessage({ id, lines, salt } satisfies VisitThreadRequest);
      });
    },
  };
}
