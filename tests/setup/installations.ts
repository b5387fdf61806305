import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "~/platform/db/engines.server";
import { migratedDataDir } from "./data-dir-template";
import { createPostgresDatabase } from "./postgres-database";

/**
 * A fresh installation for the production server in a child process (tests/setup/server-process):
 * its DATA_DIR and, on PostgreSQL, its own new database. `open()` looks at the database directly,
 * the way an operator would; on the embedded database only while no server holds DATA_DIR.
 */
export type Installation = {
  dataDir: string;
  /** DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
};

export type InstallationKind = { name: "pglite" | "postgres"; create(): Promise<Installation> };

const tempDataDir = () => mkdtempSync(path.join(tmpdir(), "portfolio-reliability-"));

/** The embedded database always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const installations: InstallationKind[] = [
  {
    name: "pglite",
    create: async () => {
      const dataDir = migratedDataDir("portfolio-reliability-");
      return {
        dataDir,
        env: { DATA_DIR: dataDir },
        open: () => openDatabase({ dataDir }),
        dispose: async () => undefined,
      };
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: "postgres" as const,
          create: async () => {
            const dataDir = tempDataDir();
            const database = await createPostgresDatabase();
            return {
              dataDir,
              env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
              open: () => openDatabase({ url: database.url }),
              dispose: database.drop,
            };
          },
        },
      ]
    : []),
];
