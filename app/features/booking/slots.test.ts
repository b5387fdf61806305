import { expect, test } from "vitest";
import {
  freeSlots,
  isSlotOffered,
  nextFreeSlots,
  slotsByDateIn,
  type BlockingBooking,
  type SlotInput,
  type SlotRules,
} from "./slots";

/**
 * The slot rules of decision 0027, on dates of 2026. Berlin is at UTC+1 until 29 March 02:00 and
 * from 25 October 03:00, at UTC+2 between. Times are read back on the Berlin wall clock with
 * Intl, not with the Temporal code under test.
 */
const TYPE: SlotRules = {
  id: "erstgespraech",
  durationMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minNoticeMinutes: 0,
  notSameDay: false,
  horizonDays: 400,
  maxPerDay: null,
  maxPerWeek: null,
};
/** 09:00–12:00 every day of the week. */
const MORNINGS = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 540, endMinute: 720 }));
/** Friday 6 March 2026, 07:00 in Berlin. */
const NOW = new Date("2026-03-06T06:00:00Z");

const input = (changes: Partial<SlotInput> & { rules?: Partial<SlotRules> } = {}): SlotInput => ({
  hours: MORNINGS,
  overrides: [],
  busy: [],
  bookings: [],
  now: NOW,
  ...changes,
  type: { ...TYPE, ...changes.rules },
});

const berlinTime = new Intl.DateTimeFormat("de-DE", {
  timeZone: "Europe/Berlin",
  hour: "2-digit",
  minute: "2-digit",
});
const berlinDate = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" });

/** The Berlin wall-clock times of a date's slots. */
function timesOn(slotInput: SlotInput, day: string): string[] {
  const [only] = freeSlots(slotInput, { from: day, to: day });
  return only!.slots.map((slot) => berlinTime.format(slot.start));
}

/** A booking in Berlin time on `day`, 30 minutes unless `end` says otherwise. */
const booking = (day: string, start: string, changes: Partial<BlockingBooking> = {}): BlockingBooking => {
  const startsAt = berlinInstant(day, start);
  return {
    typeId: TYPE.id,
    status: "bestaetigt",
    start: startsAt,
    end: new Date(startsAt.getTime() + 30 * 60_000),
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    ...changes,
  };
};

/** The instant of a Berlin wall-clock time in March 2026 (UTC+1 before the 29th, UTC+2 after). */
function berlinInstant(day: string, time: string): Date {
  const offset = day < "2026-03-29" || day >= "2026-10-25" ? "+01:00" : "+02:00";
  return new Date(`${day}T${time}:00${offset}`);
}

test("a 09:00 slot on the last Sundays of March and October is 09:00 in Berlin, an hour apart in UTC", () => {
  const sundays = input({ hours: [{ weekday: 7, startMinute: 540, endMinute: 600 }] });
  const [march] = freeSlots(sundays, { from: "2026-03-29", to: "2026-03-29" });
  const [october] = freeSlots(sundays, { from: "2026-10-25", to: "2026-10-25" });
  expect(march!.slots.map((slot) => slot.start.toISOString())).toEqual([
    "2026-03-29T07:00:00.000Z",
    "2026-03-29T07:30:00.000Z",
  ]);
  expect(october!.slots.map((slot) => slot.start.toISOString())).toEqual([
    "2026-10-25T08:00:00.000Z",
    "2026-10-25T08:30:00.000Z",
  ]);
  // The Sundays before keep their own offsets: winter time, then summer time.
  expect(timesOn(sundays, "2026-03-22")).toEqual(["09:00", "09:30"]);
  expect(timesOn(sundays, "2026-10-18")).toEqual(["09:00", "09:30"]);
});

test("in the night of the change, the skipped hour offers nothing and the repeated one once", () => {
  const nights = input({ hours: [{ weekday: 7, startMinute: 0, endMinute: 240 }] });
  expect(timesOn(nights, "2026-03-29")).toEqual(["00:00", "00:30", "01:00", "01:30", "03:00", "03:30"]);
  const october = freeSlots(nights, { from: "2026-10-25", to: "2026-10-25" })[0]!.slots;
  expect(october.map((slot) => berlinTime.format(slot.start))).toEqual([
    "00:00",
    "00:30",
    "01:00",
    "01:30",
    "02:00",
    "02:30",
    "03:00",
    "03:30",
  ]);
  // 02:00 is its first occurrence, still summer time; each slot lasts 30 real minutes.
  expect(october[4]!.start.toISOString()).toBe("2026-10-25T00:00:00.000Z");
  expect(october.every((slot) => slot.end.getTime() - slot.start.getTime() === 30 * 60_000)).toBe(true);
});

test("the appointment and its buffers fit in the hours, and buffers add up with a booking's own", () => {
  const buffered = input({
    rules: { bufferBeforeMinutes: 15, bufferAfterMinutes: 15 },
    bookings: [booking("2026-03-10", "10:00", { bufferBeforeMinutes: 15, bufferAfterMinutes: 15 })],
  });
  // Blocked by the booking: 09:45–10:45. A slot needs 15 minutes before and after it.
  expect(timesOn(buffered, "2026-03-10")).toEqual(["11:00"]);
  // Without the booking: not 09:00 (its buffer would start 08:45), not 11:30 (ends 12:15).
  expect(
    timesOn(input({ rules: { bufferBeforeMinutes: 15, bufferAfterMinutes: 15 } }), "2026-03-11"),
  ).toEqual(["09:30", "10:00", "10:30", "11:00"]);
});

test("the minimum notice counts from now; 'nicht am selben Tag' leaves today out", () => {
  const morning = new Date("2026-03-10T07:10:00Z"); // 08:10 in Berlin
  expect(timesOn(input({ now: morning, rules: { minNoticeMinutes: 60 } }), "2026-03-10")).toEqual([
    "09:30",
    "10:00",
    "10:30",
    "11:00",
    "11:30",
  ]);
  expect(timesOn(input({ now: morning, rules: { notSameDay: true } }), "2026-03-10")).toEqual([]);
  expect(timesOn(input({ now: morning, rules: { notSameDay: true } }), "2026-03-11")).toHaveLength(6);
  // Slots already begun are never offered.
  expect(timesOn(input({ now: new Date("2026-03-10T09:40:00Z") }), "2026-03-10")).toEqual(["11:00", "11:30"]);
});

test("the horizon is the last bookable date: today plus its days", () => {
  const near = input({ rules: { horizonDays: 2 } });
  expect(timesOn(near, "2026-03-08")).toHaveLength(6);
  expect(timesOn(near, "2026-03-09")).toEqual([]);
});

test("caps per day and per ISO week count this type's active bookings only", () => {
  const daily = input({
    rules: { maxPerDay: 1 },
    bookings: [booking("2026-03-10", "09:00"), booking("2026-03-11", "09:00", { typeId: "coaching" })],
  });
  expect(timesOn(daily, "2026-03-10")).toEqual([]);
  expect(timesOn(daily, "2026-03-11")).toHaveLength(5);

  // KW 11: Monday 9 to Sunday 15 March.
  const weekly = input({
    rules: { maxPerWeek: 2 },
    bookings: [
      booking("2026-03-09", "09:00"),
      booking("2026-03-10", "09:00"),
      booking("2026-03-11", "10:00", { status: "abgesagt" }),
    ],
  });
  expect(timesOn(weekly, "2026-03-12")).toEqual([]);
  expect(timesOn(weekly, "2026-03-15")).toEqual([]);
  expect(timesOn(weekly, "2026-03-16")).toHaveLength(6);
  expect(timesOn(input({ ...weekly, rules: { maxPerWeek: 3 } }), "2026-03-12")).toHaveLength(6);
});

test("a closed date offers nothing, a date's own hours replace the week's, a blocked range is cut out", () => {
  const overridden = input({
    hours: MORNINGS.filter((range) => range.weekday <= 5),
    overrides: [
      { day: "2026-03-10", kind: "geschlossen", startMinute: null, endMinute: null },
      { day: "2026-03-10", kind: "zeiten", startMinute: 600, endMinute: 660 },
      { day: "2026-03-11", kind: "zeiten", startMinute: 840, endMinute: 900 },
      { day: "2026-03-11", kind: "zeiten", startMinute: 900, endMinute: 930 },
      { day: "2026-03-12", kind: "gesperrt", startMinute: 600, endMinute: 660 },
      { day: "2026-03-14", kind: "zeiten", startMinute: 600, endMinute: 660 },
    ],
  });
  expect(timesOn(overridden, "2026-03-10")).toEqual([]);
  expect(timesOn(overridden, "2026-03-11")).toEqual(["14:00", "14:30", "15:00"]);
  expect(timesOn(overridden, "2026-03-12")).toEqual(["09:00", "09:30", "11:00", "11:30"]);
  expect(timesOn(overridden, "2026-03-13")).toHaveLength(6);
  // Saturday: no weekly hours, an extra day.
  expect(timesOn(overridden, "2026-03-14")).toEqual(["10:00", "10:30"]);
  expect(timesOn(overridden, "2026-03-15")).toEqual([]);
});

test("busy times and active bookings block the slots they overlap; a cancelled booking frees its slot", () => {
  const busy = input({
    busy: [{ start: berlinInstant("2026-03-10", "09:45"), end: berlinInstant("2026-03-10", "10:15") }],
    bookings: [booking("2026-03-10", "11:00"), booking("2026-03-10", "11:30", { status: "abgesagt" })],
  });
  expect(timesOn(busy, "2026-03-10")).toEqual(["09:00", "10:30", "11:30"]);
  const requested = input({ bookings: [booking("2026-03-10", "11:00", { status: "angefragt" })] });
  expect(timesOn(requested, "2026-03-10")).not.toContain("11:00");
  // Touching is no overlap.
  const touching = input({
    busy: [{ start: berlinInstant("2026-03-10", "09:00"), end: berlinInstant("2026-03-10", "09:30") }],
  });
  expect(timesOn(touching, "2026-03-10")[0]).toBe("09:30");
});

test("a duration that is no multiple of 30 gets quarter-hour starts", () => {
  expect(timesOn(input({ rules: { durationMinutes: 45 } }), "2026-03-10")).toEqual([
    "09:00",
    "09:15",
    "09:30",
    "09:45",
    "10:00",
    "10:15",
    "10:30",
    "10:45",
    "11:00",
    "11:15",
  ]);
});

test("the month view lists the dates with a free slot", () => {
  const march = input({
    hours: MORNINGS.filter((range) => range.weekday === 2),
    overrides: [{ day: "2026-03-17", kind: "geschlossen", startMinute: null, endMinute: null }],
    busy: [{ start: berlinInstant("2026-03-24", "09:00"), end: berlinInstant("2026-03-24", "12:00") }],
  });
  // Tuesdays of March 2026: the 3rd (before now), 10th, 17th (closed), 24th (busy), 31st.
  expect([...slotsByDateIn(march, "2026-03", "Europe/Berlin").keys()]).toEqual(["2026-03-10", "2026-03-31"]);
  expect([...slotsByDateIn(march, "2026-02", "Europe/Berlin").keys()]).toEqual([]);
});

test("the month view's dates are the visitor's: a Berlin evening is the next morning in Tokyo", () => {
  // Tuesdays 22:00–23:00 in Berlin (UTC+1 in March): 06:00–07:00 on Wednesdays in Tokyo.
  const evenings = input({ hours: [{ weekday: 2, startMinute: 22 * 60, endMinute: 23 * 60 }] });
  const tokyo = slotsByDateIn(evenings, "2026-03", "Asia/Tokyo");
  expect([...tokyo.keys()]).toEqual(["2026-03-11", "2026-03-18", "2026-03-25"]);
  expect(tokyo.get("2026-03-11")!.map((slot) => slot.start.toISOString())).toEqual([
    "2026-03-10T21:00:00.000Z",
    "2026-03-10T21:30:00.000Z",
  ]);
  // Tuesday 31 March (UTC+2 by then) is 1 April in Tokyo: April's first date, not March's last.
  expect(slotsByDateIn(evenings, "2026-04", "Asia/Tokyo").get("2026-04-01")).toHaveLength(2);
  // In Berlin the same slots stay on the Tuesdays.
  expect([...slotsByDateIn(evenings, "2026-03", "Europe/Berlin").keys()]).toEqual([
    "2026-03-10",
    "2026-03-17",
    "2026-03-24",
    "2026-03-31",
  ]);
});

test("the next free slots after a time, across dates, within the horizon", () => {
  const taken = input({ bookings: [booking("2026-03-10", "11:00")], rules: { horizonDays: 5 } });
  const next = nextFreeSlots(taken, berlinInstant("2026-03-10", "10:30"), 3);
  expect(next.map((slot) => `${berlinDate.format(slot.start)} ${berlinTime.format(slot.start)}`)).toEqual([
    "2026-03-10 11:30",
    "2026-03-11 09:00",
    "2026-03-11 09:30",
  ]);
  // The horizon ends on the 11th: its six slots, and none after.
  expect(nextFreeSlots(taken, berlinInstant("2026-03-10", "11:30"), 100)).toHaveLength(6);
  expect(isSlotOffered(taken, berlinInstant("2026-03-10", "11:30"))).toBe(true);
  expect(isSlotOffered(taken, berlinInstant("2026-03-10", "11:00"))).toBe(false);
  expect(isSlotOffered(taken, berlinInstant("2026-03-10", "11:10"))).toBe(false);
});
