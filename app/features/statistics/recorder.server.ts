import type { Db } from "~/platform/db/engines.server";
import { logger, scrubError } from "~/platform/logger.server";
import { insertVisitEvents, saltOfDay } from "./queries.server";
import type { PendingVisit } from "./visits.server";
import { berlinDay, visitorKey } from "./visitor-key.server";

/**
 * The group commit of the counted events (docs/decisions/0025-visit-statistics.md): recording
 * pushes onto an array; a timer writes the array at most once per `intervalMs` in one insert,
 * and `flush` writes it at once (the graceful shutdown). A failed write is logged and its events
 * dropped; nothing here ever reaches a response. A crash loses what the array holds: at most
 * the last interval's events.
 */
export type VisitRecorder = {
  record(db: Promise<Db>, visit: PendingVisit): void;
  /** Writes what is buffered (after a write under way). */
  flush(): Promise<void>;
};

export function createVisitRecorder({
  now = () => new Date(),
  intervalMs = 1_000,
  maxBuffered = 10_000,
}: { now?: () => Date; intervalMs?: number; maxBuffered?: number } = {}): VisitRecorder {
  let buffer: PendingVisit[] = [];
  let database: Promise<Db> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let salt: { day: string; value: Uint8Array } | undefined;
  let dropped = 0;

  async function write(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = buffer;
    buffer = [];
    if (batch.length === 0 || !database) return;
    try {
      const db = await database;
      const day = berlinDay(now());
      // The first write of a day makes (or reads) its salt; the day before's is deleted then.
      if (salt?.day !== day) salt = { day, value: await saltOfDay(db, day) };
      const key = salt.value;
      await insertVisitEvents(
        db,
        batch.map(({ address, userAgent, ...event }) => ({
          ...event,
          visitor: visitorKey(key, address, userAgent),
        })),
      );
    } catch (error) {
      logger.warn({ err: scrubError(error), dropped: batch.length }, "visit statistics: events dropped");
    }
  }

  function flush(): Promise<void> {
    writing = writing.then(write);
    return writing;
  }

  return {
    record(db, visit) {
      database = db;
      if (buffer.length >= maxBuffered) {
        // The database is behind or gone: drop rather than grow, and say so once per write.
        if (dropped++ === 0) logger.warn({ maxBuffered }, "visit statistics: buffer full, events dropped");
        return;
      }
      buffer.push(visit);
      if (!timer) {
        timer = setTimeout(() => {
          timer = undefined;
          dropped = 0;
          void flush();
        }, intervalMs);
        timer.unref();
      }
    },
    flush,
  };
}
