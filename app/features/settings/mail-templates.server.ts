import { companyLine } from "~/features/settings/legal/types";
import type { SiteSettings } from "~/features/settings/schemas.server";
import { notificationAddress } from "~/features/settings/site-settings.server";
import type { OutgoingMail } from "~/platform/mail/outbox.server";

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

// ── Sign-in security: to the admin's sign-in address, never with a code or secret ──

/** A change of how the owner signs in, as the mail names it. */
export type SignInChange =
  | { kind: "passkey-added"; name: string }
  | { kind: "passkey-removed"; name: string }
  | { kind: "totp-on" }
  | { kind: "totp-off" }
  | { kind: "recovery-codes" }
  | { kind: "second-factor-only"; on: boolean }
  | { kind: "password-changed" }
  | { kind: "password-reset"; also: string[] };

function describeChange(change: SignInChange): { subject: string; what: string } {
  switch (change.kind) {
    case "passkey-added":
      return {
        subject: "Neuer Passkey für dein Admin-Konto",
        what: `Ein neuer Passkey („${change.name}“) wurde hinzugefügt. Mit ihm kann man sich ohne Passwort anmelden.`,
      };
    case "passkey-removed":
      return {
        subject: "Passkey aus deinem Admin-Konto entfernt",
        what: `Der Passkey „${change.name}“ wurde entfernt.`,
      };
    case "totp-on":
      return {
        subject: "Zweiter Faktor für dein Admin-Konto eingeschaltet",
        what: "Der zweite Faktor (Authenticator-App) wurde eingeschaltet, und es wurden Wiederherstellungscodes erzeugt.",
      };
    case "totp-off":
      return {
        subject: "Zweiter Faktor für dein Admin-Konto ausgeschaltet",
        what: "Der zweite Faktor (Authenticator-App) wurde ausgeschaltet. Seine Wiederherstellungscodes gelten nicht mehr.",
      };
    case "recovery-codes":
      return {
        subject: "Neue Wiederherstellungscodes für dein Admin-Konto",
        what: "Es wurden neue Wiederherstellungscodes erzeugt. Die bisherigen gelten nicht mehr.",
      };
    case "second-factor-only":
      return change.on
        ? {
            subject: "Anmeldung nur noch mit Passkey oder zweitem Faktor",
            what: "„Anmeldung nur mit Passkey oder zweitem Faktor“ wurde eingeschaltet: Das Passwort allein genügt nicht mehr.",
          }
        : {
            subject: "Anmeldung wieder mit Passwort allein möglich",
            what: "„Anmeldung nur mit Passkey oder zweitem Faktor“ wurde ausgeschaltet: Das Passwort allein genügt wieder zur Anmeldung.",
          };
    case "password-changed":
      return {
        subject: "Das Passwort deines Admin-Kontos wurde geändert",
        what: "Dein Passwort wurde geändert. Alle anderen Sitzungen wurden dabei abgemeldet.",
      };
    case "password-reset":
      return {
        subject: "Das Passwort deines Admin-Kontos wurde zurückgesetzt",
        what: [
          "Dein Passwort wurde auf dem Server mit npm run admin -- reset-password zurückgesetzt. Alle Sitzungen wurden abgemeldet.",
          ...change.also,
        ].join(" "),
      };
  }
}

const IF_NOT_YOU = (adminUrl: string) =>
  `Warst du es nicht, hat jemand anderes Zugang zu deinem Konto. Melde dich sofort unter ${adminUrl} an, ändere dein Passwort und prüfe unter Profil → „Anmeldung und Sicherheit“ deine Passkeys, den zweiten Faktor und die aktiven Sitzungen (melde alle anderen ab). Kommst du nicht mehr hinein, setze das Passwort auf dem Server mit npm run admin -- reset-password zurück.`;

/** Tells the owner that a way to sign in changed: what, when, from which device. */
export function signInChangeMail(input: {
  to: string;
  change: SignInChange;
  /** "12.05.2026, 14:32" (Europe/Berlin). */
  at: string;
  /** "Chrome auf macOS", as in the session list. */
  device: string;
  publicUrl: string;
}): OutgoingMail {
  const { subject, what } = describeChange(input.change);
  return {
    to: input.to,
    subject: `Sicherheitshinweis: ${subject}`,
    text: [
      "Hallo,",
      "",
      `an der Anmeldung zu deinem Admin-Konto auf ${new URL(input.publicUrl).host} wurde gerade etwas geändert:`,
      "",
      what,
      "",
      `Wann:  ${input.at} Uhr`,
      `Gerät: ${input.device}`,
      "",
      "Warst du das, ist alles in Ordnung, und du musst nichts tun.",
      "",
      IF_NOT_YOU(`${input.publicUrl}/admin`),
    ].join("\n"),
  };
}

/**
 * Tells the owner that the second step was paused after many wrong codes: at sign-in, whoever
 * typed them knew the password; in a session, someone uses a signed-in browser.
 */
export function wrongCodesMail(input: {
  to: string;
  where: "sign-in" | "session";
  failures: number;
  at: string;
  device: string;
  pausedUntil: string;
  publicUrl: string;
}): OutgoingMail {
  const adminUrl = `${input.publicUrl}/admin`;
  return {
    to: input.to,
    subject: "Sicherheitshinweis: falsche Codes für dein Admin-Konto",
    text: [
      "Hallo,",
      "",
      `für dein Admin-Konto auf ${new URL(input.publicUrl).host} wurden in kurzer Zeit ${input.failures} falsche Codes eingegeben (Codes aus der Authenticator-App oder Wiederherstellungscodes).`,
      input.where === "sign-in"
        ? "Das geschah bei der Anmeldung, nach dem richtigen Passwort: Wer das versucht hat, kennt dein Passwort."
        : "Das geschah in einer angemeldeten Sitzung, beim Bestätigen der Identität oder beim Ändern des Passworts.",
      "",
      `Zuletzt: ${input.at} Uhr`,
      `Gerät:   ${input.device}`,
      "",
      `Bis ${input.pausedUntil} Uhr nimmt dein Konto deshalb keine Codes an. Mit einem Passkey kannst du dich weiterhin anmelden.`,
      "",
      "Warst du das selbst, musst du nichts tun: Nach der Pause gilt wieder der richtige Code.",
      "",
      input.where === "sign-in"
        ? `Warst du es nicht, ändere bitte bald dein Passwort (unter ${adminUrl}, Profil → „Passwort ändern“) und prüfe die aktiven Sitzungen. Kommst du nicht hinein, setze das Passwort auf dem Server mit npm run admin -- reset-password zurück; das hebt auch die Pause auf.`
        : `Warst du es nicht, melde unter ${adminUrl}, Profil → „Anmeldung und Sicherheit“, alle anderen Sitzungen ab und ändere dein Passwort. Kommst du nicht hinein, setze das Passwort auf dem Server mit npm run admin -- reset-password zurück; das hebt auch die Pause auf.`,
    ].join("\n"),
  };
}
