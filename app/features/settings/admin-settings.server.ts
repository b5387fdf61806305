import { setTimeout as sleep } from "node:timers/promises";
import { data } from "react-router";
import { ADMIN_MESSAGES } from "~/features/admin";
import { BUNDESLAENDER } from "~/features/settings/supervisory-authorities";
import { META_KEYS, readMeta, writeMeta } from "~/platform/db/app-meta.server";
import type { Db } from "~/platform/db/engines.server";
import { env } from "~/platform/env.server";
import { goLiveChecklist, smtpFingerprint } from "~/features/settings/go-live.server";
import { demoContent, removalPlan, removeDemoContent } from "~/features/settings/demo-content.server";
import { DEMO_MESSAGES } from "~/features/settings/messages";
import { redirectWithFlash } from "~/platform/http/flash.server";
import { logger } from "~/platform/logger.server";
import { requireAdmin } from "~/features/auth/index.server";
import { SETTINGS_LIMITS, SETTINGS_SECTIONS, type SettingsSection } from "~/features/settings/schemas.server";
import {
  notificationAddress,
  readSiteSettings,
  saveSiteSettings,
  sectionValues,
  supervisoryAuthority,
} from "~/features/settings/site-settings.server";
import { enqueueMail, mailState } from "~/platform/mail/outbox.server";
import { testMail } from "~/features/settings/mail-templates.server";
import { databaseContext, mailQueuedContext, type RequestContext } from "~/platform/http/request-context";
import { UNKNOWN_INTENT } from "~/platform/forms/messages";

/** The server half of /admin/einstellungen: the settings, the checklist, the test mail. */

export type SettingsActionResult = {
  /** The section whose form was sent ("test-mail" answers for the E-Mail section). */
  section: SettingsSection | "test-mail" | "demo";
  ok: boolean;
  message: string;
  errors?: Partial<Record<string, string>>;
  /** What was sent, shown again in the form after a refusal (never anything secret). */
  values?: Record<string, string>;
};

/** How long the test mail's answer waits for the mail worker to report back. */
const TEST_MAIL_WAIT_MS = 15_000;

export async function loadSettingsPage(request: Request, context: RequestContext) {
  await requireAdmin(request, context);
  const config = env();
  const db = await context.get(databaseContext);
  // Read afresh, not through the pages' cache: the owner sees exactly what is stored.
  const snapshot = await readSiteSettings(db);
  const { settings } = snapshot;
  const [checklist, meta, demo] = await Promise.all([
    goLiveChecklist(db, settings, config),
    readMeta(db, [META_KEYS.lastBackup]),
    demoContent(db),
  ]);
  const authority = supervisoryAuthority({
    ...settings,
    privacy: { ...settings.privacy, authorityName: "" },
  });
  return {
    settings,
    limits: SETTINGS_LIMITS,
    checklist,
    /** What "Demo-Inhalte entfernen" would do, line by line; empty: nothing left. */
    demoRemoval: removalPlan(demo),
    bundeslaender: BUNDESLAENDER,
    derivedAuthority: authority ? `${authority.name}, ${authority.address}` : null,
    legalDate: snapshot.legalDate.toISOString(),
    server: {
      publicUrl: config.PUBLIC_URL,
      https: config.isHttps,
      smtp: config.SMTP_URL ? new URL(config.SMTP_URL).host : null,
      mailFrom: config.MAIL_FROM ?? null,
      backupCron: config.BACKUP_CRON ?? null,
      lastBackup: meta.get(META_KEYS.lastBackup) ?? null,
    },
  };
}

export async function settingsAction(request: Request, context: RequestContext) {
  await requireAdmin(request, context);
  const form = await request.formData().catch(() => undefined);
  const intent = form?.get("intent");
  if (!form || typeof intent !== "string") {
    return data<SettingsActionResult>(
      { section: "owner", ok: false, message: ADMIN_MESSAGES.unreadableRequest },
      { status: 400 },
    );
  }
  if (intent === "test-mail")
    return sendTestMail(await context.get(databaseContext), context.get(mailQueuedContext));
  if (intent === "remove-demo") return removeDemo(await context.get(databaseContext));
  if (!(SETTINGS_SECTIONS as string[]).includes(intent)) {
    return data<SettingsActionResult>(
      { section: "owner", ok: false, message: UNKNOWN_INTENT },
      { status: 400 },
    );
  }
  const section = intent as SettingsSection;
  const values = sectionValues(section, form);
  try {
    const result = await saveSiteSettings(await context.get(databaseContext), section, values);
    if (!result.ok) {
      return data<SettingsActionResult>(
        { section, ok: false, message: ADMIN_MESSAGES.formInvalid, errors: result.errors, values },
        { status: 400 },
      );
    }
    return data<SettingsActionResult>({ section, ok: true, message: ADMIN_MESSAGES.settingsSaved });
  } catch (error) {
    logger.error({ err: error }, "settings could not be saved");
    return data<SettingsActionResult>(
      {
        section,
        ok: false,
        message: "Die Einstellungen konnten nicht gespeichert werden. Bitte versuche es später erneut.",
        values,
      },
      { status: 503 },
    );
  }
}

/**
 * "Demo-Inhalte entfernen", after the owner confirmed what goes: everything in one transaction,
 * then back to the settings with a toast. The page cache follows as after every admin change
 * (the admin layout raises the public pages' version around each POST).
 */
async function removeDemo(db: Db) {
  const refuse = (status: number, message: string) =>
    data<SettingsActionResult>({ section: "demo", ok: false, message }, { status });
  try {
    if (removalPlan(await demoContent(db)).length === 0) return refuse(400, DEMO_MESSAGES.nothingLeft);
    await removeDemoContent(db);
  } catch (error) {
    logger.error({ err: error }, "demo content could not be removed");
    return refuse(503, DEMO_MESSAGES.failed);
  }
  return redirectWithFlash("/admin/einstellungen", { type: "success", title: DEMO_MESSAGES.removed });
}

/**
 * Queues a test mail to the notification address through the outbox, as every mail goes, and
 * waits (a while) for the mail worker's verdict, so the page can say whether the SMTP server
 * accepted it.
 */
async function sendTestMail(db: Db, mailQueued: () => void) {
  const config = env();
  const { settings } = await readSiteSettings(db);
  const to = notificationAddress(settings);
  const id = await enqueueMail(db, testMail(settings, config.PUBLIC_URL));
  mailQueued();
  const deadline = Date.now() + TEST_MAIL_WAIT_MS;
  let outcome = await mailState(db, id);
  while (outcome.state === "waiting" && Date.now() < deadline) {
    await sleep(200);
    outcome = await mailState(db, id);
  }

  // A report about the mail server, whatever it says: the request itself succeeded.
  const answer = (ok: boolean, message: string): SettingsActionResult => ({
    section: "test-mail",
    ok,
    message,
  });
  if (outcome.state === "failed") {
    return answer(
      false,
      `Der SMTP-Server hat die Testmail nicht angenommen (${outcome.error}). Bitte SMTP_URL prüfen; die Mail wird später noch einmal versucht.`,
    );
  }
  if (outcome.state === "waiting") {
    return answer(
      false,
      "Die Testmail wartet noch im Postausgang (vielleicht ist das stündliche Versandlimit erreicht). Sie wird verschickt, sobald es geht.",
    );
  }
  if (!config.SMTP_URL) {
    return answer(
      true,
      `SMTP_URL ist nicht gesetzt: Die Testmail an ${to} wurde nicht verschickt, sondern im lokalen Mail-Ordner abgelegt (DATA_DIR/mail). Für echten Versand SMTP_URL setzen und den Server neu starten.`,
    );
  }
  await writeMeta(db, META_KEYS.smtpTested, smtpFingerprint(config.SMTP_URL));
  return answer(true, `Der SMTP-Server hat die Testmail an ${to} angenommen.`);
}
