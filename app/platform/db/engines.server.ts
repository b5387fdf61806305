/**
 * The database engines behind one interface (docs/architecture.md): openDatabase() opens PGlite
 * in DATA_DIR (in a thread of its own, pglite-engine.server.ts → pglite-thread.server.ts →
 * pglite-worker.ts) or PostgreSQL at DATABASE_URL, migrates it, and hands back the Drizzle `Db`
 * that every query module takes.
 */
import { existsSync, readFileSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pgliteStartParams } from "./pglite-params";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { publicPagesChanged } from "~/platform/http/public-pages.server";
import { lockDataDir } from "./data-dir-lock.server";
import { EmbeddedClient } from "./pglite-engine.server";
import { PgliteThread } from "./pglite-thread.server";
import * as schema from "./schema";

/** The Drizzle database, whichever engine is behind it: the same queries run on both. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The embedded database's client behind `db`, or undefined for PostgreSQL (and inside a
 * transaction): for what only PGlite offers, such as `COPY … FROM '/dev/blob'` with a `blob`.
 */
export function embeddedClientOf(db: Db): EmbeddedClient | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof EmbeddedClient ? client : undefined;
}

/** The rows of `db.execute(sql…)`: both drivers answer with `{ rows }`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

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

/**
 * Which migrations openDatabase applies: all (the server, the default), none (a backup must not
 * change the schema it copies), or the first n (restoring an archive of an older schema).
 */
export type MigrationTarget = "all" | "none" | number;

/** Creating a new data directory (initdb) takes seconds; a slow machine gets ample time. */
const FIRST_OPEN_DEADLINE_MS = 60_000;
/** Reopening an existing directory takes about a second; one that hangs (a failing disk) is ended. */
const REOPEN_DEADLINE_MS = 20_000;
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

type Journal = { entries: { tag: string }[] };

const readJournal = (folder: string) =>
  JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as Journal;

/** The migrations this build brings, in order: tag from the journal, hash as Drizzle records it. */
export function knownMigrations(): { tag: string; hash: string }[] {
  const folder = migrationsFolder();
  const { entries } = readJournal(folder);
  return readMigrationFiles({ migrationsFolder: folder }).map((migration, index) => ({
    tag: entries[index]!.tag,
    hash: migration.hash,
  }));
}

/** Runs `migrate` with the folder of the target's migrations; nothing for "none". */
async function applyMigrations(target: MigrationTarget, migrate: (folder: string) => Promise<void>) {
  if (target === "none") return;
  if (target === "all") return migrate(migrationsFolder());
  // Drizzle applies a whole folder: hand it a copy whose journal lists only the first n.
  const source = migrationsFolder();
  const journal = readJournal(source);
  journal.entries = journal.entries.slice(0, target);
  const folder = await mkdtemp(path.join(tmpdir(), "portfolio-migrations-"));
  try {
    await mkdir(path.join(folder, "meta"));
    await writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal));
    for (const { tag } of journal.entries) {
      await copyFile(path.join(source, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    }
    await migrate(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function openPostgres(url: string, migrations: MigrationTarget): Promise<DatabaseHandle> {
  // Migrate on one dedicated connection holding an advisory lock, so instances starting
  // together apply each migration once.
  if (migrations !== "none") {
    const migrator = new pg.Client({ connectionString: url });
    // A lost connection fails the next statement, and with it the start; no 'error' event.
    migrator.on("error", () => undefined);
    await migrator.connect();
    try {
      await migrator.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await applyMigrations(migrations, (migrationsFolder) =>
        migrateNodePg(drizzleNodePg({ client: migrator, schema }), { migrationsFolder }),
      );
    } finally {
      await migrator.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
      await migrator.end();
    }
  }

  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  // Cached pages are no longer trusted: the next visitor sees what the database (or the
  // fallback) says now.
  pool.on("error", () => publicPagesChanged());
  // The same for a client that is checked out, e.g. inside a transaction between two
  // statements: the pool listens only to idle ones, and an 'error' event nobody listens to ends
  // the process. The transaction's next statement fails instead, and the pool drops the client.
  pool.on("connect", (client) => client.on("error", () => publicPagesChanged()));
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

async function openPglite(dataDir: string | undefined, migrations: MigrationTarget): Promise<DatabaseHandle> {
  const release = dataDir ? await lockDataDir(dataDir) : async () => undefined;
  try {
    const create = (deadlineMs: number) =>
      PgliteThread.open(
        dataDir ? path.join(dataDir, "pgdata") : undefined,
        pgliteStartParams(PGlite.defaultStartParams),
        deadlineMs,
      );
    // Retires an instance that PostgreSQL ended (PANIC) or that hung, and opens the directory
    // again; an in-memory database has nothing to reopen.
    const client = new EmbeddedClient(
      await create(FIRST_OPEN_DEADLINE_MS),
      dataDir
        ? () => create(REOPEN_DEADLINE_MS)
        : () => Promise.reject(new Error("an in-memory database cannot be reopened")),
    );
    const db = drizzlePglite({ client: client as unknown as PGlite, schema });
    await applyMigrations(migrations, (migrationsFolder) => migratePglite(db, { migrationsFolder }));
    return {
      db: db as unknown as Db,
      kind: "pglite",
      ping: async () => {
        await client.query("select 1");
      },
      // Nobody else can write here: the DATA_DIR lock keeps every other process out, and this
      // process drops its cached pages itself on every change (server/app.ts).
      listen: async () => async () => undefined,
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
export function openDatabase(
  options: DatabaseOptions,
  migrations: MigrationTarget = "all",
): Promise<DatabaseHandle> {
  return "url" in options ? openPostgres(options.url, migrations) : openPglite(options.dataDir, migrations);
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
