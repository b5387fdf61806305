import { eq, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/engines.server";
import { backupSettings } from "~/platform/db/schema";
import type { Env } from "~/platform/env.server";

/**
 * Queries of backup_settings (one row): what the owner chose under Einstellungen →
 * Datensicherung, and how the last backups went. The only module that touches the table.
 */

export const SCHEDULES = ["off", "daily", "weekly"] as const;
export type Schedule = (typeof SCHEDULES)[number];

/** The stored choices as cron patterns: at 03:00 German time (Monday for weekly). */
export const SCHEDULE_CRON: Record<Exclude<Schedule, "off">, string> = {
  daily: "0 3 * * *",
  weekly: "0 3 * * 1",
};
export const SCHEDULE_TIMEZONE = "Europe/Berlin";

export type RemoteKind = "webdav";

export type StoredBackupSettings = {
  schedule: Schedule;
  keep: number | null;
  remote: { kind: RemoteKind; url: string; user: string; secret: string } | null;
  lastScheduledAt: Date | null;
  lastScheduledOk: boolean | null;
  failedAt: Date | null;
  failure: string | null;
};

const ROW = "backup";

const NOTHING_STORED: StoredBackupSettings = {
  schedule: "off",
  keep: null,
  remote: null,
  lastScheduledAt: null,
  lastScheduledOk: null,
  failedAt: null,
  failure: null,
};

export async function readBackupSettings(db: Db): Promise<StoredBackupSettings> {
  const [row] = await db.select().from(backupSettings).where(eq(backupSettings.id, ROW));
  if (!row) return NOTHING_STORED;
  return {
    schedule: (SCHEDULES as readonly string[]).includes(row.schedule) ? (row.schedule as Schedule) : "off",
    keep: row.keep,
    remote:
      row.remote_kind === "webdav" && row.remote_url
        ? {
            kind: "webdav",
            url: row.remote_url,
            user: row.remote_user ?? "",
            secret: row.remote_secret ?? "",
          }
        : null,
    lastScheduledAt: row.last_scheduled_at,
    lastScheduledOk: row.last_scheduled_ok,
    failedAt: row.failed_at,
    failure: row.failure,
  };
}

type Changes = Partial<{
  schedule: Schedule;
  keep: number | null;
  remote_kind: RemoteKind | null;
  remote_url: string | null;
  remote_user: string | null;
  remote_secret: string | null;
  last_scheduled_at: Date;
  last_scheduled_ok: boolean;
  failed_at: Date | null;
  failure: string | null;
}>;

async function update(db: Db, changes: Changes): Promise<void> {
  await db
    .insert(backupSettings)
    .values({ id: ROW, ...changes })
    .onConflictDoUpdate({ target: backupSettings.id, set: { ...changes, updated_at: sql`now()` } });
}

/** Stores the schedule and the number kept. */
export const saveSchedule = (db: Db, schedule: Schedule, keep: number | null) =>
  update(db, { schedule, keep });

/** Stores the second place; a secret left undefined keeps the stored one. */
export const saveRemote = (
  db: Db,
  remote: { kind: RemoteKind; url: string; user: string; secret: string | undefined },
) =>
  update(db, {
    remote_kind: remote.kind,
    remote_url: remote.url,
    remote_user: remote.user,
    ...(remote.secret === undefined ? {} : { remote_secret: remote.secret }),
  });

export const removeRemote = (db: Db) =>
  update(db, { remote_kind: null, remote_url: null, remote_user: null, remote_secret: null });

/**
 * How a backup went: a failure is kept (for the admin's notice) until a backup succeeds; a
 * scheduled run also records its time and outcome (for the go-live checklist).
 */
export async function recordBackupOutcome(
  db: Db,
  outcome: { ok: true } | { ok: false; failure: string },
  scheduledAt?: Date,
): Promise<void> {
  await update(db, {
    ...(outcome.ok
      ? { failed_at: null, failure: null }
      : { failed_at: new Date(), failure: outcome.failure.slice(0, 1000) }),
    ...(scheduledAt ? { last_scheduled_at: scheduledAt, last_scheduled_ok: outcome.ok } : {}),
  });
}

/** What decides the backups: BACKUP_CRON and an explicit BACKUP_KEEP win over the stored choice. */
export type EffectiveBackup = {
  cron: string | undefined;
  /** The time zone of a stored schedule; BACKUP_CRON runs in the server's. */
  timezone: string | undefined;
  scheduleFrom: "env" | "stored" | "none";
  keep: number;
  keepFrom: "env" | "stored" | "default";
};

export function effectiveBackup(config: Env, stored: Pick<StoredBackupSettings, "schedule" | "keep">) {
  const fromEnv = config.BACKUP_CRON;
  const effective: EffectiveBackup = {
    cron: fromEnv ?? (stored.schedule === "off" ? undefined : SCHEDULE_CRON[stored.schedule]),
    timezone: fromEnv || stored.schedule === "off" ? undefined : SCHEDULE_TIMEZONE,
    scheduleFrom: fromEnv ? "env" : stored.schedule === "off" ? "none" : "stored",
    keep: config.backupKeepGiven ? config.BACKUP_KEEP : (stored.keep ?? config.BACKUP_KEEP),
    keepFrom: config.backupKeepGiven ? "env" : stored.keep === null ? "default" : "stored",
  };
  return effective;
}

/** The schedule and number kept that apply now. */
export async function readEffectiveBackup(db: Db, config: Env): Promise<EffectiveBackup> {
  return effectiveBackup(config, await readBackupSettings(db));
}

const listeners = new Set<() => void>();

/** Calls `listener` when the owner changed the schedule in this process; returns the unsubscribe. */
export function onBackupSettingsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells this process's scheduler to read the stored schedule again (others poll it). */
export function backupSettingsChanged(): void {
  for (const listener of listeners) listener();
}

/** When the last backup failed, for the admin header's notice; null after a success (or unread). */
export async function backupFailure(db: Db): Promise<string | null> {
  try {
    return (await readBackupSettings(db)).failedAt?.toISOString() ?? null;
  } catch {
    return null;
  }
}
