/**
 * Visit statistics at scale for `npm run bench` (the budgets of docs/quality.md): `events` synthetic page
 * views over the last `days` days, with conversions, written straight into visit_events (the
 * shape the counting writes: entries with referrers and campaigns, four views per visitor and
 * day); the server started on them rolls the closed days up in its housekeeping; then the
 * owner's Statistik for `period` is loaded over HTTP, signed in, `LOADS` times.
 *
 * On the embedded database of `dataDir` (a migrated data directory of a stopped server) by
 * default; `databaseUrl` runs it on a fresh database on that PostgreSQL server.
 */
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { freePort, startServer } from "../lib/production-server.ts";
import { freshPostgres, openEmbedded, switchStatisticsOn, type Query } from "./databases.ts";

const LOADS = 5;
/** How long the bench waits for the server's first housekeeping (the rollup) before it gives up. */
const ROLLUP_LIMIT_MS = 15 * 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type StatisticsBench = {
  database: "embedded" | "PostgreSQL";
  events: number;
  period: string;
  ingestMs?: number;
  /** From the server's start to its housekeeping's end (the closed days rolled up). */
  rollupMs?: number;
  /** The Statistik page's answers, in order; the first is the first after the rollup. */
  loadsMs: number[];
  /** The database's growth by the events and their rollups (embedded: its files). */
  growthMb?: number;
  error?: string;
};

export async function benchStatistics(options: {
  dataDir: string;
  databaseUrl?: string;
  events: number;
  days: number;
  period: "30-tage" | "12-monate";
  progress?: (text: string) => void;
}): Promise<StatisticsBench> {
  const progress = options.progress ?? (() => undefined);
  const database = options.databaseUrl ? "PostgreSQL" : "embedded";
  const result: StatisticsBench = { database, events: options.events, period: options.period, loadsMs: [] };
  const postgres = options.databaseUrl
    ? await freshPostgres(options.databaseUrl, "bench_statistics")
    : undefined;
  const env: Record<string, string> = postgres ? { DATABASE_URL: postgres.url } : {};
  try {
    if (postgres) await (await startServer(options.dataDir, await freePort(), env)).stop(); // migrates
    const open = () => (postgres ? postgres.open() : openEmbedded(options.dataDir));
    const sizeOf = async () => {
      if (!postgres) return directorySize(path.join(options.dataDir, "pgdata"));
      const db = await open();
      const [row] = await db.query<{ size: string }>("select pg_database_size(current_database()) as size");
      await db.close();
      return Number(row!.size);
    };
    const before = await sizeOf();

    progress(
      `statistics on ${database}: ${options.events.toLocaleString("en")} events over ${options.days} days`,
    );
    const db = await open();
    const token = await seedOwner(db.query);
    const started = performance.now();
    await ingest(db.query, options.events, options.days);
    result.ingestMs = performance.now() - started;
    await db.close();

    progress(`statistics on ${database}: the rollup and the Statistik page`);
    let rolledUp: () => void = () => undefined;
    const housekeeping = new Promise<void>((resolve) => (rolledUp = resolve));
    const startedServer = performance.now();
    const server = await startServer(options.dataDir, await freePort(), env, (line) => {
      if (line.includes("housekeeping: expired data deleted")) rolledUp();
    });
    try {
      await Promise.race([
        housekeeping,
        delay(ROLLUP_LIMIT_MS, undefined, { ref: false }).then(() => {
          throw new Error(`no housekeeping run within ${ROLLUP_LIMIT_MS / 60_000} minutes`);
        }),
      ]);
      result.rollupMs = performance.now() - startedServer;
      const url = `${server.url}/admin/statistik?zeitraum=${options.period}`;
      for (let n = 0; n < LOADS; n++) {
        const asked = performance.now();
        const answer = await fetch(url, { headers: { Cookie: `session=${token}` } });
        const html = await answer.text();
        if (answer.status !== 200 || !html.includes("Besucherstatistik"))
          throw new Error(`Statistik answered ${answer.status}`);
        result.loadsMs.push(performance.now() - asked);
      }
    } finally {
      await server.stop();
    }
    result.growthMb = ((await sizeOf()) - before) / 1024 / 1024;
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  } finally {
    await postgres?.drop();
  }
  return result;
}

/** Statistics on, and an owner with a session: resolves to the session's token. */
async function seedOwner(query: Query): Promise<string> {
  await switchStatisticsOn(query);
  const [admin] = await query<{ id: string }>(
    `insert into admin_users (email, name, password_hash) values ('bench@example.org', 'Bench', 'unused') returning id`,
  );
  const token = randomBytes(32).toString("base64url");
  await query(`insert into sessions (id, user_id, expires_at) values ($1, $2, now() + interval '1 day')`, [
    createHash("sha256").update(token).digest("hex"),
    admin!.id,
  ]);
  return token;
}

/**
 * `events` rows spread evenly over the last `days` days up to now, a day per statement: four
 * events per visitor, the first an entry (every fifth from one of 23 referrers, every twentieth
 * with a campaign), 60 pages, one in 97 a 404; one in 500 a contact request, one in 1,000 a
 * confirmed sign-up, one in 300 an outbound click.
 */
async function ingest(query: Query, events: number, days: number): Promise<void> {
  const end = Date.now() - 60_000;
  const start = end - days * DAY_MS;
  const perDay = Math.ceil(events / days);
  for (let first = 0; first < events; first += perDay) {
    const last = Math.min(events, first + perDay) - 1;
    await query(
      `insert into visit_events (at, kind, path, referrer_host, referrer_path, utm_source, utm_medium,
         utm_campaign, screen, browser, os, visitor, entry, not_found)
       select to_timestamp(($1::float8 + i * $2::float8) / 1000),
         case when i % 500 = 3 then 'contact' when i % 1000 = 7 then 'newsletter'
              when i % 300 = 2 then 'outbound' else 'view' end,
         case when i % 300 = 2 then 'kunde' || (i % 11) || '.example/shop' else '/seite/' || (i * 7 % 60) end,
         case when i % 4 = 0 and (i / 4) % 5 = 0 then 'site' || ((i / 4) % 23) || '.example' end,
         case when i % 4 = 0 and (i / 4) % 5 = 0 then '/artikel/' || ((i / 4) % 7) end,
         case when i % 4 = 0 and (i / 4) % 20 = 0 then 'newsletter' end,
         case when i % 4 = 0 and (i / 4) % 20 = 0 then 'email' end,
         case when i % 4 = 0 and (i / 4) % 40 = 0 then 'herbst' end,
         (array['Smartphone', 'Computer', 'Tablet'])[1 + (i / 4) % 3],
         (array['Chrome', 'Safari', 'Firefox', 'Edge'])[1 + (i / 4) % 4],
         (array['Android', 'iOS', 'Windows', 'macOS', 'Linux'])[1 + (i / 4) % 5],
         left(md5((i / 4)::text), 16), i % 4 = 0, i % 97 = 5
       from generate_series($3::int, $4::int) as i`,
      [start, (end - start) / events, first, last],
    );
  }
  await query("analyze visit_events");
}

function directorySize(directory: string): number {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0);
}
