import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

/**
 * A second's answers for the statistics' thread (visit-thread.ts), the day's salt, and the buffer
 * its rows went back in last time (if any) to write the rows into. Both buffers are transferred.
 */
export type VisitThreadRequest = {
  id: number;
  lines: Uint8Array<ArrayBuffer>;
  rows?: ArrayBuffer;
  salt: Uint8Array;
};
/**
 * Their page views as rows of visit_events (COPY's text format), with the lines' buffer given
 * back, both transferred; or why not.
 */
export type VisitThreadReply =
  { id: number; rows: Uint8Array<ArrayBuffer>; lines: ArrayBuffer } | { id: number; error: string };

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
export function createVisitThread(): {
  /** The rows of `lines`' page views, and their buffer back (`lines` is transferred, so empty here). */
  rowsOf(lines: Uint8Array<ArrayBuffer>, salt: Uint8Array): Promise<{ rows: Blob; lines: ArrayBuffer }>;
} {
  let worker: Worker | undefined;
  let nextId = 0;
  type Rows = { rows: Blob; lines: ArrayBuffer };
  const pending = new Map<number, { resolve: (rows: Rows) => void; reject: (error: Error) => void }>();
  // The buffer the last rows came back in: the thread writes the next ones into it.
  let spareRows: ArrayBuffer | undefined;

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
      if ("error" in reply) return waiting?.reject(new Error(reply.error));
      // Copied into a Blob for the database at once, so the buffer is free for the next rows.
      waiting?.resolve({ rows: new Blob([reply.rows]), lines: reply.lines });
      spareRows = reply.rows.buffer;
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
      const rows = spareRows;
      spareRows = undefined;
      return new Promise<Rows>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        thread.ref();
        thread.postMessage({ id, lines, rows, salt } satisfies VisitThreadRequest, [
          lines.buffer,
          ...(rows ? [rows] : []),
        ]);
      });
    },
  };
}
