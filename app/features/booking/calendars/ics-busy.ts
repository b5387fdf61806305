import ICAL from "ical.js";
import { Temporal } from "temporal-polyfill";

/**
 * The busy times an iCalendar text holds within a range: what a feed or a CalDAV calendar
 * blocks. Pure: no network, no clock. Relative imports carry `.ts` so `scripts/bench.ts` (plain
 * Node, no `~/` alias) can load this module.
 */

/** A busy time: two absolute instants, `end` exclusive. */
export type Interval = { start: Date; end: Date };
/** The span asked for, `to` exclusive. */
export type TimeRange = { from: Date; to: Date };

export type IcsBusy =
  { ok: true; busy: Interval[] } | { ok: false; reason: "not-a-calendar" | "too-many-occurrences" };

/** The owner's zone: all-day events and times without a usable zone are read in it. */
export const OWNER_TIME_ZONE = "Europe/Berlin";

/**
 * Occurrences looked at per text, in the range or before it. A weekly series from 2010 costs
 * ~900; a minutely one would block the process for seconds, so such a text is refused instead.
 */
const MAX_STEPS = 250_000;

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;
type Duration = InstanceType<typeof ICAL.Duration>;
type Recur = InstanceType<typeof ICAL.Recur>;
/** ical.js keeps a TZID that no VTIMEZONE of the text defines in `timezone` (untyped). */
type TimeWithTzid = Time & { timezone?: string };

const DAY_MS = 86_400_000;

/** Busy intervals overlapping `range`, sorted by start; recurring events expanded. */
export function busyFromIcs(text: string, range: TimeRange): IcsBusy {
  // ical.js parses almost anything line-shaped; an HTML error page must not count as empty.
  if (!/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(text.slice(0, 512))) return { ok: false, reason: "not-a-calendar" };
  let roots: Component[];
  try {
    const parsed: unknown[] = ICAL.parse(withoutDistantEvents(text, range));
    const jcals = (Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[][];
    roots = jcals.map((jcal) => new ICAL.Component(jcal));
  } catch {
    return { ok: false, reason: "not-a-calendar" };
  }
  if (!roots.some((root) => root.name === "vcalendar")) return { ok: false, reason: "not-a-calendar" };

  const expansion = new Expansion(range);
  try {
    for (const root of roots) expansion.addCalendar(root);
  } catch (error) {
    if (error === TOO_MANY) return { ok: false, reason: "too-many-occurrences" };
    // A malformed value (a DTSTART ical.js cannot read) surfaces lazily, while expanding.
    return { ok: false, reason: "not-a-calendar" };
  }
  return { ok: true, busy: expansion.busy.sort((a, b) => a.start.getTime() - b.start.getTime()) };
}

/**
 * The text without the single events that lie days away from the range, before ical.js reads
 * it: parsing costs ~20 µs an event, and a feed is mostly years of past appointments. Read on
 * the wall clock with a day's margin (no zone is a day off UTC); an event whose times this
 * cannot read, a series, an override and everything that is not a VEVENT stay in.
 */
function withoutDistantEvents(text: string, range: TimeRange): string {
  const after = range.to.getTime() + DAY_MS;
  const before = range.from.getTime() - DAY_MS;
  // Unfolded (RFC 5545 3.1), so a property is one line; ical.js reads the result the same.
  return text
    .replace(/\r?\n[ \t]/g, "")
    .replace(/^BEGIN:VEVENT\r?\n[\s\S]*?^END:VEVENT\r?$\n?/gm, (event) => {
      if (/^(?:RRULE|RDATE|EXRULE|RECURRENCE-ID|DURATION)[;:]/m.test(event)) return event;
      const start = wallClockOf(/^DTSTART[;:].*$/m.exec(event)?.[0]);
      if (start === undefined) return event;
      if (start >= after) return "";
      const end = wallClockOf(/^DTEND[;:].*$/m.exec(event)?.[0]) ?? start + DAY_MS;
      return end <= before ? "" : event;
    });
}

/** The wall-clock time of a DTSTART or DTEND line in ms, as if it were UTC. */
function wallClockOf(line: string | undefined): number | undefined {
  // The value follows the last colon: a quoted TZID may hold one ("(UTC+01:00) Amsterdam").
  const value = line?.slice(line.lastIndexOf(":") + 1).trim();
  if (!value || !/^\d{8}(?:T\d{6}Z?)?$/.test(value)) return undefined;
  const number = (from: number, to: number) => Number(value.slice(from, to)) || 0;
  return Date.UTC(
    number(0, 4),
    number(4, 6) - 1,
    number(6, 8),
    number(9, 11),
    number(11, 13),
    number(13, 15),
  );
}

/** Overlapping and touching intervals joined into one, sorted by start. */
export function mergeIntervals(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start.getTime() - b.start.getTime());
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval.start.getTime() <= last.end.getTime()) {
      if (interval.end.getTime() > last.end.getTime())
        merged[merged.length - 1] = { ...last, end: interval.end };
    } else {
      merged.push(interval);
    }
  }
  return merged;
}

const TOO_MANY = Symbol("too many occurrences");

class Expansion {
  busy: Interval[] = [];
  private steps = 0;
  private readonly fromMs: number;
  private readonly toMs: number;

  constructor(range: TimeRange) {
    this.fromMs = range.from.getTime();
    this.toMs = range.to.getTime();
  }

  addCalendar(calendar: Component) {
    const masters: Component[] = [];
    const overrides = new Map<string, Component[]>();
    for (const event of calendar.getAllSubcomponents("vevent")) {
      if (!event.hasProperty("dtstart")) continue;
      if (event.hasProperty("recurrence-id")) {
        const uid = String(event.getFirstPropertyValue("uid"));
        const list = overrides.get(uid);
        if (list) list.push(event);
        else overrides.set(uid, [event]);
      } else {
        masters.push(event);
      }
    }
    for (const master of masters) {
      if (master.hasProperty("rrule") || master.hasProperty("rdate")) {
        this.addSeries(master, overrides.get(String(master.getFirstPropertyValue("uid"))) ?? []);
      } else if (blocks(master)) {
        this.addSingle(master);
      }
    }
    // An override stands for its one occurrence with its own times, status and transparency,
    // also without its series (Google exports a single instance one was invited to that way).
    for (const list of overrides.values()) {
      for (const override of list) if (blocks(override)) this.addSingle(override);
    }
  }

  private addSingle(event: Component) {
    const start = event.getFirstPropertyValue("dtstart") as Time;
    // Most of a feed lies outside the range: judged on the wall clock, no zone is looked up
    // for it. No zone is a day or more off UTC, so a day's margin keeps every candidate.
    const wallStart = wallClockMs(start);
    if (wallStart >= this.toMs + DAY_MS) return;
    const dtend = event.getFirstPropertyValue("dtend") as Time | null;
    const duration = event.getFirstPropertyValue("duration") as Duration | null;
    const wallEnd = dtend
      ? wallClockMs(dtend)
      : wallStart + Math.max(DAY_MS, (duration?.toSeconds() ?? 0) * 1000);
    if (wallEnd <= this.fromMs - DAY_MS) return;
    this.add(start, lengthOf(event, start));
  }

  private addSeries(master: Component, overrides: Component[]) {
    if (!blocks(master)) return;
    const dtstart = master.getFirstPropertyValue("dtstart") as Time;
    const length = lengthOf(master, dtstart);
    // Occurrences replaced by an override are added with the override (addCalendar).
    const replaced = new Set(
      overrides.map((event) => instantOf(event.getFirstPropertyValue("recurrence-id") as Time)),
    );
    if (this.endedBefore(master, length)) return;
    // RANGE=THISANDFUTURE overrides shift the occurrences after them; ical.js's Event knows how.
    const shifting = overrides.filter((event) =>
      event.getFirstProperty("recurrence-id")?.getParameter("range"),
    );
    const series = shifting.length > 0 ? new ICAL.Event(master, { exceptions: shifting }) : undefined;
    const start = this.skipAhead(master, inTzdbZone(dtstart), length);
    if (!start) return;
    const iterator = new ICAL.RecurExpansion({ component: master, dtstart: start });
    for (let next = iterator.next(); next; next = iterator.next()) {
      if (++this.steps > MAX_STEPS) throw TOO_MANY;
      const at = instantOf(next);
      if (at >= this.toMs) break;
      if (replaced.has(at)) continue;
      if (series?.findRangeException(next)) {
        const details = series.getOccurrenceDetails(next);
        if (blocks(details.item.component))
          this.add(details.startDate, lengthOf(details.item.component, details.startDate));
        continue;
      }
      this.add(next, length, at);
    }
  }

  /** True when every rule's UNTIL lies so far back that no occurrence reaches the range. */
  private endedBefore(master: Component, length: Length): boolean {
    if (master.hasProperty("rdate")) return false;
    const lengthMs =
      length.days * DAY_MS + length.ms + (length.nominal ? length.nominal.toSeconds() * 1000 : 0);
    return master.getAllProperties("rrule").every((property) => {
      const until = (property.getFirstValue() as Recur).until;
      // An occurrence starts at UNTIL at the latest, on a DATE until that day's end.
      return until && instantOf(until) + (until.isDate ? DAY_MS : 0) + lengthMs <= this.fromMs;
    });
  }

  /**
   * A later start for the expansion, whole periods of the rule ahead, so a series begun years
   * ago costs a few steps instead of hundreds (ical.js takes 5 to 25 µs a step, a MONTHLY rule
   * with BYDAY one per day). DAILY, WEEKLY and MONTHLY rules repeat every INTERVAL days, weeks
   * or months in wall-clock time, so the occurrences after the new start are the same. With
   * COUNT, the occurrences skipped are taken off it where each period holds the same number:
   * one, or for WEEKLY one per BYDAY day (every 7 days from a start that is one of them hold
   * each weekday once). The new start lies before the range, so the expansion's first
   * occurrence is outside it even where DTSTART does not match the rule. Null when COUNT runs
   * out before the range.
   */
  private skipAhead(master: Component, dtstart: Time, length: Length): Time | null {
    const rules = master.getAllProperties("rrule");
    const rule = rules[0]?.getFirstValue() as Recur | undefined;
    if (rules.length !== 1 || !rule || master.hasProperty("rdate") || dtstart.isDate) return dtstart;
    const interval = rule.interval || 1;
    const parts = Object.entries(rule.parts).filter(([, values]) => values && values.length > 0);
    const unit = { DAILY: 1, WEEKLY: 7, MONTHLY: 31 }[rule.freq as string];
    // A MONTHLY rule without BYDAY or BYMONTHDAY falls on DTSTART's day, which a later month
    // may not have; with COUNT, months hold different numbers of occurrences.
    const monthly = rule.freq === "MONTHLY";
    if (!unit || (monthly && (rule.count || (parts.length === 0 && dtstart.day > 28)))) return dtstart;
    let perPeriod = 0;
    if (rule.count) {
      const byday = rule.parts.BYDAY ?? [];
      const weekday = ICAL.Recur.numericDayToIcalDay(dtstart.dayOfWeek());
      if (parts.length === 0) perPeriod = 1;
      else if (
        rule.freq === "WEEKLY" &&
        parts.length === 1 &&
        byday.includes(weekday) &&
        (interval === 1 || byday.length === 1)
      ) {
        perPeriod = byday.length;
      } else {
        return dtstart;
      }
    }
    // An occurrence before the new start ends before the range: the new start is at least an
    // occurrence's length and a day (the most a wall clock is off its instant) before it.
    const lengthMs =
      length.days * DAY_MS + length.ms + (length.nominal ? length.nominal.toSeconds() * 1000 : 0);
    const periods = Math.floor(
      (this.fromMs - lengthMs - DAY_MS - wallClockMs(dtstart)) / (unit * interval * DAY_MS),
    );
    if (periods <= 0) return dtstart;
    if (rule.count) {
      const left = rule.count - periods * perPeriod;
      if (left <= 0) return null;
      // The parsed component is this call's own, so its rule may change.
      rule.count = left;
    }
    const later = dtstart.clone();
    if (monthly) {
      const month = later.month - 1 + periods * interval;
      later.day = Math.min(later.day, 28);
      later.year += Math.floor(month / 12);
      later.month = (month % 12) + 1;
    } else {
      later.adjust(periods * unit * interval, 0, 0, 0);
    }
    return later;
  }

  private add(start: Time, length: Length, startMs = instantOf(start)) {
    let endMs: number;
    if (start.isDate) {
      endMs = berlinMidnight(start.year, start.month, start.day + Math.max(1, length.days));
    } else if (length.nominal) {
      const end = start.clone();
      end.addDuration(length.nominal);
      endMs = instantOf(end);
    } else {
      endMs = startMs + length.ms;
    }
    if (endMs > startMs && startMs < this.toMs && endMs > this.fromMs) {
      this.busy.push({ start: new Date(startMs), end: new Date(endMs) });
    }
  }
}

/** How long each occurrence lasts: whole days, an exact span (DTEND), or a nominal DURATION. */
type Length = { days: number; ms: number; nominal?: Duration };

function lengthOf(event: Component, start: Time): Length {
  const dtend = event.getFirstPropertyValue("dtend") as Time | null;
  const duration = event.getFirstPropertyValue("duration") as Duration | null;
  if (start.isDate) {
    if (dtend) return { days: Math.round((instantOf(dtend) - instantOf(start)) / DAY_MS), ms: 0 };
    return { days: duration ? Math.ceil(duration.toSeconds() / 86_400) : 1, ms: 0 };
  }
  if (dtend) return { days: 0, ms: instantOf(dtend) - instantOf(start) };
  // RFC 5545 3.8.5.3: DTEND gives every occurrence the same exact length, DURATION the same
  // nominal one (P1D is 23 hours on the day summer time begins).
  if (duration && (duration.days || duration.weeks)) return { days: 0, ms: 0, nominal: duration };
  return { days: 0, ms: duration ? duration.toSeconds() * 1000 : 0 };
}

function blocks(event: Component): boolean {
  const status = event.getFirstPropertyValue("status");
  if (typeof status === "string" && status.toUpperCase() === "CANCELLED") return false;
  const transp = event.getFirstPropertyValue("transp");
  if (typeof transp === "string" && transp.toUpperCase() === "TRANSPARENT") return false;
  // Outlook's "frei" without TRANSP.
  const outlook = event.getFirstPropertyValue("x-microsoft-cdo-busystatus");
  return !(typeof outlook === "string" && outlook.toUpperCase() === "FREE");
}

/**
 * The instant of a time in ms. A date is the start of that day in Berlin. A TZID that names an
 * IANA zone is read with the tz database (a feed's VTIMEZONE for it is a copy of today's rules
 * only); any other TZID with the text's VTIMEZONE, through ical.js (Outlook's "W. Europe
 * Standard Time"). ical.js reads floating times and an undefined TZID as UTC: those are
 * wall-clock times in the zone the TZID names if the tz database knows it, else in Berlin.
 */
function instantOf(time: Time): number {
  if (time.isDate) return berlinMidnight(time.year, time.month, time.day);
  const tzid = time.zone?.tzid;
  if (tzid === "UTC") return wallClockMs(time);
  if (tzid && tzid !== "floating") {
    const zone = ianaZone(tzid);
    return zone ? zonedMs(zone, time) : time.toUnixTime() * 1000;
  }
  return zonedMs(floatingZone(time), time);
}

/**
 * ical.js compares every occurrence with UNTIL and EXDATE through the zone's offset, which for
 * a VTIMEZONE costs ~40 µs (a deep copy of its rules per call): a series is therefore expanded
 * in a zone that asks the tz database (zonedMs). Floating times get Berlin's, so UNTIL in UTC
 * compares right against them too. Other zones stay as ical.js read them.
 */
class TzdbZone extends ICAL.Timezone {
  override utcOffset(time: Time): number {
    return (wallClockMs(time) - zonedMs(this.tzid, time)) / 1000;
  }
}

const tzdbZones = new Map<string, TzdbZone>();

function inTzdbZone(time: Time): Time {
  if (time.isDate) return time;
  const tzid = time.zone?.tzid;
  const name = tzid === "floating" || !tzid ? floatingZone(time) : ianaZone(tzid);
  if (!name || name === "UTC") return time;
  let zone = tzdbZones.get(name);
  if (!zone) {
    zone = new TzdbZone({ tzid: name });
    tzdbZones.set(name, zone);
  }
  const copy = time.clone();
  copy.zone = zone;
  return copy;
}

/** Where a floating time, or one with a TZID the text does not define, is read. */
function floatingZone(time: Time): string {
  const tzid = (time as TimeWithTzid).timezone;
  return (tzid && ianaZone(tzid)) || OWNER_TIME_ZONE;
}

const wallClockMs = (time: Time) =>
  Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);

/** IANA names as the tz database spells them; null for a name it does not know. */
const ianaZones = new Map<string, string | null>();

function ianaZone(tzid: string): string | null {
  let zone = ianaZones.get(tzid);
  if (zone === undefined) {
    try {
      zone = new Temporal.ZonedDateTime(0n, tzid).timeZoneId;
    } catch {
      zone = null;
    }
    ianaZones.set(tzid, zone);
  }
  return zone;
}

/**
 * A zone's UTC offset in ms for a span of days, null for a span with a change (the last
 * Sundays of March and October in Berlin). Temporal costs 10 to 100 µs a call, so an offset is
 * asked once for each half month and then once for each day of a half month with a change;
 * only the day of a change goes through Temporal per time, which resolves a time in the gap
 * or the fold as RFC 5545 asks. No zone changes twice within 15 days.
 */
const offsets = new Map<string, number | null>();

function offsetOver(zone: string, year: number, month: number, firstDay: number, lastDay: number) {
  const key = `${zone} ${year} ${month} ${firstDay} ${lastDay}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size > 100_000) offsets.clear();
    const first = new Temporal.PlainDate(year, month, firstDay);
    const last = first.with({ day: Math.min(lastDay, first.daysInMonth) });
    const before = first.toZonedDateTime(zone).offsetNanoseconds;
    const after = last
      .toPlainDateTime({ hour: 23, minute: 59, second: 59 })
      .toZonedDateTime(zone).offsetNanoseconds;
    offset = before === after ? before / 1_000_000 : null;
    offsets.set(key, offset);
  }
  return offset;
}

function zonedMs(zone: string, time: Time): number {
  const { year, month, day } = time;
  const early = day <= 15;
  const offset =
    offsetOver(zone, year, month, early ? 1 : 16, early ? 15 : 31) ?? offsetOver(zone, year, month, day, day);
  if (offset !== null) return wallClockMs(time) - offset;
  // ical.js passes every day of a week or month it expands, so a day with a change is asked
  // for by every series running over it.
  const key = `${zone} ${wallClockMs(time)}`;
  let ms = changeDayTimes.get(key);
  if (ms === undefined) {
    if (changeDayTimes.size > 100_000) changeDayTimes.clear();
    const plain = new Temporal.PlainDateTime(year, month, day, time.hour, time.minute, time.second);
    ms = plain.toZonedDateTime(zone).epochMilliseconds;
    changeDayTimes.set(key, ms);
  }
  return ms;
}

const changeDayTimes = new Map<string, number>();

const midnights = new Map<string, number>();

/** Berlin's midnight of a day; `day` may run past the month's end (day + length). */
function berlinMidnight(year: number, month: number, day: number): number {
  const key = `${year}-${month}-${day}`;
  let ms = midnights.get(key);
  if (ms === undefined) {
    if (midnights.size > 100_000) midnights.clear();
    ms = new Temporal.PlainDate(year, month, 1)
      .add({ days: day - 1 })
      .toZonedDateTime(OWNER_TIME_ZONE).epochMilliseconds;
    midnights.set(key, ms);
  }
  return ms;
}
