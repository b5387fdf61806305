/**
 * The free slots of a Termin-Art (decision 0027-booking): pure functions of the type's rules, the
 * owner's weekly hours and date overrides, the calendars' busy times, the bookings and the
 * current time. No database: the queries load the inputs, the slot check in createBooking runs
 * these same functions inside its transaction.
 *
 * - Slots start on the Berlin wall clock every SLOT_STEP (30 minutes, 15 for a duration that is
 *   no multiple of 30), counted from midnight: 09:00, 09:30 … whatever the day's offset.
 * - The appointment with its buffers lies inside the day's hours, and overlaps neither a busy
 *   time nor another active booking with that booking's buffers (buffers add up: notes after
 *   one call, preparation before the next).
 * - Not before now + the minimum notice, not on today's Berlin date with "nicht am selben Tag",
 *   not after today + the horizon; no day whose (or whose ISO week's) cap this type's active
 *   bookings have reached.
 */
import type { BookingOverrideKind, BookingStatus } from "~/platform/db/schema";
import {
  addDays,
  berlinDate,
  berlinDates,
  berlinDayOf,
  isoWeekOf,
  MINUTE_MS,
  monthRange,
  type BerlinDate,
  type Day,
} from "./berlin-time.ts";
import { mergeSpans, overlapsAny, subtractSpans, type Span } from "./intervals.ts";

export type SlotRules = {
  id: string;
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  notSameDay: boolean;
  horizonDays: number;
  maxPerDay: number | null;
  maxPerWeek: number | null;
};

/** A range of the weekly hours: ISO weekday, Berlin minutes since midnight. */
export type WeeklyRange = { weekday: number; startMinute: number; endMinute: number };

export type DateOverride = {
  day: Day;
  kind: BookingOverrideKind;
  startMinute: number | null;
  endMinute: number | null;
};

export type Interval = { start: Date; end: Date };

/** A stored booking as the slots see it: "abgesagt" blocks nothing. */
export type BlockingBooking = Interval & {
  typeId: string;
  status: BookingStatus;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
};

export type SlotInput = {
  type: SlotRules;
  hours: WeeklyRange[];
  overrides: DateOverride[];
  /** Busy times of the owner's calendars. */
  busy: Interval[];
  bookings: BlockingBooking[];
  now: Date;
};

/** An appointment that can be booked (its buffers not included). */
export type Slot = Interval;
export type DaySlots = { day: Day; slots: Slot[] };

export const slotStepMinutes = (durationMinutes: number) => (durationMinutes % 30 === 0 ? 30 : 15);

/** The free slots of each date from `from` to `to` (both included), empty dates too. */
export function freeSlots(input: SlotInput, range: { from: Day; to: Day }): DaySlots[] {
  const prepared = prepare(input);
  return berlinDates(range.from, range.to).map((date) => ({
    day: date.day,
    slots: slotsOfDay(prepared, date),
  }));
}

/**
 * The free slots of a month ("YYYY-MM") as the visitor's calendar shows it: by the date each
 * slot's start has in `timeZone`, so an evening in Berlin is the next morning in Tokyo. Only the
 * dates with a slot are in the map.
 */
export function slotsByDateIn(input: SlotInput, month: string, timeZone: string): Map<Day, Slot[]> {
  const prepared = prepare(input);
  const { from, to } = monthRange(month);
  const dateIn = new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone,
  });
  const byDate = new Map<Day, Slot[]>();
  // A visitor's date lies within a day of the Berlin date (offsets span less than ±26 hours).
  for (const date of clampedDates(prepared, addDays(from, -1), addDays(to, 1))) {
    for (const slot of slotsOfDay(prepared, date)) {
      const day = dateIn.format(slot.start);
      if (day < from || day > to) continue;
      const slots = byDate.get(day);
      if (slots) slots.push(slot);
      else byDate.set(day, [slot]);
    }
  }
  return byDate;
}

/** The first `count` free slots starting after `after`, within the horizon. */
export function nextFreeSlots(input: SlotInput, after: Date, count = 3): Slot[] {
  const prepared = prepare(input);
  const found: Slot[] = [];
  const from = berlinDayOf(Math.max(after.getTime(), input.now.getTime()));
  for (const date of clampedDates(prepared, from, prepared.lastDay)) {
    for (const slot of slotsOfDay(prepared, date)) {
      if (slot.start > after) found.push(slot);
      if (found.length === count) return found;
    }
  }
  return found;
}

/** Whether a slot starting at `start` is offered now (the check before a booking is stored). */
export function isSlotOffered(input: SlotInput, start: Date): boolean {
  const prepared = prepare(input);
  const date = berlinDate(berlinDayOf(start));
  return slotsOfDay(prepared, date).some((slot) => slot.start.getTime() === start.getTime());
}

type Prepared = {
  rules: SlotRules;
  step: number;
  hoursByWeekday: Map<number, Span[]>;
  overridesByDay: Map<Day, DateOverride[]>;
  /** Busy times and other bookings with their buffers, merged. */
  blocked: Span[];
  perDay: Map<Day, number>;
  perWeek: Map<string, number>;
  earliest: number;
  firstDay: Day;
  lastDay: Day;
};

const isActive = (booking: BlockingBooking) => booking.status !== "abgesagt";

function prepare({ type, hours, overrides, busy, bookings, now }: SlotInput): Prepared {
  const active = bookings.filter(isActive);
  const blocked = mergeSpans([
    ...busy.map(({ start, end }) => ({ start: start.getTime(), end: end.getTime() })),
    ...active.map((booking) => ({
      start: booking.start.getTime() - booking.bufferBeforeMinutes * MINUTE_MS,
      end: booking.end.getTime() + booking.bufferAfterMinutes * MINUTE_MS,
    })),
  ]);
  const perDay = new Map<Day, number>();
  const perWeek = new Map<string, number>();
  for (const booking of active.filter((one) => one.typeId === type.id)) {
    const day = berlinDayOf(booking.start);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
    perWeek.set(isoWeekOf(day), (perWeek.get(isoWeekOf(day)) ?? 0) + 1);
  }
  const hoursByWeekday = new Map<number, Span[]>();
  for (const range of hours) {
    const ranges = hoursByWeekday.get(range.weekday) ?? [];
    ranges.push({ start: range.startMinute, end: range.endMinute });
    hoursByWeekday.set(range.weekday, ranges);
  }
  const overridesByDay = new Map<Day, DateOverride[]>();
  for (const override of overrides) {
    overridesByDay.set(override.day, [...(overridesByDay.get(override.day) ?? []), override]);
  }
  const today = berlinDayOf(now);
  return {
    rules: type,
    step: slotStepMinutes(type.durationMinutes),
    hoursByWeekday,
    overridesByDay,
    blocked,
    perDay,
    perWeek,
    earliest: now.getTime() + type.minNoticeMinutes * MINUTE_MS,
    firstDay: type.notSameDay ? addDays(today, 1) : today,
    lastDay: addDays(today, type.horizonDays),
  };
}

/** The dates of [from, to] that lie between the first and the last bookable date. */
function clampedDates(prepared: Prepared, from: Day, to: Day): BerlinDate[] {
  const start = from > prepared.firstDay ? from : prepared.firstDay;
  const end = to < prepared.lastDay ? to : prepared.lastDay;
  return start <= end ? berlinDates(start, end) : [];
}

/** The day's hours in wall-clock minutes: the weekly ones or the date's own, minus its blocked ranges. */
function minutesOpen(prepared: Prepared, date: BerlinDate): Span[] {
  const overrides = prepared.overridesByDay.get(date.day) ?? [];
  if (overrides.some((override) => override.kind === "geschlossen")) return [];
  const ranges = (kind: BookingOverrideKind) =>
    mergeSpans(
      overrides
        .filter((override) => override.kind === kind)
        .map((override) => ({ start: override.startMinute ?? 0, end: override.endMinute ?? 0 })),
    );
  const own = ranges("zeiten");
  const open = own.length > 0 ? own : mergeSpans(prepared.hoursByWeekday.get(date.weekday) ?? []);
  return subtractSpans(open, ranges("gesperrt"));
}

/** The free slots of one date, at most `limit`. */
function slotsOfDay(prepared: Prepared, date: BerlinDate, limit = Infinity): Slot[] {
  const { rules, step } = prepared;
  if (date.day < prepared.firstDay || date.day > prepared.lastDay) return [];
  if (rules.maxPerDay !== null && (prepared.perDay.get(date.day) ?? 0) >= rules.maxPerDay) return [];
  if (rules.maxPerWeek !== null && (prepared.perWeek.get(date.isoWeek) ?? 0) >= rules.maxPerWeek) return [];
  const duration = rules.durationMinutes * MINUTE_MS;
  const before = rules.bufferBeforeMinutes * MINUTE_MS;
  const after = rules.bufferAfterMinutes * MINUTE_MS;
  const slots: Slot[] = [];
  for (const range of minutesOpen(prepared, date)) {
    const opens = date.boundaryAt(range.start);
    const closes = date.boundaryAt(range.end);
    for (let minute = Math.ceil(range.start / step) * step; minute < range.end; minute += step) {
      const start = date.slotStartAt(minute);
      if (start === null || start - before < opens || start < prepared.earliest) continue;
      const end = start + duration;
      if (end + after > closes) break;
      if (overlapsAny(prepared.blocked, start - before, end + after)) continue;
      slots.push({ start: new Date(start), end: new Date(end) });
      if (slots.length >= limit) return slots;
    }
  }
  return slots;
}

/** A slot taken meanwhile comes with the next free ones, for "Dieser Termin ist gerade vergeben worden". */
export type SlotRefusal = { status: "slot-taken"; nextSlots: Slot[] } | { status: "not-offered" };

/**
 * Why a slot starting at `start` cannot be booked now, or undefined when it can. "slot-taken"
 * when only other bookings stand in its way (it was offered, someone else was quicker), with the
 * next free slots after it; "not-offered" otherwise (never on the grid, past, outside the hours
 * or the horizon, busy in the owner's calendar).
 */
export function slotRefusal(input: SlotInput, start: Date): SlotRefusal | undefined {
  if (isSlotOffered(input, start)) return undefined;
  if (!isSlotOffered({ ...input, bookings: [] }, start)) return { status: "not-offered" };
  return { status: "slot-taken", nextSlots: nextFreeSlots(input, start) };
}
