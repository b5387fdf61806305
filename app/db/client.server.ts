import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { publicPagesChanged } from "~/lib/public-pages.server";
import { lockDataDir } from "./data-dir-lock.server";
import * as schema from "./schema";

/** The Drizzle database, whichever engine is behind it: the same queries run on both. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Calls `onEvent` for every NOTIFY on `channel`, from any connection or instance, and also when
   * notifications may have been missed (the listening connection was lost). Resolves to a stop
   * function.
   */
  listen(channel: string, onEvent: () => void): Promise<() => Promise<void>>;
  /** Flushes and closes the database (CHECKPOINT for PGlite) and releases the DATA_DIR lock. */
  close(): Promise<void>;
};

export type DatabaseOptions =
  /** A PostgreSQL server. */
  | { url: string }
  /** Embedded PGlite persisted in `dataDir` (locked while open), or in memory when omitted. */
  | { dataDir?: string };

const PGLITE_SHARED_BUFFERS = "16MB";
const MIGRATION_LOCK_KEY = 720_514_311; // arbitrary, fixed: serialises migrations across instances

/** drizzle/ next to package.json, found from this file in the source tree and in build/server/. */
function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "drizzle");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Migrations folder drizzle/ not found");
    dir = parent;
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  // Migrate on one dedicated connection holding an advisory lock, so instances starting
  // together apply each migration once.
  const migrator = new pg.Client({ connectionString: url });
  await migrator.connect();
  try {
    await migrator.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg({ client: migrator, schema }), {
      migrationsFolder: migrationsFolder(),
    });
  } finally {
    await migrator.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await migrator.end();
  }

  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  // Cached pages are no longer trusted: the next visitor sees what the database (or the
  // fallback) says now.
  pool.on("error", () => publicPagesChanged());
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await pool.query("select 1");
    },
    listen: (channel, onEvent) => listenPostgres(url, channel, onEvent),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const release = dataDir ? await lockDataDir(dataDir) : async () => undefined;
  try {
    const client = await PGlite.create(dataDir ? path.join(dataDir, "pgdata") : undefined, {
      // PostgreSQL's default 128 MB of buffers is more than this site's whole database.
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    return {
      db: db as unknown as Db,
      kind: "pglite",
      ping: async () => {
        await client.query("select 1");
      },
      listen: async (channel, onEvent) => {
        const stop = await client.listen(channel, onEvent);
        return async () => {
          if (!client.closed) await stop();
        };
      },
      close: async () => {
        try {
          if (!client.closed) {
            // PGlite runs with fsync off: flush everything to disk before closing.
            await client.exec("CHECKPOINT");
            await client.close();
          }
        } finally {
          await release();
        }
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

const RELISTEN_DELAY_MS = 1_000;

/** LISTEN on a connection of its own, connected again (after a pause) whenever it is lost. */
async function listenPostgres(url: string, channel: string, onEvent: () => void) {
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  const connect = async () => {
    retry = undefined;
    if (stopped) return;
    const client = new pg.Client({ connectionString: url });
    let lost = false;
    const reconnect = () => {
      if (lost) return;
      lost = true;
      current = undefined;
      onEvent(); // whatever was announced meanwhile went unheard
      if (!stopped) retry = setTimeout(() => void connect(), RELISTEN_DELAY_MS);
    };
    client.on("notification", () => onEvent());
    client.on("error", reconnect);
    client.on("end", reconnect);
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      current = client;
    } catch {
      reconnect();
      void client.end().catch(() => undefined);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => undefined);
  };
}

/** Opens and migrates a database. */
export function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return "url" in options ? openPostgres(options.url) : openPglite(options.dataDir);
}

/** Runs `select 1`, failing after `timeoutMs`. */
export async function isHealthy(handle: DatabaseHandle, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
  });
  try {
    await Promise.race([handle.ping(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
