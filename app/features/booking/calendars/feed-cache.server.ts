import { createHash } from "node:crypto";
import { readCalDavBusy, type CalDavAccount } from "./caldav.server.ts";
import { mergeIntervals, type Interval, type TimeRange } from "./ics-busy.ts";
import { readIcsFeed } from "./ics-feed.server.ts";
import { CALENDAR_MESSAGES } from "./messages.ts";

/**
 * The owner's calendars as one list of busy times, read through a cache in this process
 * (decision 0028). Fail closed: a source that cannot be read blocks every slot it could block
 * (`complete: false`, the caller offers none) unless a good copy of it is younger than 6 hours.
 */

export type BusySource = { kind: "ics"; url: string } | { kind: "caldav"; account: CalDavAccount };

/** Per source, in the order given: whether this read succeeded, why not, and the copy used. */
export type SourceReport = { ok: boolean; error?: string; lastGoodAt?: Date };

export type SourcesBusy = {
  /** All sources' busy times within the range, merged and sorted. */
  busy: Interval[];
  /** False when a source has neither a fresh read nor a good copy: offer no slots. */
  complete: boolean;
  sources: SourceReport[];
};

/** A copy this young is used without asking the source again. */
export const FRESH_MS = 5 * 60_000;
/** A copy this young stands in for a source that fails (the rule). */
export const GOOD_COPY_MS = 6 * 3_600_000;
/** A source that just failed is not asked again at once: each page view would wait its timeout. */
export const RETRY_AFTER_FAILURE_MS = 60_000;
/** The longest span one read covers; a cache that grew beyond it starts again from the range. */
const MAX_SPAN_MS = 400 * 86_400_000;
const DAY_MS = 86_400_000;

type Copy = { busy: Interval[]; range: TimeRange; at: number };
type Entry = { good?: Copy; failure?: { at: number; error: string } };

export function createBusyCache({ timeoutMs }: { timeoutMs?: number } = {}) {
  const entries = new Map<string, Entry>();
  const reading = new Map<string, Promise<void>>();

  async function readSource(
    source: BusySource,
    range: TimeRange,
    now: number,
  ): Promise<SourceReport & { busy?: Interval[] }> {
    const key = keyOf(source);
    // Readers of one source queue behind one read and then look at what it left.
    for (let pending = reading.get(key); pending; pending = reading.get(key)) await pending;
    const entry = entries.get(key) ?? {};
    entries.set(key, entry);
    const { good, failure } = entry;
    const usable = good && now - good.at < GOOD_COPY_MS && covers(good.range, range) ? good : undefined;
    const lastGoodAt = good ? new Date(good.at) : undefined;
    if (usable && now - usable.at < FRESH_MS)
      return { ok: true, lastGoodAt, busy: within(usable.busy, range) };
    if (!failure || now - failure.at >= RETRY_AFTER_FAILURE_MS || (good && good.at > failure.at)) {
      const wanted = readRange(range, good, now);
      const read = (async () => {
        const result = await readOnce(source, wanted, timeoutMs);
        if (result.ok) {
          entry.good = { busy: result.busy, range: wanted, at: now };
          entry.failure = undefined;
        } else {
          entry.failure = { at: now, error: result.error };
        }
      })();
      reading.set(key, read);
      try {
        await read;
      } finally {
        reading.delete(key);
      }
      if (!entry.failure && entry.good) {
        return { ok: true, lastGoodAt: new Date(entry.good.at), busy: within(entry.good.busy, range) };
      }
    }
    const error = entry.failure!.error;
    if (usable) return { ok: false, error, lastGoodAt, busy: within(usable.busy, range) };
    return { ok: false, error, ...(lastGoodAt && { lastGoodAt }) };
  }

  /** The busy times of all sources within `range`; `now` is injectable for tests. */
  async function busyFromSources(
    sources: BusySource[],
    range: TimeRange,
    now = new Date(),
  ): Promise<SourcesBusy> {
    const at = now.getTime();
    for (const [key, entry] of entries) {
      const last = Math.max(entry.good?.at ?? 0, entry.failure?.at ?? 0);
      if (at - last > GOOD_COPY_MS && !reading.has(key)) entries.delete(key);
    }
    const reports = await Promise.all(sources.map((source) => readSource(source, range, at)));
    return {
      busy: mergeIntervals(reports.flatMap((report) => report.busy ?? [])),
      complete: reports.every((report) => report.busy),
      sources: reports.map(({ busy: _busy, ...report }) => report),
    };
  }

  return { busyFromSources };
}

/** The process's cache: what the slots of `/termine` and the admin's calendar list read. */
export const { busyFromSources } = createBusyCache();

/** The readers never throw; should one (a bug), the source counts as unreadable: fail closed. */
async function readOnce(source: BusySource, range: TimeRange, timeoutMs: number | undefined) {
  try {
    return source.kind === "ics"
      ? await readIcsFeed(source.url, { ...range, timeoutMs })
      : await readCalDavBusy(source.account, range, { timeoutMs });
  } catch {
    return { ok: false as const, error: CALENDAR_MESSAGES.readFailed };
  }
}

function keyOf(source: BusySource): string {
  if (source.kind === "ics") return `ics ${source.url.trim()}`;
  const { url, username, password } = source.account;
  // A new password must not wait out the old one's failure; the key keeps only its hash.
  const secret = createHash("sha256").update(password).digest("base64url");
  return `caldav ${url.trim()} ${username} ${secret}`;
}

/**
 * What to read: the range, joined with what the good copy covers (from today on), so views of
 * different months share one copy instead of replacing each other's.
 */
function readRange(range: TimeRange, good: Copy | undefined, now: number): TimeRange {
  if (!good || now - good.at >= GOOD_COPY_MS) return range;
  const from = Math.min(range.from.getTime(), Math.max(good.range.from.getTime(), now - DAY_MS));
  const to = Math.max(range.to.getTime(), good.range.to.getTime());
  return to - from > MAX_SPAN_MS ? range : { from: new Date(from), to: new Date(to) };
}

const covers = (outer: TimeRange, inner: TimeRange) =>
  outer.from.getTime() <= inner.from.getTime() && outer.to.getTime() >= inner.to.getTime();

const within = (busy: Interval[], range: TimeRange) =>
  busy.filter((interval) => interval.start < range.to && interval.end > range.from);
