import { mailFooter, type SiteSettings } from "~/features/settings/index.server";
import type { OutgoingMail } from "~/platform/mail/outbox.server";

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
