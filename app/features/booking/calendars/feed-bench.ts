import { BERLIN_VTIMEZONE_LINES } from "./berlin-vtimezone.ts";
import { busyFromIcs } from "./ics-busy.ts";

/**
 * For `scripts/bench.ts` (the budget: a month's slots with 3 feeds of 500 events each in
 * under 50 ms): the feeds' share of that, parsed and expanded after the fetch. Plain Node can
 * import this file (relative `.ts` imports only).
 */

export const FEED_BUDGET_MS = 50;

export type FeedBench = {
  feeds: number;
  eventsPerFeed: number;
  busy: number;
  medianMs: number;
  maxMs: number;
};

/** Parses and expands `feeds` synthetic feeds over the 31 days from `from`, `rounds` times. */
export function benchFeedExpansion({
  feeds = 3,
  eventsPerFeed = 500,
  rounds = 15,
  from = new Date("2026-03-01T00:00:00+01:00"),
} = {}): FeedBench {
  const texts = Array.from({ length: feeds }, (_, feed) => syntheticFeed(feed, eventsPerFeed, from));
  const range = { from, to: new Date(from.getTime() + 31 * 86_400_000) };
  const times: number[] = [];
  let busy = 0;
  // The first round warms the JIT and ical.js's zone caches, as a long-running server has them.
  for (let round = 0; round <= rounds; round++) {
    const started = performance.now();
    busy = 0;
    for (const text of texts) {
      const result = busyFromIcs(text, range);
      if (!result.ok) throw new Error(`synthetic feed not read: ${result.reason}`);
      busy += result.busy.length;
    }
    if (round > 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    feeds,
    eventsPerFeed,
    busy,
    medianMs: times[Math.floor(times.length / 2)]!,
    maxMs: times.at(-1)!,
  };
}

/**
 * A feed shaped like a freelancer's exported working calendar: two years of past appointments
 * and three months ahead, one event in ten a series (weekly, fortnightly, monthly, twice a
 * week, daily stand-ups; begun up to three years ago, a third ended by UNTIL, some by COUNT,
 * half with an EXDATE, a third with a moved occurrence), holidays as all-day events, free and cancelled entries.
 */
export function syntheticFeed(seed: number, events: number, around: Date): string {
  // mulberry32: an LCG's low bits repeat too soon for `% n`.
  let state = seed * 7919 + 17;
  const random = (n: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  // Berlin wall-clock times written from UTC fields: only their spread matters here.
  const local = (date: Date) => date.toISOString().replace(/[-:]/g, "").slice(0, 15);
  const utc = (date: Date) => `${local(date)}Z`;
  const at = (offsetDays: number, hour: number, minute = 0) => {
    const date = new Date(around.getTime() + offsetDays * 86_400_000);
    date.setUTCHours(hour, minute, 0, 0);
    return date;
  };
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Bench//Synthetic//DE",
    ...BERLIN_VTIMEZONE_LINES,
  ];
  const event = (uid: string, start: Date, minutes: number, ...more: string[]) =>
    lines.push(
      "BEGIN:VEVENT",
      `UID:${uid}`,
      `DTSTAMP:${utc(around)}`,
      `DTSTART;TZID=Europe/Berlin:${local(start)}`,
      `DTEND;TZID=Europe/Berlin:${local(new Date(start.getTime() + minutes * 60_000))}`,
      ...more,
      "END:VEVENT",
    );
  // Four in ten weekly, two fortnightly, two monthly, one twice a week, one daily.
  const rules = [
    "RRULE:FREQ=WEEKLY",
    "RRULE:FREQ=WEEKLY",
    "RRULE:FREQ=WEEKLY",
    "RRULE:FREQ=WEEKLY",
    "RRULE:FREQ=WEEKLY;INTERVAL=2",
    "RRULE:FREQ=WEEKLY;INTERVAL=2",
    "RRULE:FREQ=MONTHLY;BYDAY=1MO",
    "RRULE:FREQ=MONTHLY;BYMONTHDAY=15",
    "RRULE:FREQ=WEEKLY;BYDAY=MO,TH",
    "RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR",
  ];
  for (let index = 0; index < events; index++) {
    const uid = `bench-${seed}-${index}@example.org`;
    const minutes = [30, 45, 60, 90][random(4)]!;
    const start = at(0, 7 + random(10), random(4) * 15);
    if (index % 10 === 0) {
      const begun = at(-random(3 * 365), start.getUTCHours(), start.getUTCMinutes());
      const rule = rules[random(rules.length)]!;
      const end = random(3);
      const limit =
        end === 0
          ? `;UNTIL=${utc(at(random(900) - 700, 23))}`
          : end === 1 && rule.includes("WEEKLY;")
            ? ""
            : "";
      const count = end === 1 && rule === "RRULE:FREQ=WEEKLY" ? `;COUNT=${10 + random(200)}` : "";
      const exdate =
        random(2) === 0
          ? [`EXDATE;TZID=Europe/Berlin:${local(at(7, begun.getUTCHours(), begun.getUTCMinutes()))}`]
          : [];
      event(uid, begun, minutes, `${rule}${limit}${count}`, ...exdate, "SUMMARY:Serie");
      if (random(3) === 0) {
        const moved = at(14, begun.getUTCHours(), begun.getUTCMinutes());
        event(
          uid,
          new Date(moved.getTime() + 2 * 3_600_000),
          minutes,
          `RECURRENCE-ID;TZID=Europe/Berlin:${local(moved)}`,
          "SUMMARY:Serie (verschoben)",
        );
        index++;
      }
    } else if (index % 50 === 1) {
      const first = at(random(180) - 90, 0);
      const next = new Date(first.getTime() + (1 + random(10)) * 86_400_000);
      lines.push("BEGIN:VEVENT", `UID:${uid}`, `DTSTAMP:${utc(around)}`);
      lines.push(
        `DTSTART;VALUE=DATE:${local(first).slice(0, 8)}`,
        `DTEND;VALUE=DATE:${local(next).slice(0, 8)}`,
      );
      lines.push("SUMMARY:Urlaub", "END:VEVENT");
    } else {
      const day = at(random(2 * 365 + 90) - 2 * 365, start.getUTCHours(), start.getUTCMinutes());
      const free = random(20) === 0 ? ["TRANSP:TRANSPARENT"] : random(20) === 0 ? ["STATUS:CANCELLED"] : [];
      event(
        uid,
        day,
        minutes,
        ...free,
        `SUMMARY:Termin ${index}`,
        "DESCRIPTION:Besprechung mit einem Kunden",
      );
    }
  }
  lines.push("END:VCALENDAR");
  return `${lines.join("\r\n")}\r\n`;
}
