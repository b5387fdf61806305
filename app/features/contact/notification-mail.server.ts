import { mailFooter, notificationAddress, type SiteSettings } from "~/features/settings/index.server";
import type { OutgoingMail } from "~/platform/mail/outbox.server";

/** The owner's notice of a new contact request; a reply goes to the visitor. */
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
