import { createHash } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { z } from "zod";
import { messageOf } from "~/platform/errors";
import {
  knownMigrations,
  openDatabase,
  rowsOf,
  type DatabaseHandle,
  type DatabaseOptions,
  type Db,
} from "./engines.server";
import { META_KEYS, writeMeta } from "./app-meta.server";

/**
 * Backups (docs/decisions/0009-backup-and-restore.md): one .tar.gz holding `dump.sql`, every row
 * of every table as `INSERT … SELECT * FROM json_populate_record(…)` (uploads included: they live
 * in the database), and `manifest.json` (format, time, schema, row counts, the dump's SHA-256).
 * The rows are read in one REPEATABLE READ transaction: one snapshot, whatever is written meanwhile.
 */

export const BACKUP_FORMAT = "portfolio-backup";
export const BACKUP_FORMAT_VERSION = 1;
const MANIFEST = "manifest.json";
const DUMP = "dump.sql";
const ARCHIVE_NAME = /^portfolio-backup-.+\.tar\.gz$/;

const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int(),
  /** When the snapshot was taken. */
  createdAt: z.string(),
  database: z.enum(["pglite", "postgres"]),
  /** The schema's migrations, oldest first. */
  migrations: z.array(z.object({ tag: z.string(), hash: z.string() })),
  /** Rows per table, in the order they are restored (parents before children). */
  tables: z.record(z.string(), z.number().int().min(0)),
  dump: z.object({
    file: z.literal(DUMP),
    bytes: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});

export type BackupManifest = z.infer<typeof ManifestSchema>;

/** A problem the operator can act on; its message is shown as it is. */
export class BackupError extends Error {
  override name = "BackupError";
}

type Table = { name: string; binary: boolean };

const quoted = (name: string) => `public."${name.replaceAll('"', '""')}"`;

/** Tables of the public schema, parents before the tables whose foreign keys point at them. */
async function tablesInRestoreOrder(db: Db): Promise<Table[]> {
  const tables = rowsOf<Table & { parents: string[] }>(
    await db.execute(sql`
      select c.relname::text as name,
        exists (select from pg_attribute a where a.attrelid = c.oid and a.attnum > 0
          and not a.attisdropped and a.atttypid = 'bytea'::regtype) as binary,
        array(select p.relname::text from pg_constraint k join pg_class p on p.oid = k.confrelid
          where k.conrelid = c.oid and k.contype = 'f' and k.confrelid <> c.oid)::text[] as parents
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
      order by c.relname`),
  );
  const ordered: Table[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find((t) => !placed.has(t.name) && t.parents.every((parent) => placed.has(parent)));
    if (!next) throw new Error("The tables' foreign keys form a cycle; no restore order exists.");
    ordered.push({ name: next.name, binary: next.binary });
    placed.add(next.name);
  }
  return ordered;
}

/** The migrations applied to this database, named by this build's journal where it knows them. */
async function appliedMigrations(db: Db): Promise<BackupManifest["migrations"]> {
  const tags = new Map(knownMigrations().map(({ tag, hash }) => [hash, tag]));
  const rows = rowsOf<{ hash: string }>(
    await db.execute(sql`select hash from drizzle.__drizzle_migrations order by created_at, id`),
  );
  return rows.map(({ hash }) => ({ tag: tags.get(hash) ?? "unknown", hash }));
}

async function countRows(db: Db, tables: Table[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ count: number }>(
      await db.execute(sql.raw(`select count(*)::int as count from ${quoted(name)}`)),
    );
    counts[name] = row!.count;
  }
  return counts;
}

const DUMP_HEADER = `-- Portfolio backup (${BACKUP_FORMAT} ${BACKUP_FORMAT_VERSION}): one statement per line, every row of every table.
-- Load into an empty database migrated to the manifest's schema; \`npm run restore\` does all of it.
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
`;

/**
 * One statement per row. row_to_json renders every type in its text form (bytea as \\x hex,
 * timestamps with microseconds and offset, arrays and jsonb as JSON) and json_populate_record
 * reads it back into the table's own types, on PGlite and PostgreSQL alike.
 */
const insertStatement = (table: string, json: string) =>
  `INSERT INTO ${quoted(table)} SELECT * FROM json_populate_record(NULL::${quoted(table)}, '${json.replaceAll("'", "''")}');\n`;

/** Writes dump.sql from one snapshot; returns what the manifest says about it. */
async function dumpRows(db: Db, file: string) {
  const out = createWriteStream(file, { flags: "wx", mode: 0o600 });
  const hash = createHash("sha256");
  let bytes = 0;
  const write = async (text: string) => {
    hash.update(text);
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, "drain");
  };
  try {
    const snapshot = await db.transaction(
      async (tx) => {
        await tx.execute(sql`set local bytea_output = 'hex'`);
        // now() is the transaction's start: the moment of the snapshot.
        const [{ ms }] = rowsOf<{ ms: number }>(
          await tx.execute(sql`select (extract(epoch from now()) * 1000)::float8 as ms`),
        ) as [{ ms: number }];
        const migrations = await appliedMigrations(tx);
        const tables = await tablesInRestoreOrder(tx);
        const counts: Record<string, number> = {};
        await write(DUMP_HEADER);
        for (const table of tables) {
          counts[table.name] = 0;
          // A cursor keeps memory bounded: an upload is up to 8 MB per row (16 MB as hex), so rows
          // with bytea come one at a time; the server's heap is capped (decision 0008).
          await tx.execute(
            sql.raw(
              `declare backup_rows no scroll cursor for select row_to_json(t)::text as json from ${quoted(table.name)} t`,
            ),
          );
          for (;;) {
            const rows = rowsOf<{ json: string }>(
              await tx.execute(sql.raw(`fetch ${table.binary ? 1 : 500} from backup_rows`)),
            );
            if (rows.length === 0) break;
            await write(rows.map(({ json }) => insertStatement(table.name, json)).join(""));
            counts[table.name]! += rows.length;
          }
          await tx.execute(sql.raw("close backup_rows"));
        }
        return { createdAt: new Date(ms).toISOString(), migrations, counts };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    out.end();
    await once(out, "finish");
    return { ...snapshot, bytes, sha256: hash.digest("hex") };
  } catch (error) {
    out.destroy();
    throw error;
  }
}

/** `portfolio-backup-2026-05-01T03-00-00.000Z.tar.gz`: sorts by time, valid on every file system. */
export const backupFileName = (at: Date) =>
  `portfolio-backup-${at.toISOString().replaceAll(":", "-")}.tar.gz`;

/**
 * Writes an archive of the database to `target`: a file ending in .tar.gz, or a directory (made
 * if missing) that gets a file named after `at`. The archive appears complete or not at all, and
 * only its owner can read it (it holds password hashes and personal data).
 */
export async function writeBackup(
  handle: Pick<DatabaseHandle, "db" | "kind">,
  target: string,
  at = new Date(),
): Promise<{ file: string; manifest: BackupManifest }> {
  const file = /\.(tar\.gz|tgz)$/.test(target)
    ? path.resolve(target)
    : path.resolve(target, backupFileName(at));
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const work = await mkdtemp(path.join(path.dirname(file), ".backup-"));
  try {
    const dump = await dumpRows(handle.db, path.join(work, DUMP));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: dump.createdAt,
      database: handle.kind,
      migrations: dump.migrations,
      tables: dump.counts,
      dump: { file: DUMP, bytes: dump.bytes, sha256: dump.sha256 },
    };
    await writeFile(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    const partial = path.join(work, "archive.tar.gz");
    await tar.create({ gzip: true, file: partial, cwd: work, portable: true }, [MANIFEST, DUMP]);
    await chmod(partial, 0o600);
    await rename(partial, file);
    // For the go-live checklist ("a backup taken in the last 7 days"); the archive is what counts.
    await writeMeta(handle.db, META_KEYS.lastBackup, manifest.createdAt).catch(() => undefined);
    return { file, manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Keeps the newest `keep` archives in `dir` (by name, which sorts by time); returns the removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const archives = (await readdir(dir)).filter((name) => ARCHIVE_NAME.test(name)).sort();
  const removed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of removed) await rm(path.join(dir, name), { force: true });
  return removed;
}

/** The name `backupFileName` gives an archive, and nothing else: no path, no other file. */
const DATED_ARCHIVE = /^portfolio-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2}\.\d{3})Z\.tar\.gz$/;

/** When the archive named `name` was taken, or undefined for a name `backupFileName` does not give. */
export function archiveTime(name: string): Date | undefined {
  const match = DATED_ARCHIVE.exec(name);
  if (!match) return undefined;
  const at = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

export type ArchiveEntry = { name: string; createdAt: Date; bytes: number };

/** The archives in `dir` (newest first), with their time and size; none when it is missing. */
export async function listBackups(dir: string): Promise<ArchiveEntry[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  const entries: ArchiveEntry[] = [];
  for (const name of names.sort().reverse()) {
    const createdAt = archiveTime(name);
    if (!createdAt) continue;
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (info?.isFile()) entries.push({ name, createdAt, bytes: info.size });
  }
  return entries;
}

/**
 * Several instances on one database run the same schedule: the first to record the run's
 * scheduled time in app_meta writes the backup, the others see a time not older than theirs.
 */
export async function claimScheduledBackup(db: Db, scheduledAt: Date): Promise<boolean> {
  return writeMeta(db, "scheduled_backup", scheduledAt.toISOString(), {
    when: (stored) => sql`${stored} < excluded.value`,
  });
}

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/** Refuses an archive whose schema this build can't reproduce: newer, or of another code base. */
function checkSchema(manifest: BackupManifest): void {
  const known = knownMigrations();
  const newest = (list: { tag: string }[]) => list.at(-1)?.tag ?? "none";
  manifest.migrations.forEach((migration, index) => {
    if (index >= known.length) {
      throw new BackupError(
        `The archive's schema (${newest(manifest.migrations)}) is newer than this version of the site ` +
          `(${newest(known)}). Update the site, then restore.`,
      );
    }
    if (known[index]!.hash !== migration.hash) {
      throw new BackupError(
        `The archive's schema differs from this version's at migration ${migration.tag}: ` +
          `it was not made by this site.`,
      );
    }
  });
}

type OpenedArchive = {
  manifest: BackupManifest;
  /** The dump's statements, each checked again as it is read. */
  statements(): AsyncGenerator<string>;
  dispose(): Promise<void>;
};

/**
 * Unpacks and checks an archive (format, schema, checksum, every statement of the dump) before
 * anything touches a database.
 */
async function openArchive(archive: string): Promise<OpenedArchive> {
  if (!existsSync(archive)) throw new BackupError(`No such file: ${archive}`);
  const dir = await mkdtemp(path.join(tmpdir(), "portfolio-restore-"));
  // tar rejects a damaged archive while it may still be writing the entry it was on: a file can
  // appear after rm has listed the directory (ENOTEMPTY, seen in CI). rm tries again for that.
  const dispose = () => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  try {
    try {
      await tar.extract({
        file: archive,
        cwd: dir,
        strict: true,
        filter: (p) => p === MANIFEST || p === DUMP,
      });
    } catch (error) {
      throw new BackupError(`${archive} is damaged or not a backup archive (${messageOf(error)}).`);
    }
    const manifestFile = path.join(dir, MANIFEST);
    const dumpFile = path.join(dir, DUMP);
    if (!existsSync(manifestFile) || !existsSync(dumpFile)) {
      throw new BackupError(`${archive} is not a backup of this site: it lacks ${MANIFEST} or ${DUMP}.`);
    }
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(manifestFile, "utf8"));
    } catch {
      throw new BackupError(`${archive} is damaged: its ${MANIFEST} is not valid JSON.`);
    }
    const format = (raw as { format?: unknown; formatVersion?: unknown } | null) ?? {};
    if (format.format === BACKUP_FORMAT && format.formatVersion !== BACKUP_FORMAT_VERSION) {
      throw new BackupError(
        `${archive} has backup format version ${String(format.formatVersion)}; ` +
          `this version of the site reads version ${BACKUP_FORMAT_VERSION}.`,
      );
    }
    const parsed = ManifestSchema.safeParse(raw);
    if (!parsed.success) {
      throw new BackupError(`${archive} is not a backup of this site: its ${MANIFEST} is not one.`);
    }
    const manifest = parsed.data;
    const actual = await sha256OfFile(dumpFile);
    if (actual !== manifest.dump.sha256) {
      throw new BackupError(
        `${archive} is damaged: the checksum of ${DUMP} does not match its manifest ` +
          `(expected ${manifest.dump.sha256}, found ${actual}). Nothing was restored.`,
      );
    }
    checkSchema(manifest);
    const statements = () => dumpStatements(archive, dumpFile, manifest);
    // Read through once here: a dump with one foreign statement is refused before any change.
    for await (const _ of statements());
    return { manifest, statements, dispose };
  } catch (error) {
    // The owner needs to hear why the archive was refused, not that a temporary file lingered.
    await dispose().catch(() => undefined);
    throw error;
  }
}

/**
 * The dump's lines, split at "\n" only: readline would also split at U+2028 and U+2029, which
 * row_to_json leaves unescaped inside strings. Parts are joined once per line: rows with uploads
 * are megabytes long.
 */
async function* linesOf(file: string): AsyncGenerator<string> {
  let parts: string[] = [];
  for await (const chunk of createReadStream(file, { encoding: "utf8", highWaterMark: 1 << 20 })) {
    const text = chunk as string;
    let start = 0;
    for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
      parts.push(text.slice(start, end));
      yield parts.join("");
      parts = [];
      start = end + 1;
    }
    parts.push(text.slice(start));
  }
  const last = parts.join("");
  if (last) yield last;
}

/** The dump's first lines, exactly as `dumpRows` writes them. */
const HEADER_LINES = DUMP_HEADER.slice(0, -1).split("\n");
/** `insertStatement` up to its string literal; the two names must be the same table. */
const INSERT_START =
  /^INSERT INTO public\."([a-z_][a-z0-9_]*)" SELECT \* FROM json_populate_record\(NULL::public\."([a-z_][a-z0-9_]*)", '/;
const INSERT_END = "');";

/** A row as `insertStatement` writes it: a JSON object in a literal with only doubled quotes. */
function isRowLiteral(literal: string): boolean {
  if (literal.replaceAll("''", "").includes("'")) return false;
  try {
    const row: unknown = JSON.parse(literal.replaceAll("''", "'"));
    return typeof row === "object" && row !== null && !Array.isArray(row);
  } catch {
    return false;
  }
}

/**
 * The statements of the dump to run, each checked to be one a backup writes: its header as
 * written, then one row per line, inserted into a table of the manifest. A dump is loaded with
 * sql.raw, so anything else, a line of its own or a statement added to a row's line, refuses
 * the whole archive.
 */
async function* dumpStatements(archive: string, dumpFile: string, manifest: BackupManifest) {
  const tables = new Set(Object.keys(manifest.tables));
  const refuse = (line: number) =>
    new BackupError(
      `${archive} is not a backup of this site: line ${line} of ${DUMP} is not a statement that a ` +
        `backup writes. Nothing was restored.`,
    );
  let number = 0;
  for await (const line of linesOf(dumpFile)) {
    number++;
    if (number <= HEADER_LINES.length) {
      if (line !== HEADER_LINES[number - 1]) throw refuse(number);
      if (!line.startsWith("--")) yield line;
      continue;
    }
    const start = INSERT_START.exec(line);
    if (
      !start ||
      start[1] !== start[2] ||
      !tables.has(start[1]!) ||
      !line.endsWith(INSERT_END) ||
      !isRowLiteral(line.slice(start[0].length, -INSERT_END.length))
    ) {
      throw refuse(number);
    }
    yield line;
  }
  if (number < HEADER_LINES.length) throw refuse(number + 1);
}

/** Runs the dump's statements in one transaction, after the checks; all rows or none. */
async function loadDump(db: Db, archive: OpenedArchive, force: boolean): Promise<void> {
  const { manifest } = archive;
  await db.transaction(async (tx) => {
    const applied = await appliedMigrations(tx);
    if (applied.length > manifest.migrations.length) {
      throw new BackupError(
        `The database's schema (${applied.at(-1)!.tag}) is newer than the archive's ` +
          `(${manifest.migrations.at(-1)?.tag ?? "none"}): restore it into an empty, new database.`,
      );
    }
    const tables = await tablesInRestoreOrder(tx);
    const missing = Object.keys(manifest.tables).filter((name) => !tables.some((t) => t.name === name));
    if (missing.length > 0) throw new BackupError(`The database has no table ${missing.join(", ")}.`);

    const filled = Object.entries(await countRows(tx, tables)).filter(([, count]) => count > 0);
    if (filled.length > 0) {
      if (!force) {
        throw new BackupError(
          `The database is not empty (rows in ${filled.map(([name]) => name).join(", ")}). ` +
            `Restore into an empty database, or add --force to replace its content with the archive's.`,
        );
      }
      await tx.execute(sql.raw(`truncate ${tables.map((t) => quoted(t.name)).join(", ")}`));
    }

    for await (const statement of archive.statements()) await tx.execute(sql.raw(statement));

    const counts = await countRows(tx, tables);
    for (const [name, expected] of Object.entries(manifest.tables)) {
      if (counts[name] !== expected) {
        throw new BackupError(
          `${name}: ${counts[name]} rows restored, the manifest says ${expected}. Nothing was restored.`,
        );
      }
    }
  });
}

/**
 * Restores an archive into the database of `options`: migrated to the archive's schema first,
 * loaded, then migrated to this version's. Refuses a database with rows unless `force`, which
 * replaces them. Returns the checked manifest (its row counts are what was restored).
 */
export async function restoreBackup(
  options: DatabaseOptions,
  archive: string,
  { force = false }: { force?: boolean } = {},
): Promise<BackupManifest> {
  const opened = await openArchive(path.resolve(archive));
  try {
    const { manifest } = opened;
    const handle = await openDatabase(options, manifest.migrations.length);
    try {
      await loadDump(handle.db, opened, force);
    } finally {
      await handle.close();
    }
    if (manifest.migrations.length < knownMigrations().length) await (await openDatabase(options)).close();
    return manifest;
  } finally {
    await opened.dispose();
  }
}
