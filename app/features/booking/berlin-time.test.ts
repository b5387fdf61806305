import { expect, test } from "vitest";
import { berlinDate, berlinDayOf, isoWeekOf, minuteLabel, minuteOf, monthRange } from "./berlin-time";

test("the owner's hours are typed as HH:MM and stored as minutes since midnight, 24:00 the day's end", () => {
  expect(minuteOf("09:30")).toBe(570);
  expect(minuteOf("00:00")).toBe(0);
  expect(minuteOf("24:00")).toBe(1440);
  for (const label of ["24:30", "9:30", "09:60", "25:00", "", "09:30 "])
    expect(minuteOf(label)).toBeUndefined();
  expect(minuteLabel(570)).toBe("09:30");
  expect(minuteLabel(1440)).toBe("24:00");
});

test("a Berlin date starts at its midnight, an hour earlier in UTC in winter and two in summer", () => {
  expect(berlinDayOf(new Date("2026-03-09T23:30:00Z"))).toBe("2026-03-10");
  expect(berlinDayOf(new Date("2026-07-09T22:30:00Z"))).toBe("2026-07-10");
  expect(berlinDate("2026-03-10").boundaryAt(0)).toBe(Date.parse("2026-03-09T23:00:00Z"));
  expect(berlinDate("2026-07-10").boundaryAt(1440)).toBe(Date.parse("2026-07-10T22:00:00Z"));
  // The day of the change to summer time has 23 hours, the one back 25.
  expect(berlinDate("2026-03-29").boundaryAt(1440) - berlinDate("2026-03-29").boundaryAt(0)).toBe(
    23 * 3_600_000,
  );
  expect(berlinDate("2026-10-25").boundaryAt(1440) - berlinDate("2026-10-25").boundaryAt(0)).toBe(
    25 * 3_600_000,
  );
  expect(berlinDate("2026-03-29").slotStartAt(150)).toBeNull(); // 02:30 does not exist
});

test("ISO weeks and months as the caps and the month view count them", () => {
  expect(isoWeekOf("2026-03-09")).toBe("2026-W11");
  expect(isoWeekOf("2026-03-15")).toBe("2026-W11");
  // 1 January 2027 is a Friday: still the last week of 2026.
  expect(isoWeekOf("2027-01-01")).toBe("2026-W53");
  expect(berlinDate("2026-03-15")).toMatchObject({ weekday: 7, isoWeek: "2026-W11" });
  expect(monthRange("2028-02")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
});
