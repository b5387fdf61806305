/**
 * The owner's calendar: Berlin dates and wall-clock minutes turned into instants and back.
 * Every conversion goes through Temporal (the polyfill until Node ships it), never through
 * offsets computed by hand, so the changes to and from summer time are the library's.
 */
import { Temporal } from "temporal-polyfill";

export const OWNER_TIME_ZONE = "Europe/Berlin";

/** A Berlin calendar date, "YYYY-MM-DD" (sorts and compares as text). */
export type Day = string;

export const MINUTE_MS = 60_000;

export const berlinDayOf = (instant: Date | number): Day =>
  Temporal.Instant.fromEpochMilliseconds(typeof instant === "number" ? instant : instant.getTime())
    .toZonedDateTimeISO(OWNER_TIME_ZONE)
    .toPlainDate()
    .toString();

export const addDays = (day: Day, days: number): Day => Temporal.PlainDate.from(day).add({ days }).toString();

/** The ISO week a date belongs to ("2026-W01" may start in December), for the weekly cap. */
export const isoWeekOf = (day: Day): string => isoWeekOfDate(Temporal.PlainDate.from(day));

const isoWeekOfDate = (date: Temporal.PlainDate) =>
  `${date.yearOfWeek}-W${String(date.weekOfYear).padStart(2, "0")}`;

/** The first and last date of a month given as "YYYY-MM". */
export function monthRange(month: string): { from: Day; to: Day } {
  const first = Temporal.PlainYearMonth.from(month);
  return {
    from: first.toPlainDate({ day: 1 }).toString(),
    to: first.toPlainDate({ day: first.daysInMonth }).toString(),
  };
}

/**
 * One Berlin date, read once for all the questions the slot computation asks of it: the
 * instants of its wall-clock minutes. On the ~363 dates a year without a change of offset, a
 * minute is the day's start plus that many minutes; on the two others each time is converted by
 * Temporal. (Converting every slot took a month's computation past 25 ms.)
 */
export type BerlinDate = {
  day: Day;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
  isoWeek: string;
  /**
   * The instant (epoch ms) of a wall-clock minute (0–1440; 1440 is the next day's start). A time
   * in the hour skipped in March becomes the first valid time after it, one repeated in October
   * its first occurrence (Temporal's "compatible"): what a range's boundary means.
   */
  boundaryAt(minute: number): number;
  /**
   * The instant of a slot starting at a wall-clock minute, or null when that time does not exist
   * (the hour skipped in March): offering it would show the visitor a 03:00 slot twice.
   */
  slotStartAt(minute: number): number | null;
};

export function berlinDate(day: Day | Temporal.PlainDate): BerlinDate {
  const date = typeof day === "string" ? Temporal.PlainDate.from(day) : day;
  const start = date.toZonedDateTime(OWNER_TIME_ZONE);
  const end = date.add({ days: 1 }).toZonedDateTime(OWNER_TIME_ZONE).epochMilliseconds;
  const change = start.getTimeZoneTransition("next");
  const steady = change === null || change.epochMilliseconds >= end;
  const zonedAt = (minute: number) =>
    date.toZonedDateTime({ timeZone: OWNER_TIME_ZONE, plainTime: plainTimeOf(minute) });
  return {
    day: date.toString(),
    weekday: date.dayOfWeek,
    isoWeek: isoWeekOfDate(date),
    boundaryAt: (minute) =>
      minute >= 1440
        ? end
        : steady
          ? start.epochMilliseconds + minute * MINUTE_MS
          : zonedAt(minute).epochMilliseconds,
    slotStartAt: (minute) => {
      if (steady) return start.epochMilliseconds + minute * MINUTE_MS;
      const zoned = zonedAt(minute);
      return zoned.hour * 60 + zoned.minute === minute ? zoned.epochMilliseconds : null;
    },
  };
}

/** The dates from `from` to `to`, both included, each read once. */
export function berlinDates(from: Day, to: Day): BerlinDate[] {
  const dates: BerlinDate[] = [];
  for (let date = Temporal.PlainDate.from(from); Temporal.PlainDate.compare(date, to) <= 0;) {
    dates.push(berlinDate(date));
    date = date.add({ days: 1 });
  }
  return dates;
}

const plainTimeOf = (minute: number) => new Temporal.PlainTime(Math.floor(minute / 60), minute % 60);

/** "09:30" for 570, the way the owner's hours are shown and typed. */
export const minuteLabel = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** 570 for "09:30"; "24:00" is the end of the day; undefined for anything else. */
export function minuteOf(label: string): number | undefined {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(label);
  if (!match) return undefined;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return minute <= 1440 ? minute : undefined;
}
