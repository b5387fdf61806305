/**
 * The names and first values of the forms under /admin/termine that both their server halves and
 * their pages use (a page may not import a .server module).
 */

/** Rows of the weekly hours per weekday, each a start and an end "HH:MM". */
export const RANGES_PER_DAY = 3;
/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** `start-<weekday>-<row>` and `end-<weekday>-<row>`. */
export const rangeField = (edge: "start" | "end", weekday: number, row: number) =>
  `${edge}-${weekday}-${row}`;

/** A new type's form: 30 minutes by video, bookable 60 days ahead, visible. */
export const NEW_TYPE_VALUES: Record<string, string> = {
  name: "",
  slug: "",
  description: "",
  duration_minutes: "30",
  location_kind: "video",
  location_detail: "",
  buffer_before_minutes: "0",
  buffer_after_minutes: "0",
  min_notice_minutes: "0",
  not_same_day: "",
  horizon_days: "60",
  max_per_day: "",
  max_per_week: "",
  requires_confirmation: "",
  visible: "on",
};
