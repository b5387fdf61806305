import { once } from "node:events";
import { existsSync } from "node:fs";
import { chmod, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { Cron } from "croner";
import {
  BackupError,
  claimScheduledBackup,
  pruneBackups,
  restoreBackup,
  writeBackup,
  type BackupManifest,
} from "~/platform/db/backup.server";
import {
  backupDir,
  backupsSettled,
  oneBackupAtATime,
  onBackupSettingsChanged,
  readEffectiveBackup,
  runBackup,
} from "~/features/settings/index.server";
import { openDatabase, type DatabaseHandle } from "~/platform/db/engines.server";
import { DataDirLockedError } from "~/platform/db/data-dir-lock.server";
import { configuredDatabase, database } from "./boot";
import { env, type Env } from "~/platform/env.server";
import { messageOf } from "~/platform/errors";
import { logger, scrubError } from "~/platform/logger.server";

/**
 * `npm run backup` / `npm run restore`, and the server's side of them: the schedule
 * (BACKUP_CRON) and, with the embedded database, the control channel through which the CLI has
 * the running server write an archive (PGlite allows one process per data directory).
 * See docs/decisions/0009-backup-and-restore.md.
 */

/** A Unix socket only DATA_DIR's owner can use (mode 0600). */
const CONTROL_SOCKET = "control.sock";

/** `keep`: the number of archives the schedule keeps (stored or BACKUP_KEEP), for the default directory. */
type Written = { file: string; manifest: BackupManifest; keep: number };
type ControlReply = ({ ok: true } & Omit<Written, "keep"> & { keep?: number }) | { ok: false; error: string };

/** How often an instance reads the stored schedule (the owner's change reaches others so). */
const SCHEDULE_POLL_MS = 60_000;

/**
 * Starts what the server does for backups; returns the function that stops it (waiting for a
 * backup under way). Called by server/app.ts once the database is open.
 */
export async function startBackups(
  config: Env,
  { mailQueued }: { mailQueued?: () => void } = {},
): Promise<() => Promise<void>> {
  const handle = await database();
  const control =
    handle.kind === "pglite"
      ? await listenForControl(config.DATA_DIR, (target) =>
          oneBackupAtATime(async () => ({
            ...(await writeBackup(handle, target)),
            keep: (await readEffectiveBackup(handle.db, config)).keep,
          })),
        ).catch((error: unknown) => {
          // E.g. a DATA_DIR path too long for a socket: the site serves on, backups need it stopped.
          logger.warn(
            { err: scrubError(error) },
            "no control channel: npm run backup works only while the server is stopped",
          );
          return undefined;
        })
      : undefined;
  const schedule = scheduleBackups(config, handle, mailQueued);

  return async () => {
    schedule.stop();
    if (control) await new Promise((resolve) => control.close(resolve));
    await backupsSettled();
  };
}

async function listenForControl(
  dataDir: string,
  backup: (target: string) => Promise<Written>,
): Promise<net.Server> {
  const socketPath = path.join(dataDir, CONTROL_SOCKET);
  // A socket left by a crashed server: this process holds DATA_DIR's lock, so it is not in use.
  await rm(socketPath, { force: true });
  const server = net.createServer((socket) => {
    socket.setEncoding("utf8");
    socket.on("error", () => socket.destroy());
    let input = "";
    socket.on("data", (chunk: string) => {
      input += chunk;
      if (input.length > 16_384) return socket.destroy();
      const end = input.indexOf("\n");
      if (end < 0) return;
      socket.removeAllListeners("data");
      void answer(input.slice(0, end)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });
  const answer = async (line: string): Promise<ControlReply> => {
    try {
      const request = JSON.parse(line) as { command?: unknown; target?: unknown };
      if (
        request.command !== "backup" ||
        typeof request.target !== "string" ||
        !path.isAbsolute(request.target)
      ) {
        return { ok: false, error: "unknown request" };
      }
      const written = await backup(request.target);
      logger.info({ file: written.file }, "backup written on request of npm run backup");
      return { ok: true, ...written };
    } catch (error) {
      logger.error({ err: scrubError(error) }, "backup on request failed");
      return { ok: false, error: messageOf(error) };
    }
  };
  // The socket is created by listen(), synchronously: the umask makes it 0600 from the start.
  const umask = process.umask(0o177);
  try {
    server.listen(socketPath);
  } finally {
    process.umask(umask);
  }
  await once(server, "listening");
  await chmod(socketPath, 0o600);
  return server;
}

/**
 * The schedule in force: BACKUP_CRON, else the one chosen under Einstellungen → Datensicherung.
 * It is read at start, when the owner changes it (in this process) and every minute (a change
 * made through another instance), and the timer is replaced when the pattern changed.
 */
export function scheduleBackups(
  config: Env,
  handle: DatabaseHandle,
  mailQueued?: () => void,
): { stop(): void; refreshed(): Promise<void>; pattern(): string | undefined } {
  let current: { key: string; job: Cron } | undefined;
  let stopped = false;
  const refresh = async () => {
    const { cron, timezone } = await readEffectiveBackup(handle.db, config);
    const key = cron ? [cron, timezone].filter(Boolean).join(" ") : "";
    if (stopped || key === (current?.key ?? "")) return;
    current?.job.stop();
    current = cron ? { key, job: backupJob(config, handle, cron, timezone, mailQueued) } : undefined;
    logger.info({ cron: cron ?? null, timezone: timezone ?? null }, "backup schedule in force");
  };
  let last = Promise.resolve();
  const refreshSoon = () => {
    last = last
      .then(refresh)
      .catch((error: unknown) =>
        logger.warn({ err: scrubError(error) }, "the backup schedule could not be read"),
      );
    return last;
  };
  void refreshSoon();
  const poll = setInterval(refreshSoon, SCHEDULE_POLL_MS);
  poll.unref();
  const unsubscribe = onBackupSettingsChanged(() => void refreshSoon());
  return {
    stop() {
      stopped = true;
      clearInterval(poll);
      unsubscribe();
      current?.job.stop();
    },
    refreshed: () => last,
    /** The pattern whose timer runs, with its time zone ("0 3 * * * Europe/Berlin"). */
    pattern: () => current?.key,
  };
}

function backupJob(
  config: Env,
  handle: DatabaseHandle,
  cron: string,
  timezone: string | undefined,
  mailQueued: (() => void) | undefined,
): Cron {
  const job: Cron = new Cron(cron, { protect: true, ...(timezone ? { timezone } : {}) }, async () => {
    // The run's scheduled time, the same on every instance (the timer fires a little after it).
    const [scheduledAt = new Date()] = job.previousRuns(1, new Date(Date.now() + 500));
    try {
      // Several instances on one PostgreSQL database: the first to claim the run writes it.
      if (!(await claimScheduledBackup(handle.db, scheduledAt))) return;
      await runBackup(handle, config, { scheduledAt, mailQueued });
    } catch (error) {
      logger.error({ err: scrubError(error) }, "scheduled backup failed");
    }
  });
  return job;
}

/** Has the server holding DATA_DIR write the archive; undefined when no server listens. */
async function backupThroughServer(dataDir: string, target: string): Promise<Written | undefined> {
  const socket = net.connect(path.join(dataDir, CONTROL_SOCKET));
  try {
    await once(socket, "connect");
  } catch {
    return undefined; // no socket (ENOENT), nobody listening (ECONNREFUSED), a path too long…
  }
  socket.setEncoding("utf8");
  // Not end(): the server closes the connection once it has answered.
  socket.write(`${JSON.stringify({ command: "backup", target })}\n`);
  let reply = "";
  for await (const chunk of socket) reply += chunk as string;
  let parsed: ControlReply;
  try {
    parsed = JSON.parse(reply) as ControlReply;
  } catch {
    throw new BackupError("The running server gave no answer on its control channel; see its log.");
  }
  if (!parsed.ok) throw new BackupError(`The running server could not write the backup: ${parsed.error}`);
  return { file: parsed.file, manifest: parsed.manifest, keep: parsed.keep ?? env().BACKUP_KEEP };
}

async function backupDirectly(config: Env, target: string): Promise<Written> {
  if (!config.DATABASE_URL && !existsSync(path.join(config.DATA_DIR, "pgdata"))) {
    throw new BackupError(`There is no embedded database in ${config.DATA_DIR}: nothing to back up.`);
  }
  // No migrations: a backup copies the schema as it is.
  const handle = await openDatabase(configuredDatabase(config), "none");
  try {
    const written = await writeBackup(handle, target);
    // An older schema has no stored choice yet: BACKUP_KEEP (or its default) then.
    const keep = await readEffectiveBackup(handle.db, config)
      .then((effective) => effective.keep)
      .catch(() => config.BACKUP_KEEP);
    return { ...written, keep };
  } finally {
    await handle.close();
  }
}

function printCounts(manifest: BackupManifest): void {
  const width = Math.max(...Object.keys(manifest.tables).map((name) => name.length));
  for (const [name, count] of Object.entries(manifest.tables)) {
    console.log(`  ${name.padEnd(width)}  ${String(count).padStart(8)}`);
  }
}

const describeDatabase = (config: Env) =>
  config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `the embedded database in ${config.DATA_DIR}`;

/** `npm run backup -- [directory | file.tar.gz]` */
export async function backupCli(argv: string[]): Promise<number> {
  if (argv.length > 1 || argv[0]?.startsWith("-")) {
    console.error("Usage: npm run backup -- [directory | file.tar.gz]   (default: DATA_DIR/backups)");
    return 2;
  }
  const config = env();
  const target = path.resolve(argv[0] ?? backupDir(config));
  try {
    const viaServer = config.DATABASE_URL ? undefined : await backupThroughServer(config.DATA_DIR, target);
    const { file, manifest, keep } = viaServer ?? (await backupDirectly(config, target));
    console.log(
      `Backup of ${describeDatabase(config)}${viaServer ? ", written by the running server," : ""} in ${file}`,
    );
    console.log(
      `Snapshot of ${manifest.createdAt}, schema ${manifest.migrations.at(-1)?.tag ?? "none"}, rows:`,
    );
    printCounts(manifest);
    // In the default directory, manual backups are kept like scheduled ones: the last `keep`
    // (BACKUP_KEEP or Einstellungen → Datensicherung; the privacy policy says how long backups
    // hold deleted data).
    if (argv[0] === undefined) {
      const removed = await pruneBackups(target, keep);
      if (removed.length > 0) console.log(`Removed ${removed.length} older backup(s); keeping ${keep}.`);
    }
    return 0;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`The server holding DATA_DIR does not answer on ${CONTROL_SOCKET}: ${error.message}`);
      return 1;
    }
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

/** `npm run restore -- <archive> [--force]` */
export async function restoreCli(argv: string[]): Promise<number> {
  const force = argv.includes("--force");
  const rest = argv.filter((arg) => arg !== "--force");
  if (rest.length !== 1 || rest[0]!.startsWith("-")) {
    console.error("Usage: npm run restore -- <archive.tar.gz> [--force]");
    return 2;
  }
  const config = env();
  try {
    const manifest = await restoreBackup(configuredDatabase(config), rest[0]!, { force });
    console.log(
      `Restored ${path.resolve(rest[0]!)} (snapshot of ${manifest.createdAt}) into ${describeDatabase(config)}:`,
    );
    printCounts(manifest);
    return 0;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`Stop the server before restoring: ${error.message}`);
      return 1;
    }
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}
