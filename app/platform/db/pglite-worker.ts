import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import type { ErrorFields, ErrorReply, Reply, Request, WorkerInput } from "./pglite-messages.ts";

/**
 * The embedded database's thread (started by pglite-thread.server.ts): opens PGlite in DATA_DIR
 * and answers the main thread's statements. It runs as its own module in a worker thread; the
 * production build emits it as build/server/pglite-worker.js, tests and the dev server run this
 * file directly (Node strips its types), so it uses only erasable TypeScript.
 */
const port = parentPort!;
const input = workerData as WorkerInput;
const post = (reply: Reply) => port.postMessage(reply);

// PostgreSQL's error fields; query, params and queryOptions stay here: they carry visitors' data.
const kept = new Set([
  "code",
  "severity",
  "detail",
  "hint",
  "position",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "routine",
]);
const describe = (error: unknown): ErrorReply => {
  const fields: ErrorFields = {};
  if (error && typeof error === "object") {
    for (const [key, value] of Object.entries(error)) {
      if (kept.has(key) && ["string", "number", "boolean"].includes(typeof value))
        fields[key] = value as string;
    }
  }
  return {
    name: error instanceof Error ? error.name : "Error",
    message: error instanceof Error ? error.message : String(error),
    fields,
    trap: error instanceof WebAssembly.RuntimeError,
  };
};

PGlite.create(input.dataDir, { startParams: input.startParams }).then(
  (db) => {
    port.on("message", (request: Request & { id: number }) => {
      const run = async () => {
        if (request.op === "query") {
          // Values of these types stay text here; the caller's parsers run in the main thread.
          const parsers = Object.fromEntries(
            request.rawTypes.map((type) => [type, (value: string) => value]),
          );
          const { rows, fields, affectedRows } = await db.query(request.sql, request.params, {
            rowMode: request.rowMode,
            parsers,
            paramTypes: request.paramTypes,
            blob: request.blob,
          });
          return { rows, fields, affectedRows };
        }
        if (request.op === "exec") {
          return (await db.exec(request.sql)).map(({ rows, fields, affectedRows }) => ({
            rows,
            fields,
            affectedRows,
          }));
        }
        // PGlite runs with fsync off: a checkpoint writes everything before closing.
        await db.exec("CHECKPOINT");
        await db.close();
        return null;
      };
      run().then(
        (result) => post({ id: request.id, result }),
        (error: unknown) => post({ id: request.id, error: describe(error) }),
      );
    });
    post({ ready: true });
  },
  (error: unknown) => post({ openError: describe(error) }),
);
