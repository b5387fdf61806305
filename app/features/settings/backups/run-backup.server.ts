import { stat } from "node:fs/promises";
import path from "node:path";
import { pruneBackups, writeBackup, type BackupManifest } from "~/platform/db/backup.server";
import type { DatabaseHandle } from "~/platform/db/engines.server";
import type { Env } from "~/platform/env.server";
import { messageOf } from "~/platform/errors";
import { logger, scrubError } from "~/platform/logger.server";
import { enqueueMail } from "~/platform/mail/outbox.server";
import { readSiteSettings } from "~/features/settings/site-settings.server";
import { backupFailedMail } from "./backup-mails.server";
import { readBackupSettings, recordBackupOutcome, effectiveBackup } from "./backup-settings.server";
import { copyToWebdav, RemoteCopyError } from "./remote-copy.server";

/**
 * One backup as the server makes it, on schedule or for "Jetzt sichern": the archive in
 * DATA_DIR/backups, the older ones beyond the number kept removed, the copy to the second
 * place; a failure is recorded for the admin's notice and, on schedule, mailed to the owner.
 */

export const backupDir = (config: Env) => path.join(config.DATA_DIR, "backups");

export type BackupOutcome =
  | { ok: true; file: string; bytes: number; manifest: BackupManifest; copied: boolean; removed: string[] }
  /** `file`: the local archive, written though its copy failed. */
  | { ok: false; failure: string; file?: string };

// One backup at a time in this process: PGlite has one connection, and a second snapshot of
// the same moment would only wait and take the disk twice.
let running: Promise<unknown> = Promise.resolve();

/** Runs `job` after the backup under way (the control socket's backups take their turn too). */
export function oneBackupAtATime<T>(job: () => Promise<T>): Promise<T> {
  const next = running.then(job);
  running = next.catch(() => undefined);
  return next;
}

/** Resolves when no backup of this process is under way. */
export const backupsSettled = () => running;

export function runBackup(
  handle: Pick<DatabaseHandle, "db" | "kind">,
  config: Env,
  options: { scheduledAt?: Date; mailQueued?: () => void } = {},
): Promise<BackupOutcome> {
  return oneBackupAtATime(() => backupNow(handle, config, options));
}

async function backupNow(
  { db, kind }: Pick<DatabaseHandle, "db" | "kind">,
  config: Env,
  { scheduledAt, mailQueued }: { scheduledAt?: Date; mailQueued?: () => void },
): Promise<BackupOutcome> {
  const dir = backupDir(config);
  let outcome: BackupOutcome;
  try {
    const stored = await readBackupSettings(db);
    const { file, manifest } = await writeBackup({ db, kind }, dir, scheduledAt);
    const removed = await pruneBackups(dir, effectiveBackup(config, stored).keep);
    try {
      if (stored.remote) await copyToWebdav(file, stored.remote);
      const { size } = await stat(file);
      outcome = { ok: true, file, bytes: size, manifest, copied: Boolean(stored.remote), removed };
    } catch (error) {
      const reason = error instanceof RemoteCopyError ? error.message : `Fehler: ${messageOf(error)}`;
      outcome = {
        ok: false,
        file,
        failure: `Die Sicherung wurde auf dem Server gespeichert, aber nicht auf den zweiten Speicherort kopiert. ${reason}`,
      };
    }
  } catch (error) {
    logger.error({ err: scrubError(error) }, "backup failed");
    outcome = {
      ok: false,
      failure: `Die Sicherung konnte nicht geschrieben werden (${messageOf(error)}).`,
    };
  }
  if (outcome.ok) {
    logger.info(
      {
        file: outcome.file,
        copied: outcome.copied,
        removed: outcome.removed.length,
        scheduled: Boolean(scheduledAt),
      },
      scheduledAt ? "scheduled backup written" : "backup written",
    );
  } else {
    logger.error({ file: outcome.file, scheduled: Boolean(scheduledAt) }, "backup failed or not copied");
  }
  await report(db, config, outcome, scheduledAt, mailQueued).catch((error: unknown) =>
    logger.error({ err: scrubError(error) }, "the outcome of a backup could not be recorded"),
  );
  return outcome;
}

async function report(
  db: DatabaseHandle["db"],
  config: Env,
  outcome: BackupOutcome,
  scheduledAt: Date | undefined,
  mailQueued: (() => void) | undefined,
) {
  await recordBackupOutcome(
    db,
    outcome.ok ? { ok: true } : { ok: false, failure: outcome.failure },
    scheduledAt,
  );
  // The owner who pressed "Jetzt sichern" reads the answer on the page; a schedule has no one watching.
  if (!outcome.ok && scheduledAt) {
    const { settings } = await readSiteSettings(db);
    await enqueueMail(db, backupFailedMail(settings, config.PUBLIC_URL, outcome.failure, scheduledAt));
    mailQueued?.();
  }
}
