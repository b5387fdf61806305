/**
 * `npm run bench`: throughput, latency, memory and start-up of the production server on a fresh
 * embedded database, next to a minimal Node http server serving the same bytes in the same run;
 * a flood of contact POSTs while GET / is measured (scripts/bench/flood.ts), on the embedded
 * database and, with TEST_DATABASE_URL, on PostgreSQL for the record; then a newsletter of
 * 10,000 mails sent to a local SMTP sink while GET / is measured (scripts/bench/newsletter.ts);
 * GET / as browsers ask it with the visit statistics counting against the same load without.
 * Prints a table that marks each budgeted row `met` or `MISSED` and exits non-zero on a miss.
 * Budgets: docs/quality.md. Needs a build (`npm run build`).
 *
 * BENCH_SECONDS (default 10) sets the length of each GET load run; BENCH_MAILS (default 10000)
 * the newsletter's recipients, for trying the script out.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type autocannon from "autocannon";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, startServer } from "./lib/production-server.ts";
import { BROWSER_HEADERS, rssMb, run } from "./bench/measure.ts";
import { benchNewsletter } from "./bench/newsletter.ts";
import { benchFlood, FLOOD, type FloodBench } from "./bench/flood.ts";
import { benchStatistics, type StatisticsBench } from "./bench/statistics.ts";
import { openEmbedded, statisticsSwitchOf } from "./bench/databases.ts";
import { benchMonthSlots } from "../app/features/booking/slots-bench.ts";
import { benchFeedExpansion } from "../app/features/booking/calendars/feed-bench.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** GET / with the visit statistics counting and not: rounds of four runs (off, on, on, off). */
const COUNTING_ROUNDS = 3;
const COUNTING_SECONDS = Math.max(1, Math.round(DURATION / 2));
const MAILS = Number(process.env.BENCH_MAILS ?? 10_000);
/** Synthetic page views of the statistics rows: embedded (30 days) and PostgreSQL (12 months). */
const STATISTICS_EVENTS = Number(process.env.BENCH_STATISTICS_EVENTS ?? 1_000_000);
const STATISTICS_EVENTS_POSTGRES = Number(process.env.BENCH_STATISTICS_EVENTS_POSTGRES ?? 10_000_000);

const BUDGET = {
  getP99Ms: 20,
  referenceRatio: 0.5,
  rssMb: 350,
  startupMs: 5000,
  /** GET / p99 during the newsletter send and during the form flood, as a multiple of the idle p99. */
  sendP99Factor: 2,
  /** GET / throughput with the visit statistics counting, as a share of the same load without. */
  countingRatio: 0.9,
  /** Statistik's 30 days over a million events on the embedded database (median of 5 loads). */
  statisticsEmbeddedMs: 300,
  statisticsGrowthMb: 200,
  /** Statistik's 12 months over 10 million raw events and their rollups on PostgreSQL. */
  statisticsPostgresMs: 500,
  /** A month's slots against 3 calendar feeds of 500 events each, and the feeds' expansion. */
  slotsMs: 50,
};

const progress = (text: string) =>
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${text}\n`);

function startBenchServer(dataDir: string, port: number, env: Record<string, string> = {}) {
  return startServer(dataDir, port, env);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-bench-"));
// Start-up on an existing build, once migrated (the first start also creates the database).
progress("creating the database");
const first = await startBenchServer(dataDir, await freePort());
await first.stop();
// The flood and the newsletter send get fresh databases of their own: copies of this one, unused.
const copy = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `portfolio-bench-${name}-`));
  cpSync(dataDir, dir, { recursive: true });
  return dir;
};
const newsletterDir = copy("newsletter");
const floodDir = copy("flood");
const floodPostgresDir = copy("flood-postgres");
const statisticsDir = copy("statistics");
const statisticsPostgresDir = copy("statistics-postgres");
const countingDir = copy("counting");
progress(`GET /, ${DURATION} s per run`);
const server = await startBenchServer(dataDir, await freePort());

// The reference: a minimal Node http server with the same bytes the site sends for "/".
const page = await fetch(`${server.url}/`);
const body = Buffer.from(await page.arrayBuffer());
const reference = http.createServer((_, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
  res.end(body);
});
const referencePort = await freePort();
await new Promise<void>((resolve) => reference.listen(referencePort, "127.0.0.1", resolve));

// A short warm-up of each (JIT, first render), not counted.
await run({ url: `${server.url}/`, connections: 64, duration: 2 });
await run({ url: `http://127.0.0.1:${referencePort}/`, connections: 64, duration: 2 });
const siteRun = await run({ url: `${server.url}/`, connections: 64, duration: DURATION });
const referenceRun = await run({
  url: `http://127.0.0.1:${referencePort}/`,
  connections: 64,
  duration: DURATION,
});
reference.close();

const memory = rssMb(server.child.pid!);
await server.stop();

// Statistics off (the default) against on (Einstellungen → Besucherstatistik), GET / as browsers
// ask it, so that every answer is counted. One server, switched by the owner's form between its
// runs: two processes of the same build differed by up to a quarter in their pace on a shared
// machine (docs/decisions/0025-visit-statistics.md), more than counting costs. Measured in turns
// off, on, on, off, COUNTING_ROUNDS times, so that the machine's swings over the minutes fall on
// both alike; the ratio is of the sums.
progress(`GET / with the visit statistics counting and not, ${COUNTING_ROUNDS} × 4 × ${COUNTING_SECONDS} s`);
const owner = { email: "bench-owner@example.org", password: "Bench-Inhaberin-Passwort-2026" };
const countingServer = await startBenchServer(countingDir, await freePort(), {
  ADMIN_EMAIL: owner.email,
  ADMIN_PASSWORD: owner.password,
});
const switchStatistics = await statisticsSwitchOf(countingServer.url, owner.email, owner.password);
const browserLoad = (duration: number) =>
  run({ url: `${countingServer.url}/`, connections: 64, duration, headers: BROWSER_HEADERS });
// Warmed up with counting on and off (JIT, first render, the day's salt, start-up housekeeping).
for (const on of [true, false]) {
  await switchStatistics(on);
  await browserLoad(5);
}
const countedRuns: autocannon.Result[] = [];
const uncountedRuns: autocannon.Result[] = [];
for (let round = 0; round < COUNTING_ROUNDS; round++) {
  for (const on of [false, true, true, false]) {
    await switchStatistics(on);
    (on ? countedRuns : uncountedRuns).push(await browserLoad(COUNTING_SECONDS));
  }
}
const countingMemory = rssMb(countingServer.child.pid!);
await countingServer.stop();
const counted = await openEmbedded(countingDir);
const views = (await counted.query<{ n: number }>("select count(*)::int as n from visit_events"))[0]?.n ?? 0;
await counted.close();
rmSync(countingDir, { recursive: true, force: true });

rmSync(dataDir, { recursive: true, force: true });

const floods: FloodBench[] = [await benchFlood({ dataDir: floodDir, progress })];
rmSync(floodDir, { recursive: true, force: true });
if (process.env.TEST_DATABASE_URL) {
  floods.push(
    await benchFlood({ dataDir: floodPostgresDir, databaseUrl: process.env.TEST_DATABASE_URL, progress }),
  );
}
rmSync(floodPostgresDir, { recursive: true, force: true });

progress(`newsletter: ${MAILS} mails to a local SMTP sink, GET / measured idle and during the send`);
const newsletter = await benchNewsletter({
  dataDir: newsletterDir,
  recipients: MAILS,
  idleSeconds: Math.max(3, DURATION / 2),
  expectedStartupMs: server.ms,
  progress,
});

const statistics: StatisticsBench[] = [
  await benchStatistics({
    dataDir: statisticsDir,
    events: STATISTICS_EVENTS,
    days: 30,
    period: "30-tage",
    progress,
  }),
];
rmSync(statisticsDir, { recursive: true, force: true });
if (process.env.TEST_DATABASE_URL) {
  statistics.push(
    await benchStatistics({
      dataDir: statisticsPostgresDir,
      databaseUrl: process.env.TEST_DATABASE_URL,
      events: STATISTICS_EVENTS_POSTGRES,
      days: 30,
      period: "12-monate",
      progress,
    }),
  );
}
rmSync(statisticsPostgresDir, { recursive: true, force: true });

progress("booking: a month's slots and the calendar feeds' expansion");
const slots = benchMonthSlots();
const feeds = benchFeedExpansion();

type Row = {
  name: string;
  value: string;
  detail: string;
  budget: string;
  mark: "met" | "MISSED" | "info" | "";
  /** A section's title, printed above its first row. */
  heading?: string;
};
const rows: Row[] = [];
const misses: string[] = [];
/** A budgeted row: marked from `ok`; `miss` says what was missed. */
const budgeted = (row: Omit<Row, "mark">, ok: boolean, miss: string) => {
  if (!ok) misses.push(miss);
  rows.push({ ...row, mark: ok ? "met" : "MISSED" });
};
const info = (row: Omit<Row, "mark">) => rows.push({ ...row, mark: "info" });
const ms = (value: number | undefined) => (value === undefined ? "–" : `${value.toFixed(1)} ms`);

const ratio = siteRun.requests.average / referenceRun.requests.average;
budgeted(
  {
    name: "GET / (site, 64 conn.)",
    value: `${Math.round(siteRun.requests.average)} req/s`,
    detail: `p99 ${siteRun.latency.p99} ms`,
    budget: `p99 ≤ ${BUDGET.getP99Ms} ms`,
  },
  siteRun.latency.p99 <= BUDGET.getP99Ms,
  `GET / p99 ${siteRun.latency.p99} ms > ${BUDGET.getP99Ms} ms`,
);
rows.push({
  name: "GET / (reference http)",
  value: `${Math.round(referenceRun.requests.average)} req/s`,
  detail: `p99 ${referenceRun.latency.p99} ms`,
  budget: "",
  mark: "",
});
budgeted(
  {
    name: "ratio site / reference",
    value: `${(ratio * 100).toFixed(1)} %`,
    detail: "",
    budget: `≥ ${BUDGET.referenceRatio * 100} % of reference`,
  },
  ratio >= BUDGET.referenceRatio,
  `GET / at ${(ratio * 100).toFixed(1)} % of the reference < ${BUDGET.referenceRatio * 100} %`,
);
const averageOf = (runs: autocannon.Result[]) =>
  runs.reduce((sum, result) => sum + result.requests.average, 0) / runs.length;
const countingRatio = averageOf(countedRuns) / averageOf(uncountedRuns);
const perRun = (runs: autocannon.Result[]) =>
  runs.map((result) => Math.round(result.requests.average)).join(", ");
budgeted(
  {
    name: "GET / with statistics counting",
    value: `${Math.round(averageOf(countedRuns))} req/s`,
    detail: `runs ${perRun(countedRuns)}, p99 ${Math.max(...countedRuns.map((r) => r.latency.p99))} ms, ${views} views stored; off: ${perRun(uncountedRuns)} req/s`,
    budget: `≥ ${BUDGET.countingRatio * 100} % of counting off`,
  },
  countingRatio >= BUDGET.countingRatio && views > 0,
  `GET / with counting at ${(countingRatio * 100).toFixed(1)} % of counting off (${views} views stored)`,
);
budgeted(
  {
    name: "memory after GET load, counting",
    value: `${Math.round(countingMemory)} MB RSS`,
    detail: "",
    budget: `≤ ${BUDGET.rssMb} MB`,
  },
  countingMemory <= BUDGET.rssMb,
  `memory after the load with counting ${Math.round(countingMemory)} MB > ${BUDGET.rssMb} MB`,
);
budgeted(
  {
    name: "server memory after GET load",
    value: `${Math.round(memory)} MB RSS`,
    detail: "",
    budget: `≤ ${BUDGET.rssMb} MB`,
  },
  memory <= BUDGET.rssMb,
  `memory after the load ${Math.round(memory)} MB > ${BUDGET.rssMb} MB`,
);
budgeted(
  {
    name: "start-up to /healthz",
    value: `${Math.round(server.ms)} ms`,
    detail: "(existing build and database)",
    budget: `≤ ${BUDGET.startupMs} ms`,
  },
  server.ms <= BUDGET.startupMs,
  `start-up ${Math.round(server.ms)} ms > ${BUDGET.startupMs} ms`,
);

const statusList = (byStatus: Record<string, number>) =>
  Object.entries(byStatus)
    .map(([status, n]) => `${n}× ${status}`)
    .join(", ");
for (const flood of floods) {
  const budget = flood.database === "embedded";
  const section = rows.length;
  const row = (values: Omit<Row, "mark">, ok: boolean, miss: string) =>
    budget ? budgeted(values, ok, `flood: ${miss}`) : info(values);
  const floodP99Budget = flood.idle && BUDGET.sendP99Factor * flood.idle.p99;
  const sent = flood.flood?.sent ?? 0;
  rows.push({
    name: "GET / idle (8 conn.)",
    value: flood.idle ? `${Math.round(flood.idle.perSecond)} req/s` : "–",
    detail: flood.idle ? `p99 ${ms(flood.idle.p99)}, errors ${flood.idle.errors}` : "",
    budget: "",
    mark: "",
  });
  const during = flood.during;
  row(
    {
      name: "GET / during flood (8 conn.)",
      value: during ? `${Math.round(during.perSecond)} req/s` : "–",
      detail: during ? `p99 ${ms(during.p99)}, errors ${during.errors}` : "",
      budget: `p99 ≤ ${BUDGET.sendP99Factor} × idle p99 (${ms(floodP99Budget)}), no error`,
    },
    during !== undefined &&
      floodP99Budget !== undefined &&
      during.p99 <= floodP99Budget &&
      during.errors === 0,
    during ? `GET / p99 ${ms(during.p99)}, ${during.errors} errors` : "GET / not measured",
  );
  for (const kind of ["valid", "invalid", "spam"] as const) {
    const answers = flood.flood?.statuses[kind] ?? {};
    const fives = Object.entries(answers).reduce((n, [status, k]) => n + (Number(status) >= 500 ? k : 0), 0);
    row(
      {
        name: `POST ${kind} answers`,
        value: `${Object.values(answers).reduce((a, b) => a + b, 0)}`,
        detail: statusList(answers),
        budget: "no 5xx",
      },
      fives === 0 && flood.flood !== undefined,
      `${fives} ${kind} POSTs answered 5xx`,
    );
  }
  row(
    {
      name: "POSTs sent, unanswered",
      value: `${Math.round(sent / (flood.flood?.sendingSeconds || 1))}/s`,
      detail:
        `${sent} in ${flood.flood?.sendingSeconds.toFixed(1) ?? "–"} s, last answer after ` +
        `${flood.flood?.seconds.toFixed(1) ?? "–"} s, unanswered ${flood.flood?.unanswered ?? "–"}`,
      budget: `${FLOOD.rate}/s offered, every POST answered`,
    },
    flood.flood !== undefined &&
      flood.flood.unanswered === 0 &&
      flood.flood.sent === FLOOD.rate * FLOOD.seconds &&
      flood.flood.sendingSeconds <= FLOOD.seconds * 1.05,
    `${flood.flood?.unanswered ?? "all"} POSTs unanswered, ${sent} sent in ` +
      `${flood.flood?.sendingSeconds.toFixed(1) ?? "–"} s`,
  );
  row(
    {
      name: "acknowledged → stored",
      value: `${flood.stored} of ${flood.acknowledged}`,
      detail: `lost ${flood.lost}, refused but stored ${flood.storedUnacknowledged}`,
      budget: "every acknowledged one, no refused one",
    },
    flood.flood !== undefined && flood.lost === 0 && flood.storedUnacknowledged === 0,
    `${flood.lost} acknowledged not stored, ${flood.storedUnacknowledged} refused but stored`,
  );
  const notices = flood.notices;
  row(
    {
      name: "notifications after flood",
      value: notices ? `${notices.sent} sent` : "–",
      detail: notices
        ? `${notices.waiting} waiting, ${notices.failed} failed, for ${notices.requests} requests ` +
          `(${flood.warmUpStored} before the flood)`
        : "",
      budget: `sent ≤ MAIL_MAX_PER_HOUR ${flood.mailMaxPerHour}, the rest waiting`,
    },
    notices !== undefined &&
      notices.sent <= flood.mailMaxPerHour &&
      notices.contacts === notices.requests &&
      notices.sent + notices.waiting === notices.requests,
    notices
      ? `${notices.sent} sent + ${notices.waiting} waiting for ${notices.requests} stored (cap ${flood.mailMaxPerHour})`
      : "notifications not read",
  );
  row(
    {
      name: "server memory after flood",
      value: flood.rssMb === undefined ? "–" : `${Math.round(flood.rssMb)} MB RSS`,
      detail: "",
      budget: `≤ ${BUDGET.rssMb} MB`,
    },
    flood.rssMb !== undefined && flood.rssMb <= BUDGET.rssMb,
    `RSS ${flood.rssMb === undefined ? "not measured" : `${Math.round(flood.rssMb)} MB`}`,
  );
  rows[section]!.heading =
    `Flood: ${FLOOD.rate} contact POSTs/s for ${FLOOD.seconds} s, a client address each, half invalid or ` +
    `spam-like, ${flood.database} database` +
    (budget ? "" : " (for the record: not budgeted)");
  if (flood.error) misses.push(`flood on the ${flood.database} database: ${flood.error}`);
}

const { idle, during } = newsletter;
const sendP99Budget = idle && BUDGET.sendP99Factor * idle.p99;
info({
  name: "newsletter send, no cap",
  value: newsletter.mailsPerSecond ? `${newsletter.mailsPerSecond.toFixed(1)} mails/s` : "–",
  detail: newsletter.sendSeconds ? `${MAILS} mails in ${newsletter.sendSeconds.toFixed(1)} s` : "",
  budget: "(for information)",
});
rows.push({
  name: "GET / idle (8 conn.)",
  value: idle ? `${Math.round(idle.perSecond)} req/s` : "–",
  detail: idle ? `p99 ${ms(idle.p99)}, errors ${idle.errors}` : "",
  budget: "",
  mark: "",
});
budgeted(
  {
    name: "GET / during send (8 conn.)",
    value: during ? `${Math.round(during.perSecond)} req/s` : "–",
    detail: during ? `p99 ${ms(during.p99)}, errors ${during.errors}` : "",
    budget: `p99 ≤ ${BUDGET.sendP99Factor} × idle p99 (${ms(sendP99Budget)})`,
  },
  during !== undefined && sendP99Budget !== undefined && during.p99 <= sendP99Budget && during.errors === 0,
  during && sendP99Budget !== undefined
    ? `GET / during the send: p99 ${ms(during.p99)} > ${ms(sendP99Budget)} (${BUDGET.sendP99Factor} × idle)` +
        (during.errors ? `, ${during.errors} errors` : "")
    : "GET / during the send: not measured",
);
rows.push({
  name: "GET / idle after send",
  value: newsletter.idleAfter ? `${Math.round(newsletter.idleAfter.perSecond)} req/s` : "–",
  detail: newsletter.idleAfter
    ? `p99 ${ms(newsletter.idleAfter.p99)}, errors ${newsletter.idleAfter.errors}`
    : "",
  budget: "(idle again, for comparison)",
  mark: "",
});
const duplicates = newsletter.received - newsletter.distinct;
budgeted(
  {
    name: "recipients at the SMTP sink",
    value: `${newsletter.distinct - newsletter.unexpected} of ${MAILS}`,
    detail: `duplicates ${duplicates}, others ${newsletter.unexpected}`,
    budget: "each subscriber once",
  },
  newsletter.missing === 0 && duplicates === 0 && newsletter.unexpected === 0,
  `newsletter recipients: ${newsletter.missing} missing, ${duplicates} duplicates, ` +
    `${newsletter.unexpected} not subscribed`,
);
info({
  name: "issue after the send",
  value: newsletter.issue?.state ?? "–",
  detail: newsletter.issue
    ? `${newsletter.issue.sent_count} sent, ${newsletter.issue.failed_count} failed`
    : "",
  budget: newsletter.outbox
    ? `(outbox: ${newsletter.outbox.waiting} waiting, ${newsletter.outbox.retried} retried)`
    : "",
});
budgeted(
  {
    name: "server memory after send",
    value: newsletter.rssMb === undefined ? "–" : `${Math.round(newsletter.rssMb)} MB RSS`,
    detail: "",
    budget: `≤ ${BUDGET.rssMb} MB`,
  },
  newsletter.rssMb !== undefined && newsletter.rssMb <= BUDGET.rssMb,
  newsletter.rssMb === undefined
    ? "memory after the send: not measured"
    : `memory after the send ${Math.round(newsletter.rssMb)} MB > ${BUDGET.rssMb} MB`,
);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const bench of statistics) {
  const embedded = bench.database === "embedded";
  const section = rows.length;
  const budgetMs = embedded ? BUDGET.statisticsEmbeddedMs : BUDGET.statisticsPostgresMs;
  const loads = bench.loadsMs.length === 5 ? median(bench.loadsMs) : undefined;
  info({
    name: "events written, rolled up",
    value: bench.ingestMs === undefined ? "–" : `${(bench.ingestMs / 1000).toFixed(1)} s`,
    detail: `${bench.events.toLocaleString("en")} events; rollup (server start to housekeeping end) ${
      bench.rollupMs === undefined ? "–" : `${(bench.rollupMs / 1000).toFixed(1)} s`
    }`,
    budget: "(for information)",
  });
  budgeted(
    {
      name: `Statistik ${bench.period}, median`,
      value: ms(loads),
      detail: `loads ${bench.loadsMs.map((n) => Math.round(n)).join(", ")} ms`,
      budget: `≤ ${budgetMs} ms`,
    },
    loads !== undefined && loads <= budgetMs,
    `Statistik ${bench.period} on ${bench.database}: ${loads === undefined ? bench.error : ms(loads)} > ${budgetMs} ms`,
  );
  if (embedded) {
    budgeted(
      {
        name: "database growth",
        value: bench.growthMb === undefined ? "–" : `${Math.round(bench.growthMb)} MB`,
        detail: "the events, their index and rollups, the write-ahead log",
        budget: `< ${BUDGET.statisticsGrowthMb} MB`,
      },
      bench.growthMb !== undefined && bench.growthMb < BUDGET.statisticsGrowthMb,
      `statistics: the database grew by ${Math.round(bench.growthMb ?? 0)} MB`,
    );
  }
  rows[section]!.heading =
    `Visit statistics: ${bench.events.toLocaleString("en")} synthetic page views over 30 days, ${bench.database} database`;
  if (bench.error) misses.push(`statistics on the ${bench.database} database: ${bench.error}`);
}

const slotsSection = rows.length;
budgeted(
  {
    name: "a month's slots",
    value: ms(slots.medianMs),
    detail: `slowest ${ms(slots.slowestMs)}, ${slots.busyIntervals} busy intervals, ${slots.slots} slots`,
    budget: `≤ ${BUDGET.slotsMs} ms`,
  },
  slots.medianMs <= BUDGET.slotsMs,
  `a month's slots ${ms(slots.medianMs)} > ${BUDGET.slotsMs} ms`,
);
budgeted(
  {
    name: "feeds expanded for a month",
    value: ms(feeds.medianMs),
    detail: `${feeds.feeds} × ${feeds.eventsPerFeed} events → ${feeds.busy} busy intervals, max ${ms(feeds.maxMs)}; cached 5 min`,
    budget: `≤ ${BUDGET.slotsMs} ms`,
  },
  feeds.medianMs <= BUDGET.slotsMs,
  `the feeds' expansion ${ms(feeds.medianMs)} > ${BUDGET.slotsMs} ms`,
);
rows[slotsSection]!.heading = "Termine: 3 calendar feeds of 500 events each";

console.log(`\nBenchmark, ${DURATION} s per run, Node ${process.version}\n`);
const columns = ["name", "value", "detail", "budget"] as const;
const widths = columns.map((column) => Math.max(...rows.map((row) => row[column].length)));
rows.find((row) => row.name.startsWith("newsletter"))!.heading =
  `Newsletter: ${MAILS} mails to a local SMTP sink, no cap, embedded database`;
for (const row of rows) {
  if (row.heading) console.log(`\n${row.heading}\n`);
  console.log([...columns.map((column, i) => row[column].padEnd(widths[i]!)), row.mark].join("  ").trimEnd());
}
if (newsletter.error) console.log(`\nThe newsletter send did not complete: ${newsletter.error}`);
if (misses.length > 0) {
  console.log(`\nBudgets missed:\n${misses.map((miss) => `  ${miss}`).join("\n")}`);
  process.exitCode = 1;
} else {
  console.log("\nAll budgets met.");
}
