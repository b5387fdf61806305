/**
 * `npm run bench`: throughput, latency, memory and start-up of the production server on a fresh
 * embedded database, next to a minimal Node http server serving the same bytes in the same run;
 * then a newsletter of 10,000 mails sent to a local SMTP sink while GET / is measured
 * (scripts/bench/newsletter.ts). Prints a table that marks each budgeted row `met` or `MISSED`
 * and exits non-zero on a miss. Budgets: issues #5 and #14, docs/quality.md. Needs a build
 * (`npm run build`).
 *
 * BENCH_SECONDS (default 10) sets the length of each load run; BENCH_MAILS (default 10000) the
 * newsletter's recipients, for trying the script out.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { freePort, startServer } from "./lib/production-server.ts";
import { rssMb, run } from "./bench/measure.ts";
import { benchNewsletter } from "./bench/newsletter.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const MAILS = Number(process.env.BENCH_MAILS ?? 10_000);

const BUDGET = {
  getP99Ms: 20,
  referenceRatio: 0.5,
  contactsPerSecond: 1000,
  rssMb: 350,
  startupMs: 5000,
  /** GET / p99 during the newsletter send, as a multiple of the idle p99. */
  sendP99Factor: 2,
};

const progress = (text: string) =>
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${text}\n`);

function startBenchServer(dataDir: string, port: number) {
  // The contact rows measure throughput, so the cap of all forms (FORM_MAX_PER_HOUR) is lifted.
  return startServer(dataDir, port, {
    FORM_MIN_FILL_MS: "0",
    FORM_MAX_PER_HOUR: "1000000",
    TRUST_PROXY: "X-Forwarded-For",
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-bench-"));
// Start-up on an existing build, once migrated (the first start also creates the database).
progress("creating the database");
const first = await startBenchServer(dataDir, await freePort());
await first.stop();
// The newsletter send gets a fresh database of its own: a copy of this one, still unused.
const newsletterDir = mkdtempSync(path.join(tmpdir(), "portfolio-bench-newsletter-"));
cpSync(dataDir, newsletterDir, { recursive: true });
progress(`GET / and contact submissions, ${DURATION} s per run`);
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

// Contact submissions: every request poses as its own client (X-Forwarded-For), as behind a proxy.
// `/contact.data` is what the form posts with JavaScript (most visitors); `/contact` is the
// document POST of a browser without JavaScript, which renders the whole page again.
const contactPage = await (await fetch(`${server.url}/contact`)).text();
const formToken = contactPage.match(/name="formToken" value="([^"]+)"/)?.[1] ?? "";
let counter = 0;
const contactLoad = (path: string, marker: string, duration: number) =>
  run({
    url: `${server.url}${path}`,
    connections: 50,
    duration,
    method: "POST",
    setupClient: (client) => {
      client.setHeaders({ "content-type": "application/x-www-form-urlencoded", origin: server.url });
    },
    requests: [
      {
        setupRequest: (request) => {
          counter++;
          return {
            ...request,
            headers: {
              ...request.headers,
              "x-forwarded-for": `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`,
            },
            body: new URLSearchParams({
              intent: "contact",
              formToken,
              name: `Last ${counter}`,
              email: `${marker}${counter}@example.com`,
              subject: "Lasttest",
              message: "Eine Nachricht aus dem Lasttest.",
            }).toString(),
          };
        },
      },
    ],
  });
const contactRun = await contactLoad("/contact.data", "js", DURATION);
const documentRun = await contactLoad("/contact", "nojs", Math.max(2, DURATION / 2));
const memory = rssMb(server.child.pid!);
await server.stop();

const database = await PGlite.create(path.join(dataDir, "pgdata"));
const [{ count: stored } = { count: 0 }] = (
  await database.query<{ count: number }>(
    "select count(*)::int as count from contact_submissions where email like 'js%'",
  )
).rows;
await database.close();

rmSync(dataDir, { recursive: true, force: true });

progress(`newsletter: ${MAILS} mails to a local SMTP sink, GET / measured idle and during the send`);
const newsletter = await benchNewsletter({
  dataDir: newsletterDir,
  recipients: MAILS,
  idleSeconds: Math.max(3, DURATION / 2),
  expectedStartupMs: server.ms,
  progress,
});

type Row = {
  name: string;
  value: string;
  detail: string;
  budget: string;
  mark: "met" | "MISSED" | "info" | "";
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

const accepted = contactRun["2xx"];
const contactErrors = contactRun.errors + contactRun.non2xx;
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
budgeted(
  {
    name: "POST /contact.data (50 conn.)",
    value: `${Math.round(accepted / DURATION)} accepted/s`,
    detail: `errors ${contactErrors}, ${stored} stored of ${accepted}`,
    budget: `≥ ${BUDGET.contactsPerSecond}/s, 0 errors, stored ≥ accepted`,
  },
  accepted / DURATION >= BUDGET.contactsPerSecond && contactErrors === 0 && stored >= accepted,
  "POST /contact.data: " +
    [
      accepted / DURATION < BUDGET.contactsPerSecond &&
        `${Math.round(accepted / DURATION)} accepted/s < ${BUDGET.contactsPerSecond}`,
      contactErrors > 0 && `${contactErrors} errors`,
      stored < accepted && `${stored} stored of ${accepted} accepted`,
    ]
      .filter(Boolean)
      .join(", "),
);
info({
  name: "POST /contact, no JavaScript",
  value: `${Math.round(documentRun["2xx"] / documentRun.duration)} accepted/s`,
  detail: `errors ${documentRun.errors + documentRun.non2xx}`,
  budget: "(for information: renders the page)",
});
budgeted(
  {
    name: "server memory after load",
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

console.log(`\nBenchmark, ${DURATION} s per run, Node ${process.version}\n`);
const columns = ["name", "value", "detail", "budget"] as const;
const widths = columns.map((column) => Math.max(...rows.map((row) => row[column].length)));
const newsletterStart = rows.findIndex((row) => row.name.startsWith("newsletter"));
for (const [index, row] of rows.entries()) {
  if (index === newsletterStart) {
    console.log(`\nNewsletter: ${MAILS} mails to a local SMTP sink, no cap, embedded database\n`);
  }
  console.log([...columns.map((column, i) => row[column].padEnd(widths[i]!)), row.mark].join("  ").trimEnd());
}
if (newsletter.error) console.log(`\nThe newsletter send did not complete: ${newsletter.error}`);
if (misses.length > 0) {
  console.log(`\nBudgets missed:\n${misses.map((miss) => `  ${miss}`).join("\n")}`);
  process.exitCode = 1;
} else {
  console.log("\nAll budgets met.");
}
