import { z } from "zod";
import type { Db } from "~/platform/db/engines.server";
import { BOOKING_OVERRIDE_KINDS } from "~/platform/db/schema";
import { fieldErrors, type FieldErrors } from "~/platform/forms/schemas";
import { RANGES_PER_DAY, rangeField, WEEKDAYS } from "./admin-fields";
import { formValues } from "~/platform/forms/guard.server";
import { refused, textOf, type AdminOutcome } from "./admin-form.server";
import { BOOKING_ADMIN_MESSAGES as M } from "./admin-messages";
import {
  addDateOverride,
  deleteDateOverride,
  listDateOverrides,
  listWeeklyHours,
  replaceWeeklyHours,
} from "./availability.server";
import { addDays, berlinDayOf, minuteLabel, minuteOf } from "./berlin-time";
import type { WeeklyRange } from "./slots";

/**
 * /admin/termine/verfuegbarkeit: the weekly hours (RANGES_PER_DAY rows per weekday, each a
 * start and an end "HH:MM", named `start-<weekday>-<row>` and `end-<weekday>-<row>`) and the
 * date overrides from today on.
 */

/** The week as its form's values. */
export function hoursValues(hours: WeeklyRange[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const weekday of WEEKDAYS) {
    const ranges = hours.filter((range) => range.weekday === weekday);
    for (let row = 0; row < Math.max(RANGES_PER_DAY, ranges.length); row++) {
      const range = ranges[row];
      values[rangeField("start", weekday, row)] = range ? minuteLabel(range.startMinute) : "";
      values[rangeField("end", weekday, row)] = range ? minuteLabel(range.endMinute) : "";
    }
  }
  return values;
}

/** The week of the form, or the errors by field (the end's field for a range's own faults). */
export function readWeeklyHours(
  values: Record<string, string>,
): { ok: true; ranges: WeeklyRange[] } | { ok: false; errors: FieldErrors } {
  const ranges: WeeklyRange[] = [];
  const errors: FieldErrors = {};
  for (const weekday of WEEKDAYS) {
    for (let row = 0; row < RANGES_PER_DAY; row++) {
      const startField = rangeField("start", weekday, row);
      const endField = rangeField("end", weekday, row);
      const start = (values[startField] ?? "").trim();
      const end = (values[endField] ?? "").trim();
      if (!start && !end) continue;
      if (!start || !end) {
        errors[start ? endField : startField] = M.rangeIncomplete;
        continue;
      }
      const startMinute = minuteOf(start);
      const endMinute = minuteOf(end);
      if (startMinute === undefined || startMinute === 1440) errors[startField] = M.timeInvalid;
      if (endMinute === undefined) errors[endField] = M.timeInvalid;
      if (startMinute === undefined || endMinute === undefined || startMinute === 1440) continue;
      if (startMinute >= endMinute) {
        errors[endField] = M.rangeOrder;
        continue;
      }
      ranges.push({ weekday, startMinute, endMinute });
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, ranges };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const time = z
  .string()
  .trim()
  .refine((value) => value === "" || minuteOf(value) !== undefined, M.timeInvalid);

export const OverrideFormSchema = z
  .object({
    day: z
      .string()
      .trim()
      .refine((value) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T12:00:00Z`)), M.dayInvalid),
    kind: z.enum(BOOKING_OVERRIDE_KINDS, M.overrideKindInvalid),
    start: time,
    end: time,
    note: z.string().trim().max(200, M.noteTooLong),
  })
  .superRefine((value, context) => {
    if (value.kind === "geschlossen") return;
    if (!value.start || !value.end) {
      context.addIssue({ code: "custom", path: [value.start ? "end" : "start"], message: M.rangeIncomplete });
      return;
    }
    const start = minuteOf(value.start);
    const end = minuteOf(value.end);
    if (start !== undefined && end !== undefined && start >= end)
      context.addIssue({ code: "custom", path: ["end"], message: M.rangeOrder });
  });

const OVERRIDE_FIELDS = ["day", "kind", "start", "end", "note"] as const;

export async function loadHours(db: Db, now = new Date()) {
  const today = berlinDayOf(now);
  return {
    values: hoursValues(await listWeeklyHours(db)),
    overrides: await listDateOverrides(db, { from: today, to: addDays(today, 3 * 365) }),
    today,
  };
}

/** "hours" (the whole week), "add-override" and "delete-override". */
export async function hoursAction(db: Db, form: FormData): Promise<AdminOutcome> {
  const intent = textOf(form, "intent");
  if (intent === "hours") {
    const names = WEEKDAYS.flatMap((weekday) =>
      Array.from({ length: RANGES_PER_DAY }, (_, row) => [
        rangeField("start", weekday, row),
        rangeField("end", weekday, row),
      ]).flat(),
    );
    const values = formValues(form, names);
    const week = readWeeklyHours(values);
    if (!week.ok) return refused(intent, week.errors, values);
    await replaceWeeklyHours(db, week.ranges);
    return { ok: true, message: M.hoursSaved };
  }
  if (intent === "add-override") {
    const values = formValues(form, OVERRIDE_FIELDS);
    const parsed = OverrideFormSchema.safeParse(values);
    if (!parsed.success) return refused(intent, fieldErrors(parsed.error), values);
    const { day, kind, start, end, note } = parsed.data;
    await addDateOverride(
      db,
      kind === "geschlossen"
        ? { day, kind, note }
        : { day, kind, note, startMinute: minuteOf(start)!, endMinute: minuteOf(end)! },
    );
    return { ok: true, message: M.overrideAdded };
  }
  if (intent === "delete-override") {
    return (await deleteDateOverride(db, textOf(form, "id")))
      ? { ok: true, message: M.overrideDeleted }
      : refused(intent, {}, undefined, M.overrideNotFound, 404);
  }
  return refused(intent, {}, undefined, M.unknownAction);
}
