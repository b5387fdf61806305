import { busyFromIcs, type Interval, type TimeRange } from "./ics-busy.ts";
import { CALENDAR_MESSAGES } from "./messages.ts";

/**
 * A read-only calendar feed (the "secret address in iCal format" of Google, Outlook, iCloud):
 * one bounded GET, then the busy times within the range. Never throws: a failure is a German
 * sentence for the owner, shown beside the feed in the admin.
 */

export type FeedRead = { ok: true; busy: Interval[] } | { ok: false; error: string };

export type FeedOptions = TimeRange & {
  /** The network, for a caller that has its own (a proxy); the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxBytes?: number;
};

export const FEED_TIMEOUT_MS = 10_000;
/** Five years of a busy person's calendar is ~2 MB; beyond this it is not a calendar we expect. */
export const FEED_MAX_BYTES = 5 * 1024 * 1024;

/** The feed address as fetched: http(s), and webcal:// (what Google and iCloud publish) as https. */
export function feedUrl(value: string): { url: URL } | { error: string } {
  let url: URL;
  try {
    url = new URL(value.trim().replace(/^webcals?:\/\//i, "https://"));
  } catch {
    return { error: CALENDAR_MESSAGES.feedUrlInvalid };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { error: CALENDAR_MESSAGES.feedUrlScheme };
  return { url };
}

export async function readIcsFeed(address: string, options: FeedOptions): Promise<FeedRead> {
  const checked = feedUrl(address);
  if ("error" in checked) return { ok: false, error: checked.error };
  const download = await boundedGet(checked.url, options);
  if ("error" in download) return { ok: false, error: download.error };
  const result = busyFromIcs(download.text, options);
  if (result.ok) return result;
  const host = checked.url.host;
  return {
    ok: false,
    error:
      result.reason === "too-many-occurrences"
        ? CALENDAR_MESSAGES.tooManyOccurrences(host)
        : CALENDAR_MESSAGES.notACalendar(host),
  };
}

async function boundedGet(url: URL, options: FeedOptions): Promise<{ text: string } | { error: string }> {
  const { timeoutMs = FEED_TIMEOUT_MS, maxBytes = FEED_MAX_BYTES } = options;
  const host = url.host;
  const signal = AbortSignal.timeout(timeoutMs);
  const failed = () =>
    signal.aborted
      ? { error: CALENDAR_MESSAGES.feedTimeout(host, Math.ceil(timeoutMs / 1000)) }
      : { error: CALENDAR_MESSAGES.feedUnreachable(host) };
  const tooLarge = { error: CALENDAR_MESSAGES.feedTooLarge(host, Math.round(maxBytes / 1024 / 1024)) };
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      signal,
      headers: { accept: "text/calendar, */*;q=0.1" },
    });
  } catch {
    return failed();
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    return { error: CALENDAR_MESSAGES.feedStatus(host, response.status) };
  }
  if (Number(response.headers.get("content-length") ?? 0) > maxBytes) {
    await response.body?.cancel().catch(() => {});
    return tooLarge;
  }
  // Counted as it arrives: a chunked answer has no length to check first, and fetch has
  // already unpacked gzip, so this also bounds what a small compressed answer unpacks to.
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    const reader = response.body?.getReader();
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
      size += chunk.value.byteLength;
      if (size > maxBytes) {
        await reader?.cancel().catch(() => {});
        return tooLarge;
      }
      chunks.push(chunk.value);
    }
  } catch {
    return failed();
  }
  return { text: new TextDecoder().decode(Buffer.concat(chunks)) };
}
