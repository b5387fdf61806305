import { companyLine } from "~/content/legal/types";
import type { SiteSettings } from "~/lib/settings-schemas.server";
import { notificationAddress } from "~/lib/site-settings.server";
import type { OutgoingMail } from "./outbox.server";

/** The texts of every mail the site sends. Plain text: readable everywhere, nothing to track. */

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

export function contactNotification(
  input: { name: string; email: string; subject: string; message: string },
  settings: SiteSettings,
): OutgoingMail {
  return {
    to: notificationAddress(settings),
    subject: `Neue Kontaktanfrage: ${input.subject}`,
    headers: { "Reply-To": input.email },
    text: [
      "Über das Kontaktformular der Website ist eine neue Nachricht eingegangen.",
      "",
      `Name:    ${input.name}`,
      `E-Mail:  ${input.email}`,
      `Betreff: ${input.subject}`,
      "",
      input.message,
      "",
      "Antworte direkt auf diese E-Mail, um dem Absender zu schreiben. Alle Anfragen findest du auch im Admin-Bereich unter „Kontaktanfragen“.",
      "",
      ...mailFooter(settings),
    ].join("\n"),
  };
}

/**
 * Double opt-in confirmation (no advertising: only what the recipient needs to decide). It greets
 * without the name typed into the form: anyone can sign up any address, and their text must not
 * reach its inbox. The unsubscribe link and List-Unsubscribe headers let them say no at once.
 */
export function newsletterConfirmation(
  input: { to: string; confirmUrl: string; unsubscribeUrl: string },
  settings: SiteSettings,
): OutgoingMail {
  return {
    to: input.to,
    subject: "Bitte bestätige deine Newsletter-Anmeldung",
    headers: {
      "List-Unsubscribe": `<${input.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    text: [
      "Hallo,",
      "",
      `du hast dich (oder jemand mit deiner E-Mail-Adresse hat dich) für den Newsletter von ${settings.owner.name} angemeldet.`,
      "Bitte bestätige die Anmeldung über diesen Link (er ist 24 Stunden gültig):",
      "",
      input.confirmUrl,
      "",
      "Wenn du dich nicht angemeldet hast, ignoriere diese E-Mail einfach: Ohne Bestätigung erhältst du keinen Newsletter, und die Anmeldung wird gelöscht.",
      "",
      `Abmelden: ${input.unsubscribeUrl}`,
      "",
      ...mailFooter(settings),
    ].join("\n"),
  };
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
