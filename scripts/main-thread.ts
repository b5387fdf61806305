/**
 * Where a page's main-thread time goes while it loads and hydrates: `npm run main-thread --
 * [path …]` (default `/` and `/contact`; needs a build). Starts the production server on a fresh
 * embedded database, loads each page RUNS times (default 5) in Chromium at a phone's size with a
 * Chromium trace, and prints per page:
 *
 * - the median main-thread time by kind of work (parsing, style and layout, painting, each
 *   script's evaluation and the functions it runs, garbage collection);
 * - every task of 12.5 ms or more: the audit's mobile runs multiply task durations by the CPU
 *   slowdown it calibrates for this host (`npm run audit` prints it: about 2.6× at a
 *   benchmarkIndex of 1,100, 9.9× at 2,905), so on a host where it is 4× these are its long
 *   tasks, each adding (slowdown × duration − 50 ms) to Total Blocking Time once the page has
 *   painted.
 *
 * No throttling here: the figures are this machine's. Budgets: docs/quality.md.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./lib/chromium.ts";
import { freePort, startServer } from "./lib/production-server.ts";

const RUNS = Number(process.env.RUNS ?? 5);
const PATHS = process.argv.length > 2 ? process.argv.slice(2) : ["/", "/contact"];
const LONG_TASK_MS = 12.5;

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; type?: string } };
};

/** The kind of work an event is, or undefined for events that only contain others. */
function kindOf(event: TraceEvent): string | undefined {
  const file = (url?: string) =>
    url
      ?.split("/")
      .pop()
      ?.replace(/-[\w-]{8}\.js$/, "") || "inline";
  switch (event.name) {
    case "ParseHTML":
      return "parse HTML";
    case "UpdateLayoutTree":
    case "Layout":
      return "style and layout";
    case "PrePaint":
    case "Paint":
    case "Layerize":
    case "Commit":
      return "paint";
    case "EvaluateScript":
    case "v8.evaluateModule":
    case "v8.compile":
    case "v8.compileModule":
      // Module scripts carry no URL in the trace.
      return event.args?.data?.url ? `evaluate ${file(event.args.data.url)}` : "evaluate a module script";
    case "FunctionCall":
      return `run ${file(event.args?.data?.url)}`;
    case "MinorGC":
    case "MajorGC":
      return "garbage collection";
    default:
      return undefined;
  }
}

async function trace(url: string, file: string): Promise<TraceEvent[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await browser.startTracing(page, {
    path: file,
    categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "loading"],
  });
  await page.goto(url);
  // Nothing runs in the page while it loads: a probe of Playwright's would be traced as the
  // page's own script evaluation. The page has hydrated within this time; checked afterwards.
  await page.waitForTimeout(5_000);
  await browser.stopTracing();
  // Hydrated: the footer's e-mail link gets its address from a script.
  const hydrated = await page.evaluate(() => document.querySelector('footer a[href^="mailto:"]') !== null);
  if (!hydrated) throw new Error(`${url} did not hydrate within 5 s`);
  await browser.close();
  return (JSON.parse(readFileSync(file, "utf8")) as { traceEvents: TraceEvent[] }).traceEvents;
}

type Run = { kinds: Map<string, number>; long: string[]; total: number };

function analyse(events: TraceEvent[]): Run {
  // The page's renderer: the main thread that ran the most script.
  const threads = events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  const calls = (t: TraceEvent) =>
    events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === "FunctionCall").length;
  const main = threads.sort((a, b) => calls(b) - calls(a))[0]!;
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((e) => e.name === "RunTask");
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === main.pid)?.ts ?? 0;
  const kinds = new Map<string, number>();
  const long: string[] = [];
  let total = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    total += task.dur! / 1000;
    // The outermost events of a kind inside the task: nested ones are part of them.
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end && kindOf(e));
    const outer = inside.filter(
      (e) =>
        !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur! >= e.ts + e.dur! && o.dur! > e.dur!),
    );
    const byKind = new Map<string, number>();
    for (const e of outer) byKind.set(kindOf(e)!, (byKind.get(kindOf(e)!) ?? 0) + e.dur! / 1000);
    for (const [kind, ms] of byKind) kinds.set(kind, (kinds.get(kind) ?? 0) + ms);
    if (task.dur! / 1000 >= LONG_TASK_MS) {
      const parts = [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 3);
      const when = task.ts >= fcp ? "after the first paint" : "before the first paint";
      long.push(
        `${(task.dur! / 1000).toFixed(1)} ms ${when}: ${parts.map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join(", ")}`,
      );
    }
  }
  return { kinds, long, total };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-main-thread-"));
const server = await startServer(dataDir, await freePort());
try {
  // The first render of each page fills the page cache; visitors get the cached page.
  for (const pagePath of PATHS) await fetch(server.url + pagePath);
  for (const pagePath of PATHS) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(analyse(await trace(server.url + pagePath, path.join(dataDir, "trace.json"))));
    }
    const kinds = [...new Set(runs.flatMap((run) => [...run.kinds.keys()]))]
      .map((kind) => [kind, median(runs.map((run) => run.kinds.get(kind) ?? 0))] as const)
      .filter(([, ms]) => ms >= 0.5)
      .sort((a, b) => b[1] - a[1]);
    console.log(
      `\n${pagePath}: main thread ${median(runs.map((r) => r.total)).toFixed(0)} ms (median of ${RUNS})`,
    );
    for (const [kind, ms] of kinds) console.log(`  ${kind.padEnd(34)} ${ms.toFixed(1).padStart(6)} ms`);
    console.log(`  tasks of ${LONG_TASK_MS} ms or more, per run:`);
    runs.forEach((run, i) =>
      console.log(`    run ${i + 1}: ${run.long.length ? run.long.join(" | ") : "none"}`),
    );
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
