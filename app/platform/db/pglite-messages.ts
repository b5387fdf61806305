/** The messages between the main thread and the embedded database's thread (pglite-worker.ts). */

/** PostgreSQL's error fields that are kept when an error crosses from the thread. */
export type ErrorFields = Record<string, string | number | boolean | undefined>;

export type Request =
  | {
      op: "query";
      sql: string;
      params: unknown[];
      rowMode: "array" | "object";
      rawTypes: number[];
      paramTypes?: number[];
      /** The data of `COPY … FROM '/dev/blob'` (a Blob crosses threads without a copy). */
      blob?: Blob;
    }
  | { op: "exec"; sql: string }
  | { op: "close" };

export type ErrorReply = { name: string; message: string; fields: ErrorFields; trap: boolean };

export type Reply =
  | { id: number; result: unknown }
  | { id: number; error: ErrorReply }
  | { ready: true }
  | { openError: ErrorReply };

export type WorkerInput = { dataDir: string | undefined; startParams: string[] };
