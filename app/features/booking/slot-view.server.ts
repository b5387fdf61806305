import { Temporal } from "temporal-polyfill";
import type { Db } from "~/platform/db/engines.server";
import { addDays, berlinDayOf, MINUTE_MS, OWNER_TIME_ZONE, type Day } from "./berlin-time";
import type { BookingType } from "./booking-types.server";
import { ownerBusy } from "./busy.server";
import { loadSlotInput } from "./queries.server";
import { timeZoneName } from "./schema";
import { isSlotOffered, slotsByDateIn } from "./slots";

/**
 * What the month view, the day's times and the form of /termine/<art> (and of a move) show,
 * computed on the server: the browser gets finished strings, no Temporal and no slot code.
 * Days and times are the visitor's: a slot is on the date its start has in the visitor's zone.
 */
export type SlotView = {
  timeZone: string;
  month: string;
  monthLabel: string;
  previousMonth: string | null;
  nextMonth: string | null;
  /** Weeks from Monday; null outside the month. */
  weeks: ({ day: Day; label: string; free: boolean } | null)[][];
  day: { day: Day; label: string; slots: { start: string; label: string }[] } | null;
  slot: { start: string; label: string } | null;
  /** The calendars could not be read: nothing is offered (fail closed). */
  unavailable: boolean;
};

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The zone asked for (query `tz`), else Berlin: what the page shows without JavaScript. */
export const zoneOf = (value: string | null) => (value && timeZoneName(value)) || OWNER_TIME_ZONE;

export function timeLabel(start: Date, timeZone: string, withDate = false): string {
  return new Intl.DateTimeFormat("de-DE", {
    ...(withDate ? { weekday: "short", day: "numeric", month: "short" } : {}),
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  }).format(start);
}

export function dayLabel(day: Day): string {
  return new Intl.DateTimeFormat("de-DE", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T12:00:00Z`));
}

export async function slotView(
  db: Db,
  type: BookingType,
  query: URLSearchParams,
  { exceptId, now = new Date() }: { exceptId?: string; now?: Date } = {},
): Promise<SlotView> {
  const timeZone = zoneOf(query.get("tz"));
  const today = berlinDayOf(now);
  const firstMonth = today.slice(0, 7);
  const lastMonth = addDays(today, type.horizon_days).slice(0, 7);
  const asked = query.get("monat") ?? query.get("tag")?.slice(0, 7) ?? "";
  const month = MONTH.test(asked) && asked >= firstMonth && asked <= lastMonth ? asked : firstMonth;

  const owner = await ownerBusy(
    db,
    {
      from: new Date(now.getTime() - DAY_MS),
      to: new Date(now.getTime() + (type.horizon_days + 2) * DAY_MS),
    },
    now,
  );
  const input = await loadSlotInput(db, type, { busy: owner.busy, now }, exceptId);
  const slotsByDate = slotsByDateIn(input, month, timeZone);
  const free = new Set(slotsByDate.keys());

  const yearMonth = Temporal.PlainYearMonth.from(month);
  const first = yearMonth.toPlainDate({ day: 1 });
  const cells: ({ day: Day; label: string; free: boolean } | null)[] = [
    ...Array.from({ length: first.dayOfWeek - 1 }, () => null),
    ...Array.from({ length: yearMonth.daysInMonth }, (_, index) => {
      const day = first.add({ days: index }).toString();
      return { day, label: dayLabel(day), free: free.has(day) };
    }),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));

  const askedDay = query.get("tag") ?? "";
  const dayShown = DAY.test(askedDay) && free.has(askedDay) ? askedDay : null;
  const slotsOfDay = dayShown ? (slotsByDate.get(dayShown) ?? []) : [];

  const askedSlot = query.get("zeit");
  const slotStart = askedSlot && !Number.isNaN(Date.parse(askedSlot)) ? new Date(askedSlot) : null;
  const slot =
    slotStart && isSlotOffered(input, slotStart)
      ? { start: slotStart.toISOString(), label: appointmentLabelIn(slotStart, timeZone) }
      : null;

  return {
    timeZone,
    month,
    monthLabel: new Intl.DateTimeFormat("de-DE", { month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${month}-15T12:00:00Z`),
    ),
    previousMonth: month > firstMonth ? yearMonth.subtract({ months: 1 }).toString() : null,
    nextMonth: month < lastMonth ? yearMonth.add({ months: 1 }).toString() : null,
    weeks,
    day: dayShown
      ? {
          day: dayShown,
          label: dayLabel(dayShown),
          slots: slotsOfDay.map((one) => ({
            start: one.start.toISOString(),
            label: timeLabel(one.start, timeZone),
          })),
        }
      : null,
    slot,
    unavailable: !owner.complete,
  };
}

/** "Dienstag, 10. März 2026" in `timeZone`. */
export const longDateIn = (start: Date, timeZone: string): string =>
  new Intl.DateTimeFormat("de-DE", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone,
  }).format(start);

/** "Dienstag, 10. März 2026, 09:00 Uhr" in `timeZone`. */
export function appointmentLabelIn(start: Date, timeZone: string): string {
  return `${longDateIn(start, timeZone)}, ${timeLabel(start, timeZone)} Uhr`;
}

/** Zones offered in the select: the visitor's own is added when it is none of these. */
export const COMMON_ZONES = [
  "Europe/Berlin",
  "Europe/Vienna",
  "Europe/Zurich",
  "Europe/London",
  "Europe/Lisbon",
  "Europe/Paris",
  "Europe/Madrid",
  "Europe/Rome",
  "Europe/Athens",
  "Europe/Helsinki",
  "Europe/Istanbul",
  "Europe/Moscow",
  "Asia/Dubai",
  "Asia/Kolkata",
  "Asia/Singapore",
  "Asia/Tokyo",
  "Australia/Sydney",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "America/Sao_Paulo",
  "UTC",
] as const;
