/**
 * `npm run audit`: Lighthouse (mobile and desktop, median of 3 runs: the scores of the median run
 * by performance score, each metric's own median) on the six main public pages of the
 * production server on a fresh embedded database (then the about page with a portrait and, with
 * booking switched on, /termine and one type's month), the compressed
 * JavaScript each page loads, and a check that no public page loads admin code. Prints a table,
 * writes tmp/audit/latest.json plus the HTML/JSON reports of the median runs, and exits non-zero
 * when a budget is missed. Budgets: docs/quality.md. Needs a build (`npm run build`).
 *
 * The same phone on every host: Lighthouse's CPU slowdown is relative to the host, so
 * a fixed 4× emulates a faster phone on a fast host than on a slow one. Before the audit, three
 * short Lighthouse runs on the home page measure the host's `benchmarkIndex` (their median is
 * used), and the mobile runs use the `throttling.cpuSlowdownMultiplier` that Lighthouse's CPU
 * throttling calculator gives for it (scripts/lib/cpu-slowdown.ts: about 2.6× at an index of
 * 1100, 9.9× at 2900). The desktop runs keep Lighthouse's desktop configuration (no CPU
 * slowdown). The index and the multiplier are printed and written to latest.json, and so is the
 * index of every run, which shows when the host's speed changed during the audit.
 *
 * Environment:
 * - AUDIT_PAGES=home,contact and AUDIT_FORMS=mobile: audit only these pages and form factors;
 * - AUDIT_RUNS=5: runs per page and form factor (default 3);
 * - AUDIT_CPU_MULTIPLIER=4: the mobile CPU slowdown, for experiments, instead of the calibrated
 *   one (the index is still measured and reported, and latest.json says where the multiplier
 *   came from). Such an audit emulates another phone than the budgets assume.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page as BrowserPage } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, generateReport, type Result } from "lighthouse";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../app/routes.ts";
import { chromiumArgs, chromiumPath } from "./lib/chromium.ts";
import { cpuSlowdownFor, MIN_BENCHMARK_INDEX } from "./lib/cpu-slowdown.ts";
import { freePort, startServer } from "./lib/production-server.ts";

const root = path.resolve(import.meta.dirname, "..");
const OUT_DIR = path.join(root, "tmp", "audit");
const RUNS = Number(process.env.AUDIT_RUNS ?? 3);
const MAX_FAILED_RUNS = 3;
// For trying a change on some pages: AUDIT_PAGES=home,contact AUDIT_FORMS=mobile npm run audit.
const ONLY_PAGES = process.env.AUDIT_PAGES?.split(",");
const FORMS = (process.env.AUDIT_FORMS?.split(",") ?? ["mobile", "desktop"]) as FormFactor[];
const CPU_MULTIPLIER_OVERRIDE = process.env.AUDIT_CPU_MULTIPLIER;
/** Short Lighthouse runs that measure the host's benchmarkIndex before the audit. */
const CALIBRATION_RUNS = 3;

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const CATEGORY_BUDGET: Record<Category, number> = {
  performance: 100,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
};
/** Mobile only, on every audited page (TBT; it was 50 ms). */
const METRIC_BUDGET = { lcpMs: 1500, tbtMs: 30, cls: 0.01 };
/**
 * Compressed transfer bytes (headers included) of the scripts a page loads, 1 kB = 1000 bytes:
 * the home page and the contact page, where visitors arrive and where they become clients
 * (the home page's was 130 kB).
 */
const JS_BUDGET_BYTES: Record<string, number> = { "/": 120_000, "/contact": 125_000 };

type FormFactor = "mobile" | "desktop";
/**
 * `name` names the report files; `page` is the route as shown in the table; `after`: the owner's
 * change the page needs (SET_UP), made once before the first page that needs it.
 */
type Page = { name: string; page: string; path: string; after?: Step };
type PageResult = {
  page: string;
  url: string;
  formFactor: FormFactor;
  /** The CPU slowdown Lighthouse applied (its `configSettings`): calibrated on mobile, 1 on desktop. */
  cpuSlowdownMultiplier: number;
  /** The host's benchmarkIndex as each run measured it, in run order. */
  runBenchmarkIndex: number[];
  /** Performance scores of all runs, in run order; the median run is the one reported. */
  runScores: number[];
  /** Total Blocking Time of all runs, in run order (ms). */
  runTbtMs: number[];
  scores: Record<Category, number>;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  lcpElement: string | null;
  jsBytes: number;
  scripts: { url: string; transferBytes: number }[];
  /** Admin chunks loaded by any of the runs (must stay empty). */
  adminScripts: string[];
  findings: { category: Category; id: string; title: string; displayValue: string }[];
  report: { html: string; json: string };
};

/** The client build's React Router manifest: route id → the chunks that route loads. */
type ClientManifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] } & Record<string, unknown>>;
};

function readClientManifest(): ClientManifest {
  const assets = path.join(root, "build", "client", "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error("no React Router manifest in build/client/assets; run `npm run build`");
  const source = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as ClientManifest;
}

/** Route id → route file (relative to app/), as React Router derives ids from app/routes.ts. */
function routeFiles(entries: RouteConfigEntry[], into = new Map<string, string>()) {
  for (const entry of entries) {
    into.set(entry.id ?? entry.file.replace(/\.[jt]sx?$/, ""), entry.file);
    if (entry.children) routeFiles(entry.children, into);
  }
  return into;
}

/** Admin code: the admin, auth and privacy features, and every feature's `admin-*` modules. */
const isAdminFile = (file: string) =>
  /^features\/((admin|auth|privacy)\/|[\w-]+\/([\w-]+\/)*admin-)/.test(file);

/**
 * The URLs of admin code: the chunks of the admin route modules, the chunks only admin routes
 * import, and chunks named after an `admin-*` module (vite.config.ts never puts one into a shared chunk).
 */
function adminChunks(manifest: ClientManifest): Set<string> {
  const files = routeFiles(routes);
  const chunksOf = (route: ClientManifest["routes"][string]) => [
    route.module,
    ...(route.imports ?? []),
    ...Object.entries(route)
      .filter(([key, value]) => key.endsWith("Module") && typeof value === "string")
      .map(([, value]) => value as string),
  ];
  const admin = new Set<string>();
  const publicChunks = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const [id, route] of Object.entries(manifest.routes)) {
    const isAdmin = isAdminFile(files.get(id) ?? "");
    for (const chunk of chunksOf(route)) (isAdmin ? admin : publicChunks).add(chunk);
  }
  for (const chunk of publicChunks) admin.delete(chunk);
  for (const [id, route] of Object.entries(manifest.routes)) {
    if (isAdminFile(files.get(id) ?? "")) admin.add(route.module);
  }
  const features = path.join(root, "app", "features");
  const adminModules = readdirSync(features, { recursive: true, encoding: "utf8" })
    .map((file) => path.basename(file).replace(/\.[jt]sx?$/, ""))
    .filter((name) => name.startsWith("admin-"));
  const allChunks = Object.values(manifest.routes).flatMap(chunksOf);
  for (const chunk of allChunks) {
    const name = path.basename(chunk).replace(/-[\w-]{8}\.js$/, "");
    if (adminModules.includes(name)) admin.add(chunk);
  }
  return admin;
}

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

function scriptsOf(lhr: Result) {
  const details = lhr.audits["network-requests"]?.details;
  const items = details?.type === "table" ? details.items : [];
  return items
    .filter((item) => item.resourceType === "Script")
    .map((item) => ({ url: String(item.url), transferBytes: Number(item.transferSize ?? 0) }));
}

/** The LCP element as Lighthouse's LCP breakdown insight names it. */
function lcpElementOf(lhr: Result): string | null {
  const details = lhr.audits["lcp-breakdown-insight"]?.details;
  if (details?.type !== "list") return null;
  const node = details.items.find((item) => item.type === "node");
  return node?.type === "node" ? (node.snippet ?? null) : null;
}

/**
 * What keeps a score below 100: failed audits that count (weight > 0) in accessibility, best
 * practices and SEO; in performance, the insights and diagnostics Lighthouse flags.
 */
function findingsOf(lhr: Result): PageResult["findings"] {
  return CATEGORIES.flatMap((category) =>
    lhr.categories[category]!.auditRefs.filter((ref) =>
      category === "performance" ? ref.group === "insights" || ref.group === "diagnostics" : ref.weight > 0,
    )
      .map((ref) => lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative")
      .map((audit) => ({
        category,
        id: audit.id,
        title: audit.title,
        displayValue: audit.displayValue ?? "",
      })),
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median of one metric over all runs. */
const medianOf = (runs: Result[], audit: string) => median(runs.map((lhr) => numeric(lhr, audit)));

/** How the mobile runs' CPU slowdown was chosen (tmp/audit/latest.json: `cpuThrottling`). */
type CpuThrottling = {
  /** The median of the calibration runs' benchmarkIndex. */
  benchmarkIndex: number;
  calibrationRuns: number[];
  /** What Lighthouse's CPU throttling calculator gives for benchmarkIndex (undefined: too slow). */
  calibratedMultiplier: number | undefined;
  /** What the mobile runs used: the calibrated multiplier, or AUDIT_CPU_MULTIPLIER. */
  mobileMultiplier: number;
  source: "benchmarkIndex" | "AUDIT_CPU_MULTIPLIER";
};

/**
 * The host's benchmarkIndex, as Lighthouse measures it at the start of each run (before any
 * throttling): the median of a few short runs on `url` that audit nothing but the viewport tag.
 */
async function calibrate(port: number, url: string): Promise<CpuThrottling> {
  const indices: number[] = [];
  let failures = 0;
  while (indices.length < CALIBRATION_RUNS) {
    const result = await lighthouse(url, { port, logLevel: "error", onlyAudits: ["viewport"] });
    const index = result?.lhr.environment.benchmarkIndex;
    if (!index || !Number.isFinite(index)) {
      if (++failures > MAX_FAILED_RUNS) throw new Error(`Lighthouse measured no benchmarkIndex on ${url}`);
      continue;
    }
    indices.push(index);
  }
  const benchmarkIndex = median(indices);
  const calibratedMultiplier = cpuSlowdownFor(benchmarkIndex);
  if (CPU_MULTIPLIER_OVERRIDE !== undefined) {
    const mobileMultiplier = Number(CPU_MULTIPLIER_OVERRIDE);
    if (!(mobileMultiplier >= 1))
      throw new Error(`AUDIT_CPU_MULTIPLIER=${CPU_MULTIPLIER_OVERRIDE}: a number of at least 1`);
    return {
      benchmarkIndex,
      calibrationRuns: indices,
      calibratedMultiplier,
      mobileMultiplier,
      source: "AUDIT_CPU_MULTIPLIER",
    };
  }
  if (calibratedMultiplier === undefined) {
    throw new Error(
      `benchmarkIndex ${benchmarkIndex} (runs ${indices.join("/")}) is below ${MIN_BENCHMARK_INDEX}: ` +
        "this host is slower than the phone Lighthouse emulates, so no CPU slowdown can emulate it. " +
        "Run on a faster host, or set AUDIT_CPU_MULTIPLIER=1 to audit at this host's speed.",
    );
  }
  return {
    benchmarkIndex,
    calibrationRuns: indices,
    calibratedMultiplier,
    mobileMultiplier: calibratedMultiplier,
    source: "benchmarkIndex",
  };
}

async function audit(
  port: number,
  { name, page }: Page,
  url: string,
  formFactor: FormFactor,
  admin: Set<string>,
  mobileCpuSlowdown: number,
): Promise<PageResult> {
  let failures = 0;
  const runs: Result[] = [];
  const flags = { port, logLevel: "error" as const, onlyCategories: [...CATEGORIES] };
  while (runs.length < RUNS) {
    // Desktop: Lighthouse's desktop configuration as it is. Mobile: its default (mobile)
    // configuration with the calibrated CPU slowdown instead of its fixed 4×.
    const result =
      formFactor === "desktop"
        ? await lighthouse(url, flags, desktopConfig)
        : await lighthouse(url, { ...flags, throttling: { cpuSlowdownMultiplier: mobileCpuSlowdown } });
    const lhr = result?.lhr;
    // A run that could not record the page (e.g. NO_NAVSTART on a busy machine) measured
    // nothing: it is repeated, a few times at most.
    if (!lhr || lhr.runtimeError) {
      const message = `${url} (${formFactor}): ${lhr?.runtimeError?.message ?? "no result"}`;
      if (++failures > MAX_FAILED_RUNS) throw new Error(`Lighthouse failed on ${message}`);
      process.stdout.write(`(run failed: ${lhr?.runtimeError?.code ?? "no result"}, repeating)`);
      continue;
    }
    const applied = lhr.configSettings.throttling.cpuSlowdownMultiplier;
    if (formFactor === "mobile" && applied !== mobileCpuSlowdown) {
      throw new Error(
        `${url} (mobile): Lighthouse ran with CPU slowdown ${applied}, not ${mobileCpuSlowdown}`,
      );
    }
    runs.push(lhr);
    process.stdout.write(".");
  }
  const performance = (lhr: Result) => lhr.categories.performance?.score ?? 0;
  const medianRun = [...runs].sort((a, b) => performance(a) - performance(b))[Math.floor(runs.length / 2)]!;
  environment ??= medianRun.environment;

  const report = {
    html: path.join(OUT_DIR, `${name}-${formFactor}.report.html`),
    json: path.join(OUT_DIR, `${name}-${formFactor}.report.json`),
  };
  writeFileSync(report.html, generateReport(medianRun, "html"));
  writeFileSync(report.json, JSON.stringify(medianRun, null, 2));

  const scripts = scriptsOf(medianRun);
  const loaded = new Set(runs.flatMap((lhr) => scriptsOf(lhr).map((script) => new URL(script.url).pathname)));
  return {
    page,
    url,
    formFactor,
    cpuSlowdownMultiplier: medianRun.configSettings.throttling.cpuSlowdownMultiplier,
    runBenchmarkIndex: runs.map((lhr) => lhr.environment.benchmarkIndex),
    runScores: runs.map((lhr) => Math.round(performance(lhr) * 100)),
    runTbtMs: runs.map((lhr) => Math.round(numeric(lhr, "total-blocking-time"))),
    scores: Object.fromEntries(
      CATEGORIES.map((category) => [
        category,
        Math.round((medianRun.categories[category]?.score ?? 0) * 100),
      ]),
    ) as Record<Category, number>,
    // Each metric's own median over the runs: the median run by score is one of several runs
    // that all score 100, and its TBT alone varied between 15 and 58 ms on a quiet machine.
    metrics: {
      fcpMs: medianOf(runs, "first-contentful-paint"),
      lcpMs: medianOf(runs, "largest-contentful-paint"),
      tbtMs: medianOf(runs, "total-blocking-time"),
      cls: medianOf(runs, "cumulative-layout-shift"),
      speedIndexMs: medianOf(runs, "speed-index"),
    },
    lcpElement: lcpElementOf(medianRun),
    jsBytes: scripts.reduce((sum, script) => sum + script.transferBytes, 0),
    scripts,
    adminScripts: [...loaded].filter((pathname) => admin.has(pathname)),
    findings: findingsOf(medianRun),
    report: { html: path.relative(root, report.html), json: path.relative(root, report.json) },
  };
}

function budgetMisses(results: PageResult[]): string[] {
  const misses: string[] = [];
  for (const result of results) {
    const where = `${result.page} (${result.formFactor})`;
    for (const category of CATEGORIES) {
      if (result.scores[category] < CATEGORY_BUDGET[category]) {
        misses.push(`${where}: ${category} ${result.scores[category]} < ${CATEGORY_BUDGET[category]}`);
      }
    }
    if (result.formFactor === "mobile") {
      const { lcpMs, tbtMs, cls } = result.metrics;
      if (!(lcpMs <= METRIC_BUDGET.lcpMs))
        misses.push(`${where}: LCP ${Math.round(lcpMs)} ms > ${METRIC_BUDGET.lcpMs} ms`);
      if (!(tbtMs <= METRIC_BUDGET.tbtMs))
        misses.push(`${where}: TBT ${Math.round(tbtMs)} ms > ${METRIC_BUDGET.tbtMs} ms`);
      if (!(cls <= METRIC_BUDGET.cls)) misses.push(`${where}: CLS ${cls.toFixed(3)} > ${METRIC_BUDGET.cls}`);
    }
    const jsBudget = JS_BUDGET_BYTES[result.page];
    if (jsBudget !== undefined && !(result.jsBytes <= jsBudget)) {
      misses.push(`${where}: JavaScript ${kb(result.jsBytes)} > ${kb(jsBudget)}`);
    }
    for (const script of result.adminScripts) misses.push(`${where}: loads admin code ${script}`);
  }
  return misses;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function printTable(results: PageResult[]) {
  const header = [
    "page",
    "form",
    "CPU",
    "perf (runs)",
    "a11y",
    "bp",
    "seo",
    "FCP",
    "LCP",
    "TBT (runs)",
    "CLS",
    "JS",
  ];
  const rows = results.map((r) => [
    r.page,
    r.formFactor,
    `${r.cpuSlowdownMultiplier}×`,
    `${r.scores.performance} (${r.runScores.join("/")})`,
    String(r.scores.accessibility),
    String(r.scores["best-practices"]),
    String(r.scores.seo),
    `${(r.metrics.fcpMs / 1000).toFixed(2)} s`,
    `${(r.metrics.lcpMs / 1000).toFixed(2)} s`,
    `${Math.round(r.metrics.tbtMs)} ms (${r.runTbtMs.join("/")})`,
    r.metrics.cls.toFixed(3),
    kb(r.jsBytes),
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join("  "));
}

/** Each finding once, with the pages (m = mobile, d = desktop) whose median run has it. */
function printFindings(results: PageResult[]) {
  const byAudit = new Map<string, { category: Category; title: string; where: Map<string, string[]> }>();
  for (const result of results) {
    for (const finding of result.findings) {
      const entry = byAudit.get(finding.id) ?? { ...finding, where: new Map<string, string[]>() };
      const forms = entry.where.get(result.page) ?? [];
      entry.where.set(result.page, [...forms, result.formFactor[0]!]);
      byAudit.set(finding.id, entry);
    }
  }
  if (byAudit.size === 0) return;
  console.log("\nFindings in the median runs (details in the reports):");
  for (const [id, { category, title, where }] of byAudit) {
    const pages = [...where].map(([page, forms]) => `${page} (${forms.join(",")})`).join(", ");
    console.log(`  ${category.padEnd(14)} ${id}: ${title}\n  ${"".padEnd(14)} ${pages}`);
  }
}

/** The host's benchmarkIndex and the CPU slowdown it gave, for the console. */
function describeCpu(cpu: CpuThrottling, auditRuns?: { min: number; max: number }): string {
  const runs = [`calibration runs ${cpu.calibrationRuns.map(Math.round).join("/")}`];
  if (auditRuns) runs.push(`audit runs ${Math.round(auditRuns.min)}–${Math.round(auditRuns.max)}`);
  const multiplier =
    cpu.source === "benchmarkIndex"
      ? `${cpu.mobileMultiplier}× (calibrated)`
      : `${cpu.mobileMultiplier}× from AUDIT_CPU_MULTIPLIER (calibrated: ${cpu.calibratedMultiplier ?? "none"})`;
  return (
    `benchmarkIndex ${Math.round(cpu.benchmarkIndex)} (${runs.join("; ")}) → mobile CPU slowdown ` +
    `${multiplier}; desktop: Lighthouse's desktop configuration`
  );
}

const OWNER = { email: "audit@example.com", password: "Audit-Passwort-2026!" };

/**
 * Does `work` as the signed-in owner, in a browser of its own: the audited Chromium never holds
 * a session.
 */
async function asOwner(base: string, work: (page: BrowserPage) => Promise<void>) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    const signIn = await page.request.post(`${base}/admin/login`, {
      form: OWNER,
      maxRedirects: 0,
      headers: { Origin: base },
    });
    if (signIn.status() !== 302) throw new Error(`sign-in answered ${signIn.status()}`);
    await work(page);
  } finally {
    await browser.close();
  }
}

/** Publishes the about page with an uploaded photo as its portrait, as the owner does in the editor. */
async function publishAboutWithPortrait(base: string) {
  await asOwner(base, async (page) => {
    await page.goto(`${base}/admin/inhalte/ueber-mich`, { waitUntil: "networkidle" });
    await page.locator('input[name="image.alt"]').fill("Porträt der Inhaberin am Schreibtisch");
    await page
      .locator('input[name="image.file"]')
      .setInputFiles(path.join(root, "tests", "fixtures", "photo-with-gps.jpg"));
    await page.getByRole("main").getByRole("button", { name: "Veröffentlichen" }).click();
    await page.getByText("Veröffentlicht", { exact: true }).first().waitFor();
  });
  const about = await (await fetch(`${base}/about`)).text();
  if (!/<img[^>]+src="\/media\//.test(about))
    throw new Error("the published about page shows no uploaded portrait");
}

/** The Termin-Art the booking pages are audited with. */
const BOOKING_TYPE = { name: "Kostenloses Erstgespräch", path: "/termine/kostenloses-erstgespraech" };
const WEEKDAYS = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"];

/**
 * Switches booking on with one Termin-Art and weekly hours on every day, as the owner does
 * under Termine: /termine then lists the type and its month has free days. Until then /termine
 * answers 404 (booking is off on a fresh install).
 */
async function openBooking(base: string) {
  await asOwner(base, async (page) => {
    const main = page.getByRole("main");
    await page.goto(`${base}/admin/termine/arten?neu`, { waitUntil: "networkidle" });
    await main.getByLabel("Name", { exact: true }).fill(BOOKING_TYPE.name);
    await main.getByRole("button", { name: "Termin-Art anlegen" }).click();
    await page.getByText("Die Termin-Art ist angelegt.").first().waitFor();
    await page.goto(`${base}/admin/termine/verfuegbarkeit`, { waitUntil: "networkidle" });
    for (const day of WEEKDAYS) {
      await main.getByLabel(`${day}, Zeitraum 1: von`).fill("09:00");
      await main.getByLabel(`${day}, Zeitraum 1: bis`).fill("17:00");
    }
    await main.getByRole("button", { name: "Wochenzeiten speichern" }).click();
    await page.getByText("Die Wochenzeiten sind gespeichert.").first().waitFor();
    await page.goto(`${base}/admin/termine`, { waitUntil: "networkidle" });
    await main.getByLabel("Terminbuchung einschalten").check();
    await main.getByRole("button", { name: "Einstellungen speichern" }).click();
    await main.getByText("Besucher können gerade Termine buchen.").waitFor();
  });
  const type = await fetch(`${base}${BOOKING_TYPE.path}`);
  if (!type.ok) throw new Error(`${BOOKING_TYPE.path} answered ${type.status} after booking was switched on`);
}

/** What the owner does before a page can be audited, in this order; later pages see it too. */
const SET_UP = { portrait: publishAboutWithPortrait, booking: openBooking };
type Step = keyof typeof SET_UP;
const STEPS = Object.keys(SET_UP);

let environment: Result["environment"] | undefined;
const admin = adminChunks(readClientManifest());
rmSync(OUT_DIR, { recursive: true, force: true });
mkdirSync(OUT_DIR, { recursive: true });
const dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-audit-"));
const port = await freePort();
const server = await startServer(dataDir, port, {
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
});
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath ?? chromium.executablePath(),
  chromeFlags: ["--headless=new", ...chromiumArgs],
  // The visitors' time zone (a German site), not the host's: /termine shows its times in the
  // browser's zone and fetches them again when it is not the owner's.
  envVars: { ...process.env, TZ: "Europe/Berlin" },
});
const results: PageResult[] = [];
let cpu: CpuThrottling;
try {
  cpu = await calibrate(chrome.port, `${server.url}/`);
  console.log(describeCpu(cpu));
  const projects = await (await fetch(`${server.url}/projects`)).text();
  const detail = projects.match(/href="(\/project\/[^"/?#]+)"/)?.[1];
  if (!detail) throw new Error("no project detail link on /projects");
  const allPages: Page[] = [
    { name: "home", page: "/", path: "/" },
    { name: "projects", page: "/projects", path: "/projects" },
    { name: "project-detail", page: "/project/:id", path: detail },
    { name: "service-webdesign", page: "/service/webdesign", path: "/service/webdesign" },
    { name: "about", page: "/about", path: "/about" },
    { name: "contact", page: "/contact", path: "/contact" },
    // The about page once the owner published it with an uploaded photo as portrait.
    { name: "about-portrait", page: "/about (portrait)", path: "/about", after: "portrait" },
    // Termine once the owner switched booking on: the types, and one type's month.
    { name: "termine", page: "/termine", path: "/termine", after: "booking" },
    { name: "termine-type", page: "/termine/:art", path: BOOKING_TYPE.path, after: "booking" },
  ];
  const pages = allPages
    .filter(({ name }) => !ONLY_PAGES || ONLY_PAGES.includes(name))
    // The fresh install's pages first, then each owner's change with the pages that need it.
    .sort((a, b) => STEPS.indexOf(a.after ?? "") - STEPS.indexOf(b.after ?? ""));
  const done = new Set<Step>();

  console.log(`Lighthouse on ${pages.length} pages, ${RUNS} runs each, mobile and desktop`);
  for (const page of pages) {
    if (page.after && !done.has(page.after)) {
      await SET_UP[page.after](server.url);
      done.add(page.after);
    }
    for (const formFactor of FORMS) {
      process.stdout.write(`${page.path} ${formFactor} `);
      const result = await audit(
        chrome.port,
        page,
        server.url + page.path,
        formFactor,
        admin,
        cpu.mobileMultiplier,
      );
      results.push(result);
      console.log(` ${result.runScores.join(" ")}`);
    }
  }
} finally {
  chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const misses = budgetMisses(results);
const runIndices = results.flatMap((result) => result.runBenchmarkIndex);
const auditRunsIndex = runIndices.length
  ? { min: Math.min(...runIndices), median: median(runIndices), max: Math.max(...runIndices) }
  : undefined;
writeFileSync(
  path.join(OUT_DIR, "latest.json"),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      runs: RUNS,
      lighthouse: environment && {
        userAgent: environment.hostUserAgent,
        benchmarkIndex: cpu.benchmarkIndex,
      },
      cpuThrottling: {
        ...cpu,
        desktopMultiplier: desktopConfig.settings?.throttling?.cpuSlowdownMultiplier,
        auditRunsBenchmarkIndex: auditRunsIndex,
        formula: "scripts/lib/cpu-slowdown.ts (Lighthouse docs/throttling.md, CPU throttling calculator)",
      },
      budgets: {
        categories: CATEGORY_BUDGET,
        mobileMetrics: METRIC_BUDGET,
        jsBytes: JS_BUDGET_BYTES,
      },
      misses,
      adminChunks: [...admin].sort(),
      results,
    },
    null,
    2,
  ) + "\n",
);

console.log(
  `\nLighthouse, median of ${RUNS} runs (scores: the median run by performance; metrics: each one's median; JS: compressed transfer bytes)\n`,
);
console.log(describeCpu(cpu, auditRunsIndex) + "\n");
printTable(results);
printFindings(results);
console.log(`\nReports: ${path.relative(root, OUT_DIR)}/ (median runs), results: tmp/audit/latest.json`);
if (misses.length > 0) {
  console.log(`\nBudgets missed:\n${misses.map((miss) => `  ${miss}`).join("\n")}`);
  process.exitCode = 1;
} else {
  console.log("\nAll budgets met.");
}
