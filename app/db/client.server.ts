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
import { lockDataDir } from "./data-dir-lock.server";
import { EmbeddedClient } from "./embedded-client.server";
import * as schema from "./schema";

/** The Drizzle database, whichever engine is behind it: the same queries run on both. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Flushes and closes the database (CHECKPOINT for PGlite) and releases the DATA_DIR lock. */
  close(): Promise<void>;
};

export type DatabaseOptions =
  /** A PostgreSQL server. */
  | { url: string }
  /** Embedded PGlite persisted in `dataDir` (locked while open), or in memory when omitted. */
  | { dataDir?: string };

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
  pool.on("error", () => undefined);
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const release = dataDir ? await lockDataDir(dataDir) : async () => undefined;
  try {
    const create = () => PGlite.create(dataDir ? path.join(dataDir, "pgdata") : undefined);
    // Retires an instance that PostgreSQL ended (PANIC) and opens the directory again; an
    // in-memory database has nothing to reopen.
    const client = new EmbeddedClient(
      await create(),
      dataDir ? create : () => Promise.reject(new Error("an in-memory database cannot be reopened")),
    );
    const db = drizzlePglite({ client: client as unknown as PGlite, schema });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    return {
      db: db as unknown as Db,
      kind: "pglite",
      ping: async () => {
        await client.query("select 1");
      },
      close: async () => {
        try {
          // PGlite runs with fsync off: close() flushes everything to disk first.
          await client.close();
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
