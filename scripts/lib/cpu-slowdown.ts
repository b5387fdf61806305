/**
 * The CPU slowdown that makes this host emulate Lighthouse's target phone, from the host's
 * `benchmarkIndex`.
 *
 * Lighthouse's docs/throttling.md ("CPU Throttling" → "Calibrating the CPU slowdown") says the CPU
 * slowdown is relative to the host, that its default of 4× "moves a typical run in the high-end
 * desktop bracket somewhere into the mid-tier mobile bracket", and that "the Lighthouse CPU
 * slowdown calculator webapp will compute what multiplier to use from the `CPU/Memory Power`
 * value" (https://lighthouse-cpu-throttling-calculator.vercel.app/, source:
 * github.com/patrickhulce/lighthouse-cpu-throttling-calculator, pages/index.js,
 * `computeMultiplierMessages`). That calculator is linear between these points:
 *
 * | benchmarkIndex | multiplier | slope                  |
 * | -------------- | ---------- | ---------------------- |
 * | 150            | 1×         | +1× per 650 points     |
 * | 800            | 2×         | +1× per 500 points     |
 * | 1300           | 3×         | +1× per 233 points,    |
 * |                |            | on past 2000 (= 6×)    |
 *
 * and below 150 "this device is too slow to accurately emulate the target Lighthouse device". The
 * docs' table (high-end desktop → mid-tier mobile 4×, range 2–10×; low-end desktop → 2×, range
 * 1–5×) gives the same brackets. The calculator shows the multiplier to one decimal, and so does
 * this function.
 */
const SEGMENTS = [
  { from: 1300, multiplier: 3, pointsPerStep: 233 },
  { from: 800, multiplier: 2, pointsPerStep: 500 },
  { from: 150, multiplier: 1, pointsPerStep: 650 },
] as const;

/** Below this index the calculator refuses: the host is slower than the phone to emulate. */
export const MIN_BENCHMARK_INDEX = SEGMENTS.at(-1)!.from;

/** The multiplier for `throttling.cpuSlowdownMultiplier`, or undefined for too slow a host. */
export function cpuSlowdownFor(benchmarkIndex: number): number | undefined {
  if (!Number.isFinite(benchmarkIndex)) return undefined;
  const segment = SEGMENTS.find(({ from }) => benchmarkIndex >= from);
  if (!segment) return undefined;
  const multiplier = segment.multiplier + (benchmarkIndex - segment.from) / segment.pointsPerStep;
  return Math.round(multiplier * 10) / 10;
}
