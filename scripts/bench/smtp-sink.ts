/**
 * A local SMTP server for `npm run bench` that accepts every mail and keeps only who got it and
 * when: message bodies are dropped as they arrive, so 10,000 newsletter mails cost no memory here.
 * It runs in a thread of the bench process (scripts/bench/smtp-sink-thread.ts).
 *
 * Not the `smtp-server` package the tests receive mail with: it greets a client 100 ms after the
 * connection (a fixed pause to catch clients that talk too soon; smtp-server 3.21,
 * SMTPConnection.init), and the server opens a connection per mail, so the bench would measure
 * that pause (at most 10 mails/s) instead of the server.
 */
import { Worker } from "node:worker_threads";
import type { SinkEvent } from "./smtp-sink-thread.ts";

export type SmtpSink = {
  url: string;
  /** Mails received (ended DATA), duplicates included, and their distinct recipients. */
  readonly received: number;
  readonly distinct: number;
  /** performance.now() of the first connection, and of the end of the last mail. */
  readonly firstConnectionAt: number | undefined;
  readonly lastMailAt: number | undefined;
  /**
   * Resolves once `condition()` holds (checked at every connection and mail); rejects when
   * `stallMs` pass without a connection or mail while it does not hold yet.
   */
  until(condition: () => boolean, stallMs: number, what: string): Promise<void>;
  /** Stops the sink; resolves to how many mails each recipient (in lower case) got. */
  close(): Promise<Map<string, number>>;
};

export async function startSmtpSink(): Promise<SmtpSink> {
  const worker = new Worker(new URL("./smtp-sink-thread.ts", import.meta.url));
  let received = 0;
  let distinct = 0;
  let firstConnectionAt: number | undefined;
  let lastMailAt: number | undefined;
  let recipients: ((value: Map<string, number>) => void) | undefined;
  const listeners = new Set<() => void>();
  // Times from the thread, on this thread's performance.now() scale.
  const local = (at: number) => at - performance.timeOrigin;

  const port = await new Promise<number>((resolve, reject) => {
    worker.once("error", reject);
    worker.on("message", (event: SinkEvent) => {
      if (event.type === "listening") resolve(event.port);
      else if (event.type === "connection") firstConnectionAt ??= local(event.at);
      else if (event.type === "mail") {
        ({ received, distinct } = event);
        lastMailAt = local(event.at);
      } else if (event.type === "closed") recipients?.(new Map(event.recipients));
      for (const listener of listeners) listener();
    });
  });

  return {
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return received;
    },
    get distinct() {
      return distinct;
    },
    get firstConnectionAt() {
      return firstConnectionAt;
    },
    get lastMailAt() {
      return lastMailAt;
    },
    until(condition, stallMs, what) {
      return new Promise((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        const check = () => {
          if (condition()) {
            done();
            resolve();
            return;
          }
          clearTimeout(timer);
          timer = setTimeout(() => {
            done();
            reject(new Error(`${what}: nothing reached the SMTP sink for ${stallMs / 1000} s`));
          }, stallMs);
        };
        listeners.add(check);
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        recipients = resolve;
        worker.postMessage("close");
      }),
  };
}
