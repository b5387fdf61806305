import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test as baseTest } from "vitest";
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from "~/platform/db/engines.server";
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
 * Vitest's `test` with a database: a test that takes `db` gets a fresh, migrated database of its
 * suite's kind, opened before the test and closed (on PostgreSQL: dropped) after it, also when the
 * test fails. A suite names its kind once, at its top:
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
  .extend("db", async ({ database }, { onCleanup }) => {
    if (!database) throw new Error("No database for this suite: call test.override({ database }) in it.");
    const handle = await database.open();
    onCleanup(() => handle.close());
    return handle.db;
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
