import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import { afterAll, test as baseTest } from "vitest";
import {
  openDatabase,
  rowsOf,
  type DatabaseHandle,
  type DatabaseOptions,
  type Db,
} from "~/platform/db/engines.server";
import * as schema from "~/platform/db/schema";
import { migratedDataDir } from "./data-dir-template";
import { createPostgresDatabase, serverUrl } from "./postgres-database";

/**
 * The databases every data-layer test runs against: PGlite always (a copy of the run's migrated
 * template in a temporary directory, data-dir-template.ts), and a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL when that is set.
 */
export type TestDatabase = { name: "pglite" | "postgres"; open(): Promise<DatabaseHandle> };

export const testDatabases: TestDatabase[] = [
  {
    name: "pglite",
    open: async () => {
      const dataDir = migratedDataDir("portfolio-db-");
      const handle = await openDatabase({ dataDir });
      return {
        ...handle,
        close: async () => {
          await handle.close();
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    },
  },
  ...(serverUrl
    ? [
        {
          name: "postgres" as const,
          open: async () => {
            const created = await createPostgresDatabase();
            const handle = await openDatabase({ url: created.url });
            return {
              ...handle,
              close: async () => {
                await handle.close();
                await created.drop();
              },
            };
          },
        },
      ]
    : []),
];

/**
 * One database of each kind per test file, opened by its first test and closed (on PostgreSQL:
 * dropped) after the file. Opening one costs a new PGlite instance (its WebAssembly started in a
 * thread of its own) or a PostgreSQL database migrated from nothing; emptying the tables costs a
 * statement. Fewer PGlite starts also mean fewer chances for the V8 crash that starting PGlite
 * now and then causes (a worker ended by SIGSEGV, nodejs/node#64500).
 */
type Opened = { handle: DatabaseHandle; tables: string[]; shape: string };
const openedPerFile = new Map<TestDatabase, Promise<Opened>>();

afterAll(async () => {
  const opened = [...openedPerFile.values()];
  openedPerFile.clear();
  await Promise.allSettled(opened.map(async (open) => (await open).handle.close()));
});

/** The schema's tables, triggers and functions: a test that adds a trigger changes it. */
async function shapeOf(handle: DatabaseHandle): Promise<string> {
  const [row] = rowsOf<{ shape: string }>(
    await handle.db.execute(sql`select string_agg(name, ',' order by name) as shape from (
      select 'table ' || tablename from pg_tables where schemaname = 'public'
      union all select 'trigger ' || tgname from pg_trigger where not tgisinternal
      union all select 'function ' || proname from pg_proc where pronamespace = 'public'::regnamespace
    ) as objects(name)`),
  );
  return row?.shape ?? "";
}

async function open(database: TestDatabase): Promise<Opened> {
  const handle = await database.open();
  const rows = rowsOf<{ name: string }>(
    await handle.db.execute(
      sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
    ),
  );
  return { handle, tables: rows.map((row) => row.name), shape: await shapeOf(handle) };
}

/**
 * The file's database of this kind, emptied: every table truncated (the migrations' record stays,
 * in its own schema). One whose schema a test changed (a trigger that makes a write fail) is
 * closed and replaced by a new one.
 */
async function emptied(database: TestDatabase): Promise<DatabaseHandle> {
  let opened = await (openedPerFile.get(database) ?? Promise.resolve(undefined));
  if (opened && (await shapeOf(opened.handle)) !== opened.shape) {
    await opened.handle.close();
    opened = undefined;
  }
  if (!opened) {
    const next = open(database);
    openedPerFile.set(database, next);
    next.catch(() => openedPerFile.delete(database));
    opened = await next;
  }
  await opened.handle.db.execute(
    sql.raw(`truncate table ${opened.tables.join(", ")} restart identity cascade`),
  );
  return opened.handle;
}

/**
 * A fresh start on the file's database: emptied, and a Drizzle instance of its own, so that what
 * the code caches per `Db` (installation secret, form cap, batched transactions) starts empty too.
 */
async function freshDatabase(database: TestDatabase): Promise<Db> {
  const handle = await emptied(database);
  const client = (handle.db as unknown as { $client: unknown }).$client;
  return (handle.kind === "pglite"
    ? drizzlePglite({ client: client as PGlite, schema })
    : drizzleNodePg({ client: client as pg.Pool, schema })) as unknown as Db;
}

/**
 * Vitest's `test` with a database: a test that takes `db` gets an empty, migrated database of its
 * suite's kind (the file's one, emptied: freshDatabase above). A suite names its kind once, at
 * its top:
 *
 * ```ts
 * describe.each(testDatabases)("projects on $name", (database) => {
 *   test.override({ database });
 *
 *   test("lists newest first", async ({ db }) => { … });
 * });
 * ```
 */
export const test = baseTest
  .extend("database", null as TestDatabase | null)
  .extend("db", async ({ database }) => {
    if (!database) throw new Error("No database for this suite: call test.override({ database }) in it.");
    return freshDatabase(database);
  });

/**
 * The databases a production server under test runs on: a fresh embedded database in a
 * temporary DATA_DIR always (migrated, without rows: data-dir-template.ts), and a fresh PostgreSQL database when TEST_DATABASE_URL is set.
 * `options` opens the same database from the test, `env` points the server at it.
 */
export type ServerDatabase = {
  name: "pglite" | "postgres";
  create(): Promise<{ options: DatabaseOptions; env: Record<string, string>; drop(): Promise<void> }>;
};

const tempDataDir = () => mkdtempSync(path.join(tmpdir(), "portfolio-server-"));

export const serverDatabases: ServerDatabase[] = [
  {
    name: "pglite",
    create: async () => {
      const dataDir = migratedDataDir("portfolio-server-");
      return { options: { dataDir }, env: { DATA_DIR: dataDir }, drop: async () => undefined };
    },
  },
  ...(serverUrl
    ? [
        {
          name: "postgres" as const,
          create: async () => {
            const created = await createPostgresDatabase();
            return {
              options: { url: created.url },
              env: { DATA_DIR: tempDataDir(), DATABASE_URL: created.url },
              drop: created.drop,
            };
          },
        },
      ]
    : []),
];

/**
 * For suites whose outcome does not depend on the engine (headers, cross-site refusals,
 * permissions, the server's own schedules): the product's default, the embedded database, only.
 * What the engines do differently is covered by the suites that run on both.
 */
export const engineNeutralDatabases: ServerDatabase[] = serverDatabases.slice(0, 1);
