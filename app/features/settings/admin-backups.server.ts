import path from "node:path";
import { data } from "react-router";
import { z } from "zod";
import { ADMIN_MESSAGES } from "~/features/admin";
import { archiveTime, listBackups } from "~/platform/db/backup.server";
import { DEFAULT_BACKUP_KEEP, env } from "~/platform/env.server";
import { fieldErrors } from "~/platform/forms/schemas";
import { redirectWithFlash } from "~/platform/http/flash.server";
import { databaseContext, mailQueuedContext, type RequestContext } from "~/platform/http/request-context";
import { logger, scrubError } from "~/platform/logger.server";
import { requireAdmin } from "~/features/auth/index.server";
import {
  backupSettingsChanged,
  effectiveBackup,
  readBackupSettings,
  removeRemote,
  saveRemote,
  saveSchedule,
  SCHEDULES,
} from "./backups/backup-settings.server";
import { fileSize } from "./backups/format";
import { BACKUPS_PATH } from "./backups/paths";
import { BACKUP_MESSAGES } from "./backups/messages";
import { checkRemoteUrl } from "./backups/remote-copy.server";
import { backupDir, runBackup } from "./backups/run-backup.server";

/** The server half of /admin/einstellungen/datensicherung. */

export { BACKUPS_PATH };

export type BackupsActionResult = {
  form: "schedule" | "remote" | "backup";
  message: string;
  errors?: Partial<Record<string, string>>;
  /** What was sent, shown again after a refusal (never the password). */
  values?: Record<string, string>;
};

const KEEP_MAX = 1000;

const ScheduleSchema = z.object({
  schedule: z.enum(SCHEDULES, { message: "Bitte einen der angebotenen Zeitpläne wählen." }),
  keep: z
    .string()
    .trim()
    .refine((value) => value === "" || /^\d{1,4}$/.test(value), "Bitte eine ganze Zahl angeben.")
    .transform((value) => (value === "" ? null : Number(value)))
    .refine(
      (value) => value === null || (value >= 1 && value <= KEEP_MAX),
      `Bitte eine Zahl von 1 bis ${KEEP_MAX} angeben, oder das Feld leer lassen.`,
    ),
});

const RemoteSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, "Bitte die Adresse des WebDAV-Ordners angeben.")
    .max(500, "Die Adresse ist zu lang (höchstens 500 Zeichen).")
    .transform((value, ctx) => {
      const checked = checkRemoteUrl(value);
      if ("error" in checked) {
        ctx.addIssue({ code: "custom", message: checked.error });
        return z.NEVER;
      }
      return checked.url;
    }),
  user: z
    .string()
    .trim()
    .min(1, "Bitte den Benutzernamen angeben.")
    .max(200, "Der Benutzername ist zu lang (höchstens 200 Zeichen).")
    .refine((value) => !value.includes(":"), "Der Benutzername darf keinen Doppelpunkt enthalten."),
  password: z.string().max(500, "Das Passwort ist zu lang (höchstens 500 Zeichen)."),
});

export async function loadBackupsPage(request: Request, context: RequestContext) {
  await requireAdmin(request, context);
  const config = env();
  const db = await context.get(databaseContext);
  const stored = await readBackupSettings(db);
  const effective = effectiveBackup(config, stored);
  const archives = await listBackups(backupDir(config));
  return {
    archives: archives.map((archive) => ({
      name: archive.name,
      createdAt: archive.createdAt.toISOString(),
      size: fileSize(archive.bytes),
    })),
    schedule: stored.schedule,
    keep: stored.keep,
    effective,
    env: { cron: config.BACKUP_CRON ?? null, keep: config.backupKeepGiven ? config.BACKUP_KEEP : null },
    defaultKeep: DEFAULT_BACKUP_KEEP,
    // The secret stays on the server: the form learns only that one is stored.
    remote: stored.remote
      ? { url: stored.remote.url, user: stored.remote.user, secretStored: stored.remote.secret !== "" }
      : null,
    failure: stored.failedAt ? { at: stored.failedAt.toISOString(), message: stored.failure ?? "" } : null,
    lastScheduled: stored.lastScheduledAt
      ? { at: stored.lastScheduledAt.toISOString(), ok: stored.lastScheduledOk === true }
      : null,
    backupDir: backupDir(config),
    usesPostgres: Boolean(config.DATABASE_URL),
  };
}

export async function backupsAction(request: Request, context: RequestContext) {
  await requireAdmin(request, context);
  const form = await request.formData().catch(() => undefined);
  const intent = form?.get("intent");
  const refuse = (result: BackupsActionResult, status = 400) => data(result, { status });
  if (!form || typeof intent !== "string") {
    return refuse({ form: "backup", message: BACKUP_MESSAGES.unknownIntent });
  }
  const db = await context.get(databaseContext);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };

  if (intent === "backup-now") {
    const config = env();
    const outcome = await runBackup({ db, kind: config.DATABASE_URL ? "postgres" : "pglite" }, config, {
      mailQueued: context.get(mailQueuedContext),
    });
    if (!outcome.ok) return redirectWithFlash(BACKUPS_PATH, { type: "error", title: outcome.failure });
    const size = fileSize(outcome.bytes);
    return redirectWithFlash(BACKUPS_PATH, {
      type: "success",
      title: outcome.copied ? BACKUP_MESSAGES.backupCopied(size) : BACKUP_MESSAGES.backupWritten(size),
    });
  }

  if (intent === "schedule") {
    const values = { schedule: text("schedule"), keep: text("keep") };
    const parsed = ScheduleSchema.safeParse(values);
    if (!parsed.success) {
      return refuse({
        form: "schedule",
        message: ADMIN_MESSAGES.formInvalid,
        errors: fieldErrors(parsed.error),
        values,
      });
    }
    await saveSchedule(db, parsed.data.schedule, parsed.data.keep);
    backupSettingsChanged();
    return redirectWithFlash(BACKUPS_PATH, { type: "success", title: BACKUP_MESSAGES.scheduleSaved });
  }

  if (intent === "remote") {
    const values = { url: text("url"), user: text("user"), password: text("password") };
    const parsed = RemoteSchema.safeParse(values);
    const stored = await readBackupSettings(db);
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    if (values.password === "" && !stored.remote?.secret) errors["password"] = "Bitte das Passwort angeben.";
    if (!parsed.success || Object.keys(errors).length > 0) {
      return refuse({
        form: "remote",
        message: ADMIN_MESSAGES.formInvalid,
        errors,
        values: { url: values.url, user: values.user },
      });
    }
    await saveRemote(db, {
      kind: "webdav",
      url: parsed.data.url,
      user: parsed.data.user,
      // Empty: the stored password stays ("gespeichert").
      secret: parsed.data.password === "" ? undefined : parsed.data.password,
    });
    return redirectWithFlash(BACKUPS_PATH, { type: "success", title: BACKUP_MESSAGES.remoteSaved });
  }

  if (intent === "remove-remote") {
    await removeRemote(db);
    return redirectWithFlash(BACKUPS_PATH, { type: "success", title: BACKUP_MESSAGES.remoteRemoved });
  }

  return refuse({ form: "backup", message: BACKUP_MESSAGES.unknownIntent });
}

/** The archive named `name` in the backups directory, or undefined for any other name. */
export function archivePath(name: string): string | undefined {
  if (!archiveTime(name)) return undefined;
  return path.join(backupDir(env()), name);
}

export const logDownloadFailure = (error: unknown) =>
  logger.error({ err: scrubError(error) }, "backup archive could not be read");
