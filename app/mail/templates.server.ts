import { site } from "~/content/site";
import type { OutgoingMail } from "./outbox.server";

/** The texts of every mail the site sends. Plain text: readable everywhere, nothing to track. */

export function contactNotification(input: {
  name: string;
  email: string;
  subject: string;
  message: string;
}): OutgoingMail {
  return {
    to: site.contact.email,
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
      "–",
      "Antworte direkt auf diese E-Mail, um dem Absender zu schreiben. Alle Anfragen findest du auch im Admin-Bereich unter „Kontaktanfragen“.",
    ].join("\n"),
  };
}

/**
 * Double opt-in confirmation (no advertising: only what the recipient needs to decide).
 * The unsubscribe link and List-Unsubscribe headers let them say no with one click.
 */
export function newsletterConfirmation(input: {
  to: string;
  name: string | null;
  confirmUrl: string;
  unsubscribeUrl: string;
}): OutgoingMail {
  const greeting = input.name ? `Hallo ${input.name},` : "Hallo,";
  return {
    to: input.to,
    subject: "Bitte bestätige deine Newsletter-Anmeldung",
    headers: {
      "List-Unsubscribe": `<${input.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    text: [
      greeting,
      "",
      `du hast dich (oder jemand mit deiner E-Mail-Adresse hat dich) für den Newsletter von ${site.owner.name} angemeldet.`,
      "Bitte bestätige die Anmeldung über diesen Link (er ist 24 Stunden gültig):",
      "",
      input.confirmUrl,
      "",
      "Wenn du dich nicht angemeldet hast, ignoriere diese E-Mail einfach: Ohne Bestätigung erhältst du keinen Newsletter, und die Anmeldung wird gelöscht.",
      "",
      `Abmelden: ${input.unsubscribeUrl}`,
      "",
      "–",
      site.owner.name,
      `${site.contact.address.street}, ${site.contact.address.postalCode} ${site.contact.address.city}`,
      site.contact.email,
    ].join("\n"),
  };
}
