/**
 * The performance goal (decision 0027): the slots of a month against three
 * calendar feeds of 500 events each in well under 50 ms. For scripts/bench.ts, which can print
 * `benchMonthSlots()`; slots-bench.test.ts holds the code to it.
 */
// With their .ts extensions, this module and the ones it imports run under plain Node too, as
// the scripts do (like app/platform/db/pglite-worker.ts).
import { freeSlots, type SlotInput } from "./slots.ts";

export type SlotBench = {
  /** The median of `rounds` computations of the month's slots, in milliseconds. */
  medianMs: number;
  slowestMs: number;
  busyIntervals: number;
  slots: number;
};

/** Busy events spread over the month (a fixed pseudo-random sequence: every run measures the same). */
function busyEvents(count: number, monthStart: number, monthMs: number) {
  let seed = 20_260_301;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  return Array.from({ length: count }, () => {
    const start = monthStart + Math.floor(next() * monthMs);
    const length = (15 + Math.floor(next() * 8) * 15) * 60_000;
    return { start: new Date(start), end: new Date(start + length) };
  });
}

/** Computes March 2026's slots of a 30-minute type (hours Monday to Friday 08:00–18:00) `rounds` times. */
export function benchMonthSlots({ feeds = 3, eventsPerFeed = 500, rounds = 15 } = {}): SlotBench {
  const monthStart = Date.parse("2026-03-01T00:00:00+01:00");
  const monthMs = 31 * 24 * 60 * 60_000;
  const input: SlotInput = {
    type: {
      id: "bench",
      durationMinutes: 30,
      bufferBeforeMinutes: 10,
      bufferAfterMinutes: 10,
      minNoticeMinutes: 120,
      notSameDay: false,
      horizonDays: 90,
      maxPerDay: null,
      maxPerWeek: 20,
    },
    hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 480, endMinute: 1080 })),
    overrides: [{ day: "2026-03-13", kind: "geschlossen", startMinute: null, endMinute: null }],
    busy: busyEvents(feeds * eventsPerFeed, monthStart, monthMs),
    bookings: [],
    now: new Date("2026-02-28T12:00:00Z"),
  };
  const times: number[] = [];
  let slots = 0;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    const month = freeSlots(input, { from: "2026-03-01", to: "2026-03-31" });
    times.push(performance.now() - started);
    slots = month.reduce((sum, day) => sum + day.slots.length, 0);
  }
  times.sort((a, b) => a - b);
  return {
    medianMs: times[Math.floor(times.length / 2)]!,
    slowestMs: times.at(-1)!,
    busyIntervals: input.busy.length,
    slots,
  };
}
