/** The benches' databases: a fresh one on a PostgreSQL server, or the embedded one of a data directory. */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { pgliteStartParams } from "../../app/platform/db/pglite-params.ts";

export type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

/** A fresh database on the PostgreSQL server of `url`, and how to drop it. */
export async function freshPostgres(url: string, prefix = "bench") {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return {
    url: databaseUrl.toString(),
    async open(): Promise<{ query: Query; close: () => Promise<void> }> {
      const client = new pg.Client({ connectionString: databaseUrl.toString() });
      await client.connect();
      return {
        query: async (sql, params) => (await client.query(sql, params)).rows,
        close: () => client.end(),
      };
    },
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function openEmbedded(dataDir: string): Promise<{ query: Query; close: () => Promise<void> }> {
  const db = await PGlite.create(path.join(dataDir, "pgdata"), {
    startParams: pgliteStartParams(PGlite.defaultStartParams),
  });
  return {
    query: async <T>(sql: string, params?: unknown[]) => (await db.query<T>(sql, params)).rows,
    close: () => db.close(),
  };
}

/** Einstellungen → Besucherstatistik on, written before the server starts (it reads it then). */
export async function switchStatisticsOn(query: Query): Promise<void> {
  await query(
    `insert into site_settings (section, value) values ('statistics', '{"enabled":"on"}'::jsonb)
     on conflict (section) do update set value = excluded.value`,
  );
}

/**
 * Einstellungen → Besucherstatistik switched on or off on a running server, as the owner does it:
 * signed in, the section's form sent with the weekly report left on (its default). The server
 * counts (or stops) from the next request on, since saving raises the public pages' version,
 * which its settings are read by. (tests/setup/http.ts has the same form POST and cookie
 * reading, but imports the app through the `~` alias, which the benches' plain Node lacks.)
 */
export async function statisticsSwitchOf(base: string, email: string, password: string) {
  const post = (path: string, form: Record<string, string>, cookie?: string) =>
    fetch(`${base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: base,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(form).toString(),
    });
  const signIn = await post("/admin/login", { email, password });
  const cookie = signIn.headers
    .getSetCookie()
    .find((value) => /^(__Host-)?session=[^;]+/.test(value))
    ?.split(";")[0];
  if (signIn.status !== 302 || !cookie) throw new Error(`bench: sign-in failed (${signIn.status})`);
  return async function switchStatistics(on: boolean): Promise<void> {
    const saved = await post(
      "/admin/einstellungen",
      { intent: "statistics", enabled: on ? "on" : "", weeklyReport: "on" },
      cookie,
    );
    if (saved.status !== 200)
      throw new Error(`bench: statistics not switched ${on ? "on" : "off"} (${saved.status})`);
  };
}
