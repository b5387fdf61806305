/**
 * The owner's hours: weekly ranges and date overrides, for every type. The only module that
 * touches booking_hours and booking_date_overrides (tableOwners in eslint.config.js).
 */
import { and, asc, eq, gte, lte } from "drizzle-orm";
import type { Db } from "~/platform/db/engines.server";
import { bookingDateOverrides, bookingHours, type BookingOverrideKind } from "~/platform/db/schema";
import { isUuid } from "~/platform/uuid";
import { addDays, type Day } from "./berlin-time";
import type { DateOverride, WeeklyRange } from "./slots";

export type DateOverrideRow = typeof bookingDateOverrides.$inferSelect;

export async function listWeeklyHours(db: Db): Promise<WeeklyRange[]> {
  const rows = await db
    .select()
    .from(bookingHours)
    .orderBy(asc(bookingHours.weekday), asc(bookingHours.start_minute));
  return rows.map((row) => ({
    weekday: row.weekday,
    startMinute: row.start_minute,
    endMinute: row.end_minute,
  }));
}

/**
 * Replaces the whole week at once, as the owner's form sends it: no moment in which another
 * request sees half of it.
 */
export async function replaceWeeklyHours(db: Db, ranges: WeeklyRange[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(bookingHours);
    if (ranges.length === 0) return;
    await tx.insert(bookingHours).values(
      ranges.map((range) => ({
        weekday: range.weekday,
        start_minute: range.startMinute,
        end_minute: range.endMinute,
      })),
    );
  });
}

/** The overrides of the dates from `from` to `to` (both included), by date. */
export function listDateOverrides(db: Db, range: { from: Day; to: Day }): Promise<DateOverrideRow[]> {
  return db
    .select()
    .from(bookingDateOverrides)
    .where(and(gte(bookingDateOverrides.day, range.from), lte(bookingDateOverrides.day, range.to)))
    .orderBy(asc(bookingDateOverrides.day), asc(bookingDateOverrides.start_minute));
}

export type DateOverrideInput =
  | { day: Day; kind: "geschlossen"; note?: string }
  | {
      day: Day;
      kind: Exclude<BookingOverrideKind, "geschlossen">;
      startMinute: number;
      endMinute: number;
      note?: string;
    };

export async function addDateOverride(db: Db, input: DateOverrideInput): Promise<DateOverrideRow> {
  const minutes =
    input.kind === "geschlossen"
      ? { start_minute: null, end_minute: null }
      : { start_minute: input.startMinute, end_minute: input.endMinute };
  const [row] = await db
    .insert(bookingDateOverrides)
    .values({ day: input.day, kind: input.kind, note: input.note ?? "", ...minutes })
    .returning();
  return row!;
}

/** Closes every date from `from` to `to` (a holiday, a vacation): one "geschlossen" each. */
export async function closeDates(db: Db, range: { from: Day; to: Day; note?: string }): Promise<number> {
  const days: Day[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    if (days.length === 366) throw new RangeError("closeDates: at most a year at once");
    days.push(day);
  }
  if (days.length === 0) return 0;
  const rows = await db
    .insert(bookingDateOverrides)
    .values(days.map((day) => ({ day, kind: "geschlossen" as const, note: range.note ?? "" })))
    .returning({ id: bookingDateOverrides.id });
  return rows.length;
}

export async function deleteDateOverride(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(bookingDateOverrides)
    .where(eq(bookingDateOverrides.id, id))
    .returning({ id: bookingDateOverrides.id });
  return deleted.length > 0;
}

/** The weekly hours and the overrides of the dates from `from` to `to`, as slots.ts takes them. */
export async function loadAvailability(
  db: Db,
  range: { from: Day; to: Day },
): Promise<{ hours: WeeklyRange[]; overrides: DateOverride[] }> {
  // One after the other: inside a transaction both run on its one connection anyway.
  const hours = await listWeeklyHours(db);
  const overrides = await listDateOverrides(db, range);
  return {
    hours,
    overrides: overrides.map((row) => ({
      day: row.day,
      kind: row.kind,
      startMinute: row.start_minute,
      endMinute: row.end_minute,
    })),
  };
}
