/**
 * `npm run bench`: throughput, latency, memory and start-up of the production server on a fresh
 * embedded database, next to a minimal Node http server serving the same bytes in the same run.
 * Budgets: issue #5 / docs/quality.md. Needs a build (`npm run build`).
 */
import { mkdtempSync, readFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { PGlite } from "@electric-sql/pglite";
import { freePort, startServer } from "./lib/production-server.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function startBenchServer(dataDir: string, port: number) {
  return startServer(dataDir, port, { FORM_MIN_FILL_MS: "0", TRUST_PROXY: "X-Forwarded-For" });
}

const dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-bench-"));
// Start-up on an existing build, once migrated (the first start also creates the database).
const first = await startBenchServer(dataDir, await freePort());
await first.stop();
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

const accepted = contactRun["2xx"];
const ratio = siteRun.requests.average / referenceRun.requests.average;
const rows: [string, string, string, string][] = [
  [
    "GET / (site, 64 conn.)",
    `${Math.round(siteRun.requests.average)} req/s`,
    `p99 ${siteRun.latency.p99} ms`,
    "≥ 50 % of reference, p99 ≤ 20 ms",
  ],
  [
    "GET / (reference http)",
    `${Math.round(referenceRun.requests.average)} req/s`,
    `p99 ${referenceRun.latency.p99} ms`,
    "",
  ],
  ["ratio site / reference", `${(ratio * 100).toFixed(1)} %`, "", ratio >= 0.5 ? "met" : "MISSED"],
  [
    "POST /contact.data (50 conn.)",
    `${Math.round(accepted / DURATION)} accepted/s`,
    `errors ${contactRun.errors + contactRun.non2xx}`,
    `${stored} stored of ${accepted} accepted; ≥ 1000/s, stored ≥ accepted`,
  ],
  [
    "POST /contact, no JavaScript",
    `${Math.round(documentRun["2xx"] / documentRun.duration)} accepted/s`,
    `errors ${documentRun.errors + documentRun.non2xx}`,
    "(for information: renders the page)",
  ],
  ["server memory after load", `${Math.round(memory)} MB RSS`, "", "≤ 350 MB"],
  ["start-up to /healthz", `${Math.round(server.ms)} ms`, "(existing build and database)", "≤ 5000 ms"],
];
console.log(`\nBenchmark, ${DURATION} s per run, Node ${process.version}\n`);
for (const row of rows)
  console.log(`${row[0].padEnd(28)} ${row[1].padEnd(20)} ${row[2].padEnd(32)} ${row[3]}`);
