import { companyLine } from "~/features/settings/legal/types";
import type { SiteSettings } from "~/features/settings/schemas.server";
import { notificationAddress } from "~/features/settings/site-settings.server";
import type { OutgoingMail } from "~/platform/mail/outbox.server";

/**
 * What every mail of the site shares: the owner's signature. Mails are plain text: readable
 * everywhere, nothing to track. Each feature writes its own (contact/notification-mail.server.ts,
 * newsletter/confirmation-mail.server.ts, auth/sign-in-mails.server.ts).
 */

/** The owner's signature with the Impressum data (name, company, address, contact), under every mail. */
export function mailFooter(settings: SiteSettings): string[] {
  const { owner } = settings;
  return [
    "–",
    owner.name,
    ...[companyLine(settings)].filter(Boolean),
    `${owner.street}, ${owner.postalCode} ${owner.city}${owner.country && !/^deutschland$/i.test(owner.country) ? `, ${owner.country}` : ""}`,
    ...(owner.phone ? [`Telefon: ${owner.phone}`] : []),
    `E-Mail: ${owner.email}`,
    ...(owner.vatId ? [`USt-IdNr.: ${owner.vatId}`] : []),
  ];
}

/** The owner's test of the mail set-up (Einstellungen → E-Mail). */
export function testMail(settings: SiteSettings, publicUrl: string): OutgoingMail {
  return {
    to: notificationAddress(settings),
    subject: "Testmail deiner Website",
    text: [
      "Diese Testmail hat deine Website unter Einstellungen → E-Mail verschickt.",
      "",
      `Die Mail kam über den Postausgang der Website (${publicUrl}). Wenn du sie liest, erreichen auch Kontaktanfragen und Newsletter-Bestätigungen ihr Ziel.`,
      "",
      ...mailFooter(settings),
    ].join("\n"),
  };
}
