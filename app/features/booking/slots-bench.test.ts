import { expect, test } from "vitest";
import { benchMonthSlots } from "./slots-bench";

test("a month of slots against 3 feeds of 500 events takes well under 50 ms", () => {
  const result = benchMonthSlots();
  expect(result.busyIntervals).toBe(1_500);
  // Some slots remain between the events, so the whole month's check ran.
  expect(result.slots).toBeGreaterThan(0);
  expect(result.medianMs).toBeLessThan(50);
});
