import { readFileSync } from "node:fs";
import path from "node:path";
import ICAL from "ical.js";
import fc from "fast-check";
import { Temporal } from "temporal-polyfill";
import { expect, test } from "vitest";
import { serveLocally } from "#tests/setup/local-http";
import { freePort } from "#tests/setup/server-process";
import { busyFromIcs, type Interval, type TimeRange } from "./ics-busy";
import { feedUrl, readIcsFeed } from "./ics-feed.server";
import { CALENDAR_MESSAGES } from "./messages";

/**
 * Feeds served by the test itself from fixtures/ over real HTTP. March 2026 in Berlin: UTC+1
 * until Sunday the 29th, 02:00, then UTC+2 (until Sunday 25 October, 03:00).
 */
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
const MARCH: TimeRange = {
  from: new Date("2026-03-01T00:00:00+01:00"),
  to: new Date("2026-04-01T00:00:00+02:00"),
};
const asText = (busy: Interval[]) =>
  busy.map(({ start, end }) => `${start.toISOString()} – ${end.toISOString()}`);
const berlinTime = (date: Date) =>
  Temporal.Instant.fromEpochMilliseconds(date.getTime())
    .toZonedDateTimeISO("Europe/Berlin")
    .toPlainTime()
    .toString();

async function serveText(body: string, type = "text/calendar; charset=utf-8") {
  return serveLocally((_, response) => response.writeHead(200, { "content-type": type }).end(body));
}

test("a feed's busy times in March: series with UNTIL, COUNT, EXDATE and a moved occurrence, all-day, zones", async () => {
  const server = await serveText(fixture("march-2026.ics"));
  try {
    const result = await readIcsFeed(`${server.url}/arbeit.ics`, MARCH);
    expect(result.ok).toBe(true);
    expect(result.ok && asText(result.busy)).toEqual([
      "2026-03-02T09:00:00.000Z – 2026-03-02T10:00:00.000Z", // Jour fixe, Monday 10:00
      "2026-03-04T14:00:00.000Z – 2026-03-04T15:00:00.000Z", // Coaching 1 of 3
      "2026-03-09T09:00:00.000Z – 2026-03-09T10:00:00.000Z", // Jour fixe
      "2026-03-10T12:00:00.000Z – 2026-03-10T13:00:00.000Z", // in UTC
      "2026-03-11T14:00:00.000Z – 2026-03-11T15:00:00.000Z", // Coaching 2 of 3
      "2026-03-12T08:00:00.000Z – 2026-03-12T08:30:00.000Z", // floating: Berlin's 09:00
      "2026-03-13T08:00:00.000Z – 2026-03-13T09:00:00.000Z", // "W. Europe Standard Time" by its VTIMEZONE
      "2026-03-18T14:00:00.000Z – 2026-03-18T15:00:00.000Z", // Coaching 3 of 3 (COUNT=3)
      "2026-03-19T23:00:00.000Z – 2026-03-20T23:00:00.000Z", // all-day: the whole Berlin day
      // Monday the 16th is an EXDATE; the 23rd moved to Tuesday 14:00 (RECURRENCE-ID).
      "2026-03-24T13:00:00.000Z – 2026-03-24T14:00:00.000Z",
      "2026-03-30T08:00:00.000Z – 2026-03-30T09:00:00.000Z", // the last one, UNTIL, now in summer time
    ]);
    // Not there: the transparent lunch on the 5th, the cancelled event on the 6th, April, 2024.
  } finally {
    await server.close();
  }
});

test("a weekly 09:00 Berlin event stays 09:00 local across both daylight-saving changes of 2026", async () => {
  const server = await serveText(fixture("weekly-across-dst.ics"));
  try {
    const range = { from: new Date("2026-03-15T00:00:00Z"), to: new Date("2026-11-09T00:00:00Z") };
    const result = await readIcsFeed(`${server.url}/sonntags.ics`, range);
    if (!result.ok) throw new Error(result.error);
    // Sunday 15 March to Sunday 8 November: 34 weeks apart.
    expect(result.busy).toHaveLength(35);
    expect(new Set(result.busy.map(({ start }) => berlinTime(start)))).toEqual(new Set(["09:00:00"]));
    expect(new Set(result.busy.map(({ end }) => berlinTime(end)))).toEqual(new Set(["10:00:00"]));
    const starts = result.busy.map(({ start }) => start.toISOString());
    // The last Sundays of March and of October, and the Sundays before them.
    expect(starts).toContain("2026-03-22T08:00:00.000Z");
    expect(starts).toContain("2026-03-29T07:00:00.000Z");
    expect(starts).toContain("2026-10-18T07:00:00.000Z");
    expect(starts).toContain("2026-10-25T08:00:00.000Z");
  } finally {
    await server.close();
  }
});

test("webcal:// is read as https://; other schemes and non-URLs are refused in German", () => {
  const google =
    "webcal://calendar.google.com/calendar/ical/abc%40group.calendar.google.com/private-x/basic.ics";
  expect("url" in feedUrl(google) && feedUrl(google)).toMatchObject({
    url: new URL(google.replace("webcal://", "https://")),
  });
  expect(feedUrl("ftp://example.org/kalender.ics")).toEqual({ error: CALENDAR_MESSAGES.feedUrlScheme });
  expect(feedUrl("kalender.ics")).toEqual({ error: CALENDAR_MESSAGES.feedUrlInvalid });
});

test("a feed that answers 404 gets the status in German", async () => {
  const server = await serveLocally((_, response) => response.writeHead(404).end("Not Found"));
  try {
    const result = await readIcsFeed(`${server.url}/weg.ics`, MARCH);
    expect(result).toEqual({ ok: false, error: CALENDAR_MESSAGES.feedStatus(new URL(server.url).host, 404) });
    expect(result.ok || result.error).toContain("HTTP 404");
  } finally {
    await server.close();
  }
});

test("an HTML page where the feed should be is not a calendar (and not an empty one)", async () => {
  const server = await serveText("<!doctype html><title>Anmelden</title><p>Bitte anmelden", "text/html");
  try {
    const result = await readIcsFeed(`${server.url}/login`, MARCH);
    expect(result).toEqual({ ok: false, error: CALENDAR_MESSAGES.notACalendar(new URL(server.url).host) });
  } finally {
    await server.close();
  }
});

test("a feed server that never answers is given up after the timeout", async () => {
  let heard: () => void;
  const requestArrived = new Promise<void>((resolve) => (heard = resolve));
  const server = await serveLocally(() => heard()); // and no answer
  try {
    const reading = readIcsFeed(`${server.url}/haengt.ics`, { ...MARCH, timeoutMs: 300 });
    await requestArrived;
    expect(await reading).toEqual({
      ok: false,
      error: CALENDAR_MESSAGES.feedTimeout(new URL(server.url).host, 1),
    });
  } finally {
    await server.close();
  }
});

test("a feed larger than 5 MB is refused, also when it comes chunked without a length", async () => {
  const line = `X-FILL:${"x".repeat(1000)}\r\n`;
  let written = 0;
  const server = await serveLocally((_, response) => {
    response.writeHead(200, { "content-type": "text/calendar" });
    response.write("BEGIN:VCALENDAR\r\n");
    // 6 MB in 1 KB lines; the reader stops after 5 MB and closes the connection.
    const more = () => {
      while (written < 6 * 1024 && response.write(line)) written++;
      if (written < 6 * 1024) response.once("drain", more);
      else response.end("END:VCALENDAR\r\n");
    };
    response.on("error", () => {});
    more();
  });
  try {
    const result = await readIcsFeed(`${server.url}/riesig.ics`, MARCH);
    expect(result).toEqual({ ok: false, error: CALENDAR_MESSAGES.feedTooLarge(new URL(server.url).host, 5) });
  } finally {
    await server.close();
  }
});

test("an address nobody listens on is unreachable, in German", async () => {
  const port = await freePort();
  const result = await readIcsFeed(`http://127.0.0.1:${port}/kalender.ics`, MARCH);
  expect(result).toEqual({ ok: false, error: CALENDAR_MESSAGES.feedUnreachable(`127.0.0.1:${port}`) });
});

test("a time in the hour of a change is read as RFC 5545 3.3.5 says: the gap with the offset before it, the fold's first", () => {
  const at = (local: string) => {
    const text = [
      ...fixture("weekly-across-dst.ics").split("\r\n").slice(0, 20),
      "BEGIN:VEVENT",
      "UID:nachts@example.org",
      `DTSTART;TZID=Europe/Berlin:${local}`,
      "DURATION:PT30M",
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n");
    const result = busyFromIcs(text, { from: new Date("2026-01-01"), to: new Date("2027-01-01") });
    return result.ok ? result.busy.map(({ start }) => start.toISOString()) : result.reason;
  };
  // 02:30 does not exist on 29 March: 02:30 at +01:00, which is 03:30 summer time.
  expect(at("20260329T023000")).toEqual(["2026-03-29T01:30:00.000Z"]);
  // 02:30 happens twice on 25 October: the first, still in summer time.
  expect(at("20261025T023000")).toEqual(["2026-10-25T00:30:00.000Z"]);
});

/**
 * The shortcuts of busyFromIcs (events far from the range left out before parsing, series
 * started later, COUNT reduced, zones from the tz database) against ical.js expanding each
 * series from its start with the text's VTIMEZONE: the same intervals for any rule.
 */
test("for random series, the busy times equal ical.js's full expansion", () => {
  const weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];
  const series = fc.record({
    freq: fc.constantFrom("DAILY", "WEEKLY", "MONTHLY"),
    interval: fc.integer({ min: 1, max: 3 }),
    byday: fc.oneof(fc.constant<string[]>([]), fc.subarray(weekdays, { minLength: 1 })),
    end: fc.oneof(
      fc.constant(""),
      fc.integer({ min: 1, max: 300 }).map((count) => `;COUNT=${count}`),
      fc
        .integer({ min: 0, max: 1500 })
        .map((days) => `;UNTIL=${stamp(addDays("2023-01-01T08:00:00Z", days))}Z`),
    ),
    startDays: fc.integer({ min: 0, max: 1200 }),
    // Not 02:xx: in the hour of a change ical.js departs from RFC 5545 (the next test).
    hour: fc.integer({ min: 0, max: 22 }).map((hour) => (hour >= 2 ? hour + 1 : hour)),
    minutes: fc.integer({ min: 15, max: 3 * 24 * 60 }),
    exdateWeeks: fc.array(fc.integer({ min: 0, max: 200 }), { maxLength: 3 }),
    rangeDays: fc.integer({ min: 900, max: 1300 }),
    // Up to a year, so that the ends of many series fall inside.
    rangeLength: fc.integer({ min: 1, max: 366 }),
  });
  fc.assert(
    fc.property(series, (s) => {
      const start = new Date(Date.UTC(2023, 0, 1 + s.startDays, s.hour, 30));
      const end = new Date(start.getTime() + s.minutes * 60_000);
      // Nor an end at 02:xx: ical.js reads a DTEND in the gap with the offset after it.
      fc.pre(end.getUTCHours() !== 2);
      // MONTHLY: the first of those weekdays in each month (BYDAY=1MO).
      const days = s.freq === "MONTHLY" ? s.byday.map((day) => `1${day}`) : s.byday;
      const byday = days.length > 0 ? `;BYDAY=${days.join(",")}` : "";
      const text = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        ...fixture("weekly-across-dst.ics").split("\r\n").slice(3, 20),
        "BEGIN:VEVENT",
        "UID:serie@example.org",
        `DTSTART;TZID=Europe/Berlin:${stamp(start)}`,
        `DTEND;TZID=Europe/Berlin:${stamp(end)}`,
        `RRULE:FREQ=${s.freq};INTERVAL=${s.interval}${byday}${s.end}`,
        ...s.exdateWeeks.map((weeks) => `EXDATE;TZID=Europe/Berlin:${stamp(addDays(start, weeks * 7))}`),
        "END:VEVENT",
        "END:VCALENDAR",
      ].join("\r\n");
      const from = new Date(Date.UTC(2023, 0, 1 + s.rangeDays));
      const range = { from, to: new Date(from.getTime() + s.rangeLength * 86_400_000) };
      const result = busyFromIcs(text, range);
      if (!result.ok) throw new Error(result.reason);
      expect(asText(result.busy)).toEqual(asText(fullExpansion(text, range)));
    }),
    { numRuns: 300 },
  );
});

/** The reference: ical.js alone, every occurrence from DTSTART on. */
function fullExpansion(text: string, range: TimeRange): Interval[] {
  const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!;
  const event = new ICAL.Event(vevent);
  const length = event.endDate.toUnixTime() - event.startDate.toUnixTime();
  const busy: Interval[] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next; next = iterator.next()) {
    const start = next.toUnixTime() * 1000;
    if (start >= range.to.getTime()) break;
    if (start + length * 1000 > range.from.getTime()) {
      busy.push({ start: new Date(start), end: new Date(start + length * 1000) });
    }
  }
  return busy;
}

const stamp = (date: Date) => date.toISOString().slice(0, 19).replace(/[-:]/g, "");
const addDays = (date: Date | string, days: number) => new Date(new Date(date).getTime() + days * 86_400_000);
