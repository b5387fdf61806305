/** Measuring helpers of `npm run bench` (scripts/bench.ts). */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

/** The resident memory of a process, in MB (from /proc, Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

/** What a browser's page request says: counted when statistics are on (a User-Agent, a document). */
export const BROWSER_HEADERS = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  accept: "text/html",
  "sec-fetch-dest": "document",
};

/** One autocannon run, to its end. */
export function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** The p-th percentile (0–100) of the values, nearest rank. */
export function percentile(values: Float64Array, p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = values.slice().sort();
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export type Load = {
  /** Responses with a 2xx status, per second of the run. */
  perSecond: number;
  /** Non-2xx responses, request errors and timeouts. */
  errors: number;
  /** Latency percentiles of the 2xx responses, in ms with fractions (autocannon's own are whole ms). */
  p50: number;
  p99: number;
  seconds: number;
};

/**
 * Load from autocannon until `until` resolves. Every 2xx response's latency is kept (a float
 * each), so the percentiles keep their fractions of a millisecond: with a few connections they
 * are a few ms, where autocannon's whole milliseconds would round a budget of twice the idle p99.
 * Only responses until then count: autocannon itself stops at its next one-second tick.
 */
export function loadUntil(options: autocannon.Options, until: Promise<unknown>): Promise<Load> {
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  let errors = 0;
  let stoppedAt: number | undefined;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon({ ...options, duration: 24 * 3600 }, (error) => {
      if (error) return reject(error);
      const seconds = ((stoppedAt ?? performance.now()) - started) / 1000;
      const kept = latencies.subarray(0, count);
      resolve({
        perSecond: count / seconds,
        errors,
        p50: percentile(kept, 50),
        p99: percentile(kept, 99),
        seconds,
      });
    });
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (stoppedAt !== undefined) return;
      if (statusCode < 200 || statusCode > 299) {
        errors++;
        return;
      }
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count++] = responseTime;
    });
    instance.on("reqError", () => {
      if (stoppedAt === undefined) errors++;
    });
    const stop = () => {
      stoppedAt = performance.now();
      instance.stop();
    };
    until.then(stop, stop);
  });
}
