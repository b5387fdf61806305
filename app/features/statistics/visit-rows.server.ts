import type { NewVisitEvent } from "./queries.server";

/** The columns of visit_events, in the order of a row's values (VisitRows.push). */
export const VISIT_ROW_COLUMNS = [
  "at",
  "kind",
  "path",
  "referrer_host",
  "referrer_path",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "screen",
  "browser",
  "os",
  "visitor",
  "entry",
  "not_found",
] as const;

type Value = string | boolean | null | undefined;

/**
 * Lines of text waiting for the next write, in a reused buffer: outside the JavaScript heap, so
 * that a busy second's lines are not promoted into V8's old generation and collected there.
 *
 * A buffer that another thread reads is handed over whole (`handOver`) and given back (`give`)
 * rather than copied: a copy a second is memory that waits for a full collection of the thread
 * that holds it last, and a thread that allocates little seldom has one (its buffers held the
 * server at tens of MB more in the form flood; docs/decisions/0025-visit-statistics.md).
 */
export class Lines {
  #bytes: Buffer<ArrayBuffer> | undefined;
  /** A buffer given back, for when this one is handed over. */
  #spare: ArrayBuffer | undefined;
  #length = 0;
  #count = 0;

  /** Writes into `buffer` (one given back by another thread), else into a new one at the first line. */
  constructor(buffer?: ArrayBuffer) {
    this.#spare = buffer;
  }

  /** The lines appended since the last `take` or `handOver`. */
  get count(): number {
    return this.#count;
  }

  /** Their size in bytes. */
  get bytes(): number {
    return this.#length;
  }

  append(line: string): void {
    // A UTF-16 unit is at most three bytes of UTF-8.
    const room = this.#length + line.length * 3;
    if (!this.#bytes || room > this.#bytes.length) this.#grow(room);
    this.#length += this.#bytes!.write(line, this.#length);
    this.#count++;
  }

  /** The lines appended so far, copied into a Blob; the buffer is then empty for the next ones. */
  take(): Blob {
    const lines = new Blob(this.#bytes ? [this.#bytes.subarray(0, this.#length)] : []);
    this.#length = 0;
    this.#count = 0;
    return lines;
  }

  /**
   * The lines appended so far, as a view of the whole buffer, to be transferred to another
   * thread: the next ones go into the buffer given back (or a new one).
   */
  handOver(): Uint8Array<ArrayBuffer> {
    // Nothing written since: the buffer given back goes on, so that it is not dropped.
    const buffer = this.#bytes?.buffer ?? this.#spare ?? new ArrayBuffer(0);
    if (!this.#bytes) this.#spare = undefined;
    const lines = new Uint8Array(buffer, 0, this.#length);
    this.#bytes = undefined;
    this.#length = 0;
    this.#count = 0;
    return lines;
  }

  /**
   * A buffer handed over before, back from the thread that read it: the next one to write into.
   * One transferred since is empty (detached), and not taken.
   */
  give(buffer: ArrayBuffer): void {
    if (buffer.byteLength > (this.#spare?.byteLength ?? 0)) this.#spare = buffer;
  }

  /** A buffer of at least `size` bytes, with the lines so far: an ArrayBuffer of its own, so it can be transferred. */
  #grow(size: number): void {
    const spare = this.#spare;
    this.#spare = undefined;
    const grown =
      spare && spare.byteLength >= size
        ? Buffer.from(spare)
        : Buffer.from(new ArrayBuffer(Math.max(size, 64 * 1024, (this.#bytes?.length ?? 0) * 2)));
    this.#bytes?.copy(grown, 0, 0, this.#length);
    this.#bytes = grown;
  }
}

/**
 * The events waiting for the next write (docs/decisions/0025-visit-statistics.md), as lines of
 * PostgreSQL's COPY text format: ready for the embedded database's `COPY … FROM '/dev/blob'` as
 * they are.
 */
export class VisitRows extends Lines {
  push(event: Omit<NewVisitEvent, "visitor">, visitor: string): void {
    this.append(
      `${event.at.toISOString()}\t${event.kind ?? "view"}\t${text(event.path)}\t${text(event.referrer_host)}` +
        `\t${text(event.referrer_path)}\t${text(event.utm_source)}\t${text(event.utm_medium)}` +
        `\t${text(event.utm_campaign)}\t${text(event.screen)}\t${text(event.browser)}\t${text(event.os)}` +
        `\t${text(visitor)}\t${text(event.entry ?? false)}\t${text(event.not_found ?? false)}\n`,
    );
  }
}

/** COPY's escapes in its text format: a value holds no raw separator or line break. */
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
const UNESCAPES: Record<string, string> = { "\\": "\\", t: "\t", n: "\n", r: "\r" };

/** A value in COPY's text format: NULL as \N, booleans as t and f. */
function text(value: Value): string {
  if (value === null || value === undefined) return "\\N";
  if (typeof value === "boolean") return value ? "t" : "f";
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : value;
}

/**
 * The rows' values, one array per column (VISIT_ROW_COLUMNS' order), as text or null: for a
 * database without COPY from a Blob (PostgreSQL through node-postgres).
 */
export function visitRowColumns(rows: string): (string | null)[][] {
  const columns: (string | null)[][] = VISIT_ROW_COLUMNS.map(() => []);
  for (const line of rows.split("\n")) {
    if (!line) continue;
    line.split("\t").forEach((value, index) => {
      columns[index]!.push(
        value === "\\N" ? null : value.replace(/\\(.)/g, (_, c: string) => UNESCAPES[c] ?? c),
      );
    });
  }
  return columns;
}
