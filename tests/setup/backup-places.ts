import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { submitContact } from "~/features/contact/queries.server";
import { openDatabase, rowsOf, type DatabaseOptions, type Db } from "~/platform/db/engines.server";
import { contactSubmissions } from "~/platform/db/schema";
import { migratedDataDir } from "./data-dir-template";
import { createPostgresDatabase } from "./postgres-database";

/**
 * What the backup suites (tests/integration/backup*.test.ts) back up and restore into: a database
 * on either engine, named in the environment as the CLI reads it, and `npm run backup` /
 * `npm run restore` run as the operator runs them.
 */

const root = path.resolve(import.meta.dirname, "..", "..");
export const postgresUrl = process.env.TEST_DATABASE_URL;
export const engines = ["pglite", ...(postgresUrl ? ["postgres"] : [])] as const;
export type Engine = (typeof engines)[number];

export const tempDir = (prefix: string) => mkdtempSync(path.join(tmpdir(), `portfolio-${prefix}-`));

/** A database to back up or restore into: its options, and the environment naming it for the CLI. */
export type Place = { options: DatabaseOptions; env: Record<string, string>; drop(): Promise<void> };

/**
 * A new place; `migrated`: the embedded database as `npm run db:migrate` leaves it (a copy of the
 * run's template: PGlite's initdb alone took 9 s on a busy 2-core machine, the copy half a
 * second), else an empty directory. PostgreSQL's is a new, empty database either way.
 */
export async function newPlace(engine: Engine, { migrated = false } = {}): Promise<Place> {
  if (engine === "postgres") {
    const created = await createPostgresDatabase();
    const dataDir = tempDir("backup-data");
    return {
      options: { url: created.url },
      env: { DATABASE_URL: created.url, DATA_DIR: dataDir },
      drop: async () => {
        await created.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const dataDir = migrated ? migratedDataDir("portfolio-backup-data-") : tempDir("backup-data");
  return {
    options: { dataDir },
    env: { DATA_DIR: dataDir },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

type Kinds = { source?: "migrated" | "empty"; target?: "migrated" | "empty" };
type Body = (places: { source: Place; target: Place; dir: string }) => Promise<void>;

/**
 * Runs `body` with two new places and a directory for archives; removes all three after. The
 * source is migrated, the target empty (a restore there creates the embedded database), unless
 * `kinds` says otherwise: a migrated target for tests that check something else than a restore
 * into a new database (the round trip in backup.test.ts checks that), an empty source for one
 * that migrates it itself.
 */
export async function withPlaces(
  from: Engine,
  to: Engine,
  ...args: [body: Body] | [kinds: Kinds, body: Body]
): Promise<void> {
  const [kinds, body]: [Kinds, Body] = args.length === 1 ? [{}, args[0]] : args;
  const source = await newPlace(from, { migrated: kinds.source !== "empty" });
  const target = await newPlace(to, { migrated: kinds.target === "migrated" });
  const dir = tempDir("backups");
  try {
    await body({ source, target, dir });
  } finally {
    await source.drop();
    await target.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `npm run <script> -- …` with only the given environment (and PATH). */
export function npmRun(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn("npm", ["run", "--silent", script, "--", ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The one archive in `dir`. */
export const archiveIn = (dir: string) =>
  path.join(
    dir,
    readdirSync(dir).find((name) => name.endsWith(".tar.gz"))!,
  );

/**
 * Every row of every table in PostgreSQL's own text form of the row (record_out: bytea in hex,
 * timestamps to the microsecond), sorted: independent of how the backup writes rows.
 */
export async function contents(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    await tx.execute(sql`set local bytea_output = 'hex'`);
    const tables = rowsOf<{ name: string }>(
      await tx.execute(
        sql`select tablename::text as name from pg_tables where schemaname = 'public' order by 1`,
      ),
    );
    const result: Record<string, string[]> = {};
    for (const { name } of tables) {
      const rows = rowsOf<{ row: string }>(
        await tx.execute(sql.raw(`select t::text as row from public."${name}" t`)),
      );
      result[name] = rows.map(({ row }) => row).sort();
    }
    return result;
  });
}

export async function databaseWithContact(place: Place, name: string): Promise<void> {
  const handle = await openDatabase(place.options);
  try {
    await submitContact(handle.db, {
      input: { name, email: "x@example.com", subject: "Betreff", message: "Text" },
      rateLimitKey: `contact:${name}`,
      tokenKey: `token:${name}`,
    });
  } finally {
    await handle.close();
  }
}

export async function contactNames(place: Place): Promise<string[]> {
  const handle = await openDatabase(place.options);
  try {
    return (await handle.db.select().from(contactSubmissions)).map((row) => row.name);
  } finally {
    await handle.close();
  }
}
