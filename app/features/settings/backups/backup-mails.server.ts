import { mailFooter } from "~/features/settings/mail-templates.server";
import type { SiteSettings } from "~/features/settings/schemas.server";
import { notificationAddress } from "~/features/settings/site-settings.server";
import type { OutgoingMail } from "~/platform/mail/outbox.server";
import { berlinTime } from "./format";

/** Tells the owner that a scheduled backup failed: what went wrong and where to look. */
export function backupFailedMail(
  settings: SiteSettings,
  publicUrl: string,
  failure: string,
  scheduledAt: Date,
): OutgoingMail {
  return {
    to: notificationAddress(settings),
    subject: "Datensicherung fehlgeschlagen",
    text: [
      "Hallo,",
      "",
      `die geplante Datensicherung deiner Website ${new URL(publicUrl).host} von ${berlinTime(scheduledAt)} Uhr ist fehlgeschlagen:`,
      "",
      failure,
      "",
      `Unter ${publicUrl}/admin/einstellungen/datensicherung siehst du die vorhandenen Sicherungen und kannst mit „Jetzt sichern“ eine neue anlegen. Der Hinweis im Admin-Bereich verschwindet nach der nächsten erfolgreichen Sicherung.`,
      "",
      ...mailFooter(settings),
    ].join("\n"),
  };
}
