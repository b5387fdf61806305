import { calendarQuery, createObject, deleteObject, propfind, type DAVResponse } from "tsdav";
import { busyFromIcs, type Interval, type TimeRange } from "./ics-busy.ts";
import { CALENDAR_MESSAGES } from "./messages.ts";

/**
 * The owner's one CalDAV calendar (Nextcloud, mailbox.org, iCloud with an app password),
 * addressed by its collection URL: busy times read, bookings written and removed. Through
 * tsdav's request functions, which take the URL as given; its `DAVClient` would first discover
 * the account's calendars from the server root. Never throws: a failure is a German sentence.
 */

export type CalDavAccount = { url: string; username: string; password: string };
export type CalDavOptions = { timeoutMs?: number; fetch?: typeof fetch };
export type CalDavFailure = { ok: false; error: string };

export const CALDAV_TIMEOUT_MS = 10_000;
/** A month of a busy calendar is well under 1 MB. */
export const CALDAV_MAX_BYTES = 10 * 1024 * 1024;

/** The collection URL: https anywhere, http only on this machine, credentials in their fields. */
export function calDavUrl(value: string): { url: URL } | { error: string } {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return { error: CALENDAR_MESSAGES.calDavUrlInvalid };
  }
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  // Basic auth sends the password with every request.
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) {
    return { error: CALENDAR_MESSAGES.calDavUrlScheme };
  }
  if (url.username || url.password) return { error: CALENDAR_MESSAGES.calDavUrlCredentials };
  // Object URLs are resolved against it, so it must end like a folder.
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  return { url };
}

/** "Verbindung prüfen": the URL is a calendar for events that this account may write to. */
export async function checkCalDav(
  account: CalDavAccount,
  options: CalDavOptions = {},
): Promise<{ ok: true; name?: string } | CalDavFailure> {
  return davSession(account, options, async (session) => {
    const checked = await session.calendar();
    return "error" in checked ? checked : { ok: true, ...(checked.name && { name: checked.name }) };
  });
}

/** The calendar's busy times within the range (calendar-query REPORT with a time-range). */
export async function readCalDavBusy(
  account: CalDavAccount,
  range: TimeRange,
  options: CalDavOptions = {},
): Promise<{ ok: true; busy: Interval[] } | CalDavFailure> {
  return davSession(account, options, async (session) => {
    // A URL that is no calendar (the account's home) answers the query with nothing: that
    // would read as a free calendar, so the read fails unless the URL is one.
    const checked = await session.calendar();
    if ("error" in checked) return checked;
    const responses = await calendarQuery({
      url: session.url.href,
      props: { "d:getetag": {}, "c:calendar-data": {} },
      filters: {
        "comp-filter": {
          _attributes: { name: "VCALENDAR" },
          "comp-filter": {
            _attributes: { name: "VEVENT" },
            "time-range": { _attributes: { start: utcStamp(range.from), end: utcStamp(range.to) } },
          },
        },
      },
      depth: "1",
      ...session.request,
    });
    const busy: Interval[] = [];
    for (const response of responses) {
      const data = calendarDataOf(response);
      if (!data) continue;
      const result = busyFromIcs(data, range);
      if (!result.ok) return { ok: false, error: CALENDAR_MESSAGES.calDavBrokenEvent(session.url.host) };
      busy.push(...result.busy);
    }
    return { ok: true, busy: busy.sort((a, b) => a.start.getTime() - b.start.getTime()) };
  });
}

/**
 * Puts an event (invitation.server.ts, `calendarEventIcs`) into the calendar as `<uid>.ics`,
 * or over `href` when given (a moved booking). A new one is sent with If-None-Match, so it
 * never replaces another's object; a 412 there means an earlier try of this same booking
 * arrived (the name is its UID), which is then replaced.
 */
export async function writeCalDavEvent(
  account: CalDavAccount,
  event: { uid: string; ics: string; href?: string },
  options: CalDavOptions = {},
): Promise<{ ok: true; href: string } | CalDavFailure> {
  return davSession(account, options, async (session) => {
    const target = event.href
      ? session.sameOrigin(event.href)
      : new URL(`${encodeURIComponent(event.uid)}.ics`, session.url);
    if (!target) return { ok: false, error: CALENDAR_MESSAGES.calDavUrlInvalid };
    const put = (condition: Record<string, string>) =>
      createObject({
        url: target.href,
        data: event.ics,
        headers: { "content-type": "text/calendar; charset=utf-8", ...condition, ...session.request.headers },
        fetch: session.request.fetch,
      });
    let response = await put(event.href ? {} : { "if-none-match": "*" });
    if (response.status === 412 && !event.href) response = await put({});
    if (!response.ok) return { ok: false, error: session.statusError(response.status) };
    return { ok: true, href: target.href };
  });
}

/** Removes an event written before; one that is gone already counts as removed. */
export async function deleteCalDavEvent(
  account: CalDavAccount,
  href: string,
  options: CalDavOptions = {},
): Promise<{ ok: true } | CalDavFailure> {
  return davSession(account, options, async (session) => {
    const target = session.sameOrigin(href);
    if (!target) return { ok: false, error: CALENDAR_MESSAGES.calDavUrlInvalid };
    const response = await deleteObject({ url: target.href, ...session.request });
    if (response.ok || response.status === 404 || response.status === 410) return { ok: true };
    return { ok: false, error: session.statusError(response.status) };
  });
}

type Session = {
  url: URL;
  /** What every tsdav call gets: the credentials and the bounded, timed fetch. */
  request: { headers: Record<string, string>; fetch: typeof fetch };
  calendar(): Promise<{ name?: string } | CalDavFailure>;
  statusError(status: number): string;
  /** `href` as a URL when it is on the calendar's server, which is where the password may go. */
  sameOrigin(href: string): URL | undefined;
};

class TooLarge extends Error {}

async function davSession<T extends { ok: boolean }>(
  account: CalDavAccount,
  { timeoutMs = CALDAV_TIMEOUT_MS, fetch: baseFetch = fetch }: CalDavOptions,
  run: (session: Session) => Promise<T | CalDavFailure>,
): Promise<T | CalDavFailure> {
  const checked = calDavUrl(account.url);
  if ("error" in checked) return { ok: false, error: checked.error };
  const url = checked.url;
  const host = url.host;
  const signal = AbortSignal.timeout(timeoutMs);
  let answered = false;
  // tsdav reads whole answers with `text()` and has no timeout: both are bounded here.
  const boundedFetch: typeof fetch = async (input, init) => {
    const response = await baseFetch(input, { ...init, signal });
    answered = true;
    const body = await readBounded(response);
    const empty = body.byteLength === 0 || [204, 205, 304].includes(response.status);
    return new Response(empty ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  const statusError = (status: number) =>
    status === 401
      ? CALENDAR_MESSAGES.calDavUnauthorized
      : status === 403
        ? CALENDAR_MESSAGES.calDavForbidden(host)
        : status === 404
          ? CALENDAR_MESSAGES.calDavNotFound(host)
          : status === 405 || status === 415 || status === 501
            ? CALENDAR_MESSAGES.calDavNotACalendar(host)
            : CALENDAR_MESSAGES.calDavStatus(host, status);
  const session: Session = {
    url,
    request: { headers: { authorization: basicAuth(account) }, fetch: boundedFetch },
    statusError,
    sameOrigin(href) {
      try {
        const target = new URL(href, url);
        return target.origin === url.origin ? target : undefined;
      } catch {
        return undefined;
      }
    },
    async calendar() {
      const [response] = await propfind({
        url: url.href,
        props: {
          "d:resourcetype": {},
          "d:displayname": {},
          "d:current-user-privilege-set": {},
          "c:supported-calendar-component-set": {},
        },
        depth: "0",
        ...session.request,
      });
      if (!response) return { ok: false, error: CALENDAR_MESSAGES.calDavNotACalendar(host) };
      if (!response.ok) return { ok: false, error: statusError(response.status) };
      const props = response.props ?? {};
      const components = componentNames(props.supportedCalendarComponentSet);
      if (
        !("calendar" in (props.resourcetype ?? {})) ||
        (components.length > 0 && !components.includes("VEVENT"))
      ) {
        return { ok: false, error: CALENDAR_MESSAGES.calDavNotACalendar(host) };
      }
      const privileges = privilegeNames(props.currentUserPrivilegeSet);
      if (
        privileges.length > 0 &&
        !privileges.some((name) => ["all", "write", "writeContent"].includes(name))
      ) {
        return { ok: false, error: CALENDAR_MESSAGES.calDavReadOnly(host) };
      }
      const name = textOf(props.displayname);
      return name ? { name } : {};
    },
  };
  try {
    return await run(session);
  } catch (error) {
    if (error instanceof TooLarge) {
      return { ok: false, error: CALENDAR_MESSAGES.calDavTooLarge(host, CALDAV_MAX_BYTES / 1024 / 1024) };
    }
    if (signal.aborted) {
      return { ok: false, error: CALENDAR_MESSAGES.calDavTimeout(host, Math.ceil(timeoutMs / 1000)) };
    }
    if (!answered) return { ok: false, error: CALENDAR_MESSAGES.calDavUnreachable(host) };
    // tsdav throws on an error status inside a multistatus answer of the query.
    const status = Number(/failed: (\d{3})/.exec(String(error))?.[1]);
    return { ok: false, error: status ? statusError(status) : CALENDAR_MESSAGES.calDavNotACalendar(host) };
  }
}

async function readBounded(response: Response): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(response.headers.get("content-length") ?? 0) > CALDAV_MAX_BYTES) {
    await response.body?.cancel().catch(() => {});
    throw new TooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
    size += chunk.value.byteLength;
    if (size > CALDAV_MAX_BYTES) {
      await reader?.cancel().catch(() => {});
      throw new TooLarge();
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks);
}

/**
 * RFC 7617 with UTF-8: tsdav's own header helper refuses any character beyond Latin-1, and
 * app passwords and user names may hold one.
 */
function basicAuth({ username, password }: CalDavAccount): string {
  return `Basic ${Buffer.from(`${username}:${password}`, "utf8").toString("base64")}`;
}

/** 2026-03-01T00:00:00.000Z as CalDAV's time-range wants it: 20260301T000000Z. */
const utcStamp = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

/** tsdav hands text either as a string or, from a CDATA section, as `{ _cdata }`. */
function textOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "_cdata" in value) return String(value._cdata);
  if (value && typeof value === "object" && "_text" in value) return String(value._text);
  return undefined;
}

const calendarDataOf = (response: DAVResponse) => textOf(response.props?.calendarData);

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value == null ? [] : [value]);

function componentNames(set: unknown): string[] {
  const comps = asList((set as { comp?: unknown } | undefined)?.comp);
  return comps.map((comp) =>
    String((comp as { _attributes?: { name?: string } })._attributes?.name ?? "").toUpperCase(),
  );
}

function privilegeNames(set: unknown): string[] {
  return asList((set as { privilege?: unknown } | undefined)?.privilege).flatMap((privilege) =>
    privilege && typeof privilege === "object" ? Object.keys(privilege) : [],
  );
}
