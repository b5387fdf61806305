import type { Db } from "~/platform/db/engines.server";
import { logger, scrubError } from "~/platform/logger.server";
import { insertVisitRows, saltOfDay } from "./queries.server";
import { Lines, VisitRows } from "./visit-rows.server";
import { createVisitThread } from "./visit-thread.server";
import type { PendingVisit } from "./visits.server";
import { berlinDay, berlinMidnight, nextDay, visitorKey } from "./visitor-key.server";

/**
 * The group commit of the counted events (docs/decisions/0025-visit-statistics.md): recording
 * pushes onto the buffer; a timer writes it at most once per `intervalMs` in one insert,
 * and `flush` writes it at once (the graceful shutdown). A failed write is logged and its events
 * dropped; nothing here ever reaches a response. A crash loses what the buffer holds: at most
 * the last interval's events.
 */
export type VisitRecorder = {
  /** A conversion, or an event made elsewhere. */
  record(db: Promise<Db>, visit: PendingVisit): void;
  /** An answer's line (visits.server.ts, `answerLineOf`): the thread makes it a page view, or nothing. */
  recordAnswer(db: Promise<Db>, line: string): void;
  /** Writes what is buffered (after a write under way). */
  flush(): Promise<void>;
};

export function createVisitRecorder({
  now = () => new Date(),
  intervalMs = 1_000,
  maxBuffered = 10_000,
  // A page view's line is ~300 bytes; one with the largest headers Node takes is ~16 kB. Bounded
  // in bytes too, so that such lines hold neither this buffer nor the statistics' thread at
  // 10,000 times that.
  maxBufferedBytes = 4 * 1024 * 1024,
}: {
  now?: () => Date;
  intervalMs?: number;
  maxBuffered?: number;
  maxBufferedBytes?: number;
} = {}): VisitRecorder {
  // Events keyed when recorded (the day's salt known), as rows outside the heap; the others keep
  // their address and User-Agent until the write reads the salt.
  const keyed = new VisitRows();
  let unkeyed: PendingVisit[] = [];
  // Answers as the page cache's thread wrote them down, for the statistics' thread.
  const answers = new Lines();
  const thread = createVisitThread();
  let database: Promise<Db> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let salt: { day: string; start: number; end: number; value: Uint8Array } | undefined;
  let dropped = 0;

  async function write(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const count = keyed.count + unkeyed.length + answers.count;
    const batch = keyed.take();
    const waiting = unkeyed;
    unkeyed = [];
    const lines = answers.handOver();
    if (count === 0 || !database) {
      answers.give(lines.buffer);
      return;
    }
    try {
      const rows = [batch];
      const db = await database;
      if (waiting.length > 0 || lines.length > 0) {
        const day = berlinDay(now());
        // The first write of a day makes (or reads) its salt; the day before's is deleted then.
        if (salt?.day !== day) {
          const start = berlinMidnight(day).getTime();
          salt = { day, start, end: berlinMidnight(nextDay(day)).getTime(), value: await saltOfDay(db, day) };
        }
        const late = new VisitRows();
        for (const visit of waiting) late.push(visit, visitorKey(salt.value, visit.address, visit.userAgent));
        rows.push(late.take());
        if (lines.length > 0) {
          const views = await thread.rowsOf(lines, salt.value);
          answers.give(views.lines);
          rows.push(views.rows);
        }
      }
      await insertVisitRows(db, new Blob(rows));
    } catch (error) {
      logger.warn({ err: scrubError(error), dropped: count }, "visit statistics: events dropped");
    } finally {
      // The lines' buffer, unless it went to the thread (whose answer gave it back, or which
      // failed and took it with it): it is empty (detached) then, and not taken.
      answers.give(lines.buffer);
    }
  }

  function flush(): Promise<void> {
    writing = writing.then(write);
    return writing;
  }

  /** Whether one more event fits: the database is behind or gone when not (said once per write). */
  function room(): boolean {
    const count = keyed.count + unkeyed.length + answers.count;
    if (count < maxBuffered && keyed.bytes + answers.bytes < maxBufferedBytes) return true;
    if (dropped++ === 0) {
      logger.warn({ maxBuffered, maxBufferedBytes }, "visit statistics: buffer full, events dropped");
    }
    return false;
  }

  function writeSoon(): void {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      dropped = 0;
      void flush();
    }, intervalMs);
    timer.unref();
  }

  return {
    record(db, visit) {
      database = db;
      if (!room()) return;
      // Keyed at once while the salt read by the last write is today's: the address and the
      // User-Agent are not kept, and the heap holds nothing per event.
      const moment = now().getTime();
      if (salt && moment >= salt.start && moment < salt.end) {
        keyed.push(visit, visitorKey(salt.value, visit.address, visit.userAgent));
      } else {
        unkeyed.push(visit);
      }
      writeSoon();
    },
    recordAnswer(db, line) {
      database = db;
      if (!room()) return;
      answers.append(line);
      writeSoon();
    },
    flush,
  };
}
