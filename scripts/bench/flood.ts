/**
 * The form flood of `npm run bench`: contact POSTs at 2,000 per second for 20 s, from
 * a client address each, half valid and half invalid or spam-like (scripts/bench/flood-client.ts,
 * a process of its own), against the production server with the public forms' limits and their
 * cap of all forms as shipped (FORM_MAX_PER_HOUR), and mail through a local SMTP sink under
 * MAIL_MAX_PER_HOUR. Meanwhile a separate client measures GET / against its idle p99 before,
 * as browsers ask it, with the visit statistics counting.
 *
 * Afterwards, with the server stopped: every valid submission answered 200 is stored, no other
 * one is, and each stored request has one notification, sent or waiting in the outbox, never
 * more sent than the hourly cap allows.
 *
 * On the embedded database by default; `databaseUrl` runs it on PostgreSQL (a fresh database
 * created there and dropped afterwards).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { freePort, startServer } from "../lib/production-server.ts";
import { freshPostgres, openEmbedded, switchStatisticsOn } from "./databases.ts";
import type { FloodResult } from "./flood-client.ts";
import { BROWSER_HEADERS, loadUntil, rssMb, run, type Load } from "./measure.ts";
import { startSmtpSink } from "./smtp-sink.ts";

export const FLOOD = { rate: 2_000, seconds: 20, mailMaxPerHour: 50 } as const;
/** The visitors' load on GET / while idle and during the flood. */
const CONNECTIONS = 8;
const IDLE_SECONDS = 5;
/** Form posts before the measurement (the flood's mix): 40, of which 20 valid. */
const WARM_UP = { rate: 10, seconds: 4 } as const;

export type FloodBench = {
  database: "embedded" | "PostgreSQL";
  idle?: Load;
  during?: Load;
  flood?: FloodResult;
  /** Answers with a 5xx status, over all kinds. */
  serverErrors: number;
  rssMb?: number;
  /** Valid submissions: answered 200, stored, and acknowledged but missing or stored but refused. */
  acknowledged: number;
  stored: number;
  lost: number;
  storedUnacknowledged: number;
  /** Valid submissions of the warm-up, stored before the flood. */
  warmUpStored: number;
  /** Contact notifications in the outbox after the flood, of all stored requests (`contacts`). */
  notices?: { sent: number; waiting: number; failed: number; contacts: number; requests: number };
  mailMaxPerHour: number;
  error?: string;
};

function startFloodClient(env: Record<string, string>): Promise<FloodResult> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "flood-client.ts")], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`the flood client exited with ${code}`));
      try {
        resolve(JSON.parse(output) as FloodResult);
      } catch {
        reject(new Error(`the flood client printed no result: ${output.slice(0, 200)}`));
      }
    });
  });
}

/**
 * Runs the flood on `dataDir` (a migrated data directory of a stopped server; with `databaseUrl`
 * it only holds the server's files and the database is a fresh one on that PostgreSQL server).
 */
export async function benchFlood(options: {
  dataDir: string;
  databaseUrl?: string;
  progress?: (text: string) => void;
}): Promise<FloodBench> {
  const progress = options.progress ?? (() => undefined);
  const result: FloodBench = {
    database: options.databaseUrl ? "PostgreSQL" : "embedded",
    serverErrors: 0,
    acknowledged: 0,
    stored: 0,
    lost: 0,
    storedUnacknowledged: 0,
    warmUpStored: 0,
    mailMaxPerHour: FLOOD.mailMaxPerHour,
  };
  const postgres = options.databaseUrl ? await freshPostgres(options.databaseUrl, "bench_flood") : undefined;
  const sink = await startSmtpSink();
  const marker = `flut${randomBytes(3).toString("hex")}`;
  try {
    // Visit statistics on: the pages below are counted, and each stored request as a conversion.
    if (postgres)
      await (await startServer(options.dataDir, await freePort(), { DATABASE_URL: postgres.url })).stop(); // migrates
    const seeding = postgres ? await postgres.open() : await openEmbedded(options.dataDir);
    await switchStatisticsOn(seeding.query);
    await seeding.close();
    const server = await startServer(options.dataDir, await freePort(), {
      // Every request poses as a client of its own, as behind a proxy on this machine.
      TRUST_PROXY: "X-Forwarded-For",
      SMTP_URL: sink.url,
      MAIL_MAX_PER_HOUR: String(FLOOD.mailMaxPerHour),
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    });
    try {
      const url = `${server.url}/`;
      const contactPage = await (await fetch(`${server.url}/contact`)).text();
      const formToken = contactPage.match(/name="formToken" value="([^"]+)"/)?.[1];
      if (!formToken) throw new Error("no form token on /contact");
      const floodClient = (rate: number, seconds: number, floodMarker: string) =>
        startFloodClient({
          FLOOD_URL: server.url,
          FLOOD_FORM_TOKEN: formToken,
          FLOOD_MARKER: floodMarker,
          FLOOD_RATE: String(rate),
          FLOOD_SECONDS: String(seconds),
        });
      // A site under attack has been up a while: it served pages and some forms, and Node had
      // compiled their code. A process fresh from start compiles the forms' path during the
      // flood's first seconds (docs/quality.md).
      await run({ url, connections: CONNECTIONS, duration: 2, headers: BROWSER_HEADERS });
      const warmUp = await floodClient(WARM_UP.rate, WARM_UP.seconds, `vorab${marker}`);
      result.warmUpStored = warmUp.acknowledged.length;
      // Idle, which also lets the form token grow older than FORM_MIN_FILL_MS.
      result.idle = await loadUntil(
        { url, connections: CONNECTIONS, headers: BROWSER_HEADERS },
        delay(IDLE_SECONDS * 1000),
      );

      progress(`${result.database}: flood of ${FLOOD.rate} contact POSTs/s for ${FLOOD.seconds} s`);
      const flood = floodClient(FLOOD.rate, FLOOD.seconds, marker);
      result.during = await loadUntil({ url, connections: CONNECTIONS, headers: BROWSER_HEADERS }, flood);
      result.flood = await flood;
      result.rssMb = rssMb(server.child.pid!);
      result.acknowledged = result.flood.acknowledged.length;
      result.serverErrors = Object.values(result.flood.statuses)
        .flatMap((byStatus) => Object.entries(byStatus))
        .reduce((sum, [status, n]) => sum + (Number(status) >= 500 ? n : 0), 0);

      // The notifications go out under the hourly cap: wait for as many as it allows, then one
      // more round of the mail worker (it polls every 2 s) to see that no more go.
      const allowed = Math.min(result.acknowledged + result.warmUpStored, FLOOD.mailMaxPerHour);
      await sink.until(() => sink.received >= allowed, 30_000, "the contact notifications");
      await delay(5_000);
    } finally {
      await server.stop();
    }

    const database = postgres ? await postgres.open() : await openEmbedded(options.dataDir);
    try {
      const stored = new Set(
        (
          await database.query<{ email: string }>(
            "select email from contact_submissions where email like $1",
            [`${marker}-%`],
          )
        ).map((row) => row.email),
      );
      const acknowledged = new Set(result.flood.acknowledged);
      result.stored = stored.size;
      result.lost = [...acknowledged].filter((email) => !stored.has(email)).length;
      result.storedUnacknowledged = [...stored].filter((email) => !acknowledged.has(email)).length;
      // Every stored request, the warm-up's too: the hourly cap is the installation's.
      [result.notices] = await database.query<NonNullable<FloodBench["notices"]>>(
        `select count(*) filter (where outbox.sent_at is not null)::int as sent,
                count(*) filter (where outbox.sent_at is null and outbox.failed_at is null)::int as waiting,
                count(*) filter (where outbox.failed_at is not null)::int as failed,
                count(distinct outbox.contact_id)::int as contacts,
                (select count(*)::int from contact_submissions) as requests
         from outbox where contact_id is not null`,
      );
    } finally {
      await database.close();
    }
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  } finally {
    await sink.close();
    await postgres?.drop();
  }
  return result;
}
