import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A new embedded database costs seconds (initdb, then every migration): 8–12 s on a loaded CI
 * machine against 2–4 s for a copy of one made before. The global setups of Vitest and
 * Playwright make that one once per run, with the production command `npm run db:migrate`
 * (`scripts/migrate.js`), and name it in TEST_DATA_DIR_TEMPLATE; the test helpers copy its
 * `pgdata` into each new DATA_DIR. Such a DATA_DIR is what an installation holds after
 * `npm run db:migrate`: migrated, without a row, so the server's first start still seeds it and
 * creates the admin or the setup link. Tests of initdb itself, of migrating, or of a broken first
 * start make their DATA_DIR with `mkdtempSync` as before.
 */
const TEMPLATE_ENV = "TEST_DATA_DIR_TEMPLATE";
const root = path.resolve(import.meta.dirname, "..", "..");

/**
 * Makes the template (needs the production build) and names it in the environment, which the
 * test workers inherit. Without a build, or in the quick loop (TEST_NO_DATA_DIR_TEMPLATE, set by
 * vitest.quick.config.ts), it does nothing and the helpers start from empty directories.
 */
export function createDataDirTemplate(): void {
  if (process.env.TEST_NO_DATA_DIR_TEMPLATE) return;
  if (!existsSync(path.join(root, "build", "server", "index.js"))) return;
  const template = mkdtempSync(path.join(tmpdir(), "portfolio-template-"));
  const result = spawnSync(process.execPath, ["scripts/migrate.js"], {
    cwd: root,
    env: { PATH: process.env.PATH, DATA_DIR: template, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(`npm run db:migrate for the test template failed:\n${result.stderr}${result.stdout}`);
  }
  process.env[TEMPLATE_ENV] = template;
}

/**
 * A new DATA_DIR (under the system's temp folder, named `<prefix>…`) holding a migrated, empty
 * embedded database: a copy of the template, or nothing when there is none.
 */
export function migratedDataDir(prefix = "portfolio-data-"): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const template = process.env[TEMPLATE_ENV];
  if (template) cpSync(path.join(template, "pgdata"), path.join(dataDir, "pgdata"), { recursive: true });
  return dataDir;
}

/** Removes the run's template once its tests are done. */
export function removeDataDirTemplate(): void {
  const template = process.env[TEMPLATE_ENV];
  if (template) rmSync(template, { recursive: true, force: true });
}
