import type { OutgoingMail } from "~/platform/mail/outbox.server";

/*
 * Sign-in security mails: to the admin's sign-in address, never with a code or secret.
 * Plain text, like every mail of the site.
 */

/** A change of how the owner signs in, as the mail names it. */
export type SignInChange =
  | { kind: "passkey-added"; name: string }
  | { kind: "passkey-removed"; name: string }
  | { kind: "totp-on" }
  | { kind: "totp-off" }
  | { kind: "recovery-codes" }
  | { kind: "second-factor-only"; on: boolean }
  | { kind: "password-changed" }
  | { kind: "password-reset"; also: string[] }
  | { kind: "password-reset-link" };

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
    case "password-reset-link":
      return {
        subject: "Das Passwort deines Admin-Kontos wurde zurückgesetzt",
        what: "Dein Passwort wurde über „Passwort vergessen?“ mit dem Link aus einer E-Mail neu gesetzt. Alle anderen Sitzungen wurden dabei abgemeldet.",
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

/**
 * The one-time link of "Passwort vergessen?". Whoever did not ask for it can ignore it: without
 * the link nothing changes.
 */
export function passwordResetMail(input: {
  to: string;
  link: string;
  /** "12.05.2026, 14:32" (Europe/Berlin): until when the link works. */
  validUntil: string;
  /** Whether the reset will ask for a code of the authenticator app or a recovery code. */
  needsCode: boolean;
  publicUrl: string;
}): OutgoingMail {
  return {
    to: input.to,
    subject: "Neues Passwort für dein Admin-Konto",
    text: [
      "Hallo,",
      "",
      `für dein Admin-Konto auf ${new URL(input.publicUrl).host} wurde über „Passwort vergessen?“ ein neues Passwort angefordert. Mit diesem Link setzt du es:`,
      "",
      input.link,
      "",
      `Der Link gilt bis ${input.validUntil} Uhr (30 Minuten) und nur einmal.`,
      ...(input.needsCode
        ? [
            "Weil für dein Konto ein zweiter Faktor eingerichtet ist, brauchst du dazu außerdem einen Code aus deiner Authenticator-App oder einen Wiederherstellungscode.",
          ]
        : []),
      "",
      "Hast du das nicht angefordert, kannst du diese Mail ignorieren: Ohne den Link ändert sich nichts, dein bisheriges Passwort gilt weiter.",
    ].join("\n"),
  };
}

/** The first start's one-time setup link, to ADMIN_EMAIL (when SMTP_URL is set). */
export function setupLinkMail(input: { to: string; link: string; publicUrl: string }): OutgoingMail {
  return {
    to: input.to,
    subject: "Dein Link zum Einrichten des Admin-Kontos",
    text: [
      "Hallo,",
      "",
      `deine Website auf ${new URL(input.publicUrl).host} ist gestartet und hat noch kein Admin-Konto. Mit diesem Link legst du es an:`,
      "",
      input.link,
      "",
      "Der Link gilt eine Stunde und nur einmal. Ist er abgelaufen, erzeugt jeder Neustart des Servers einen neuen und schickt ihn wieder an diese Adresse.",
      "",
      "Hast du keine Website eingerichtet, kannst du diese Mail ignorieren.",
    ].join("\n"),
  };
}
