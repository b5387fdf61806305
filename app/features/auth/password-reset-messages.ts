/** "Passwort vergessen?": the texts of its two pages, addressed to the owner with "du". */
export const RESET_MESSAGES = {
  link: "Passwort vergessen?",
  requestHeading: "Passwort vergessen?",
  requestIntro:
    "Gib die E-Mail-Adresse deines Admin-Kontos ein. Du bekommst dann einen Link, mit dem du ein neues Passwort setzt. Er gilt 30 Minuten und nur einmal.",
  emailLabel: "E-Mail",
  emailInvalid: "Bitte gib eine gültige E-Mail-Adresse ein.",
  send: "Link senden",
  sending: "Wird gesendet …",
  sentHeading: "Schau in dein Postfach",
  sent: "Wenn es zu dieser Adresse ein Admin-Konto gibt, ist der Link jetzt unterwegs. Er gilt 30 Minuten und nur einmal. Kommt keine Mail, prüfe den Spam-Ordner und die Adresse.",
  sentToMailDrop:
    "SMTP_URL ist nicht gesetzt: Die Mail wurde nicht verschickt, sondern auf dem Server im lokalen Mail-Ordner abgelegt (DATA_DIR/mail, eine .eml-Datei je Mail).",
  backToSignIn: "Zurück zur Anmeldung",
  resetHeading: "Neues Passwort setzen",
  resetIntro:
    "Wähle ein neues Passwort für dein Admin-Konto. Danach bist du angemeldet, alle anderen Sitzungen werden abgemeldet.",
  codeIntro:
    "Für dein Konto ist ein zweiter Faktor eingerichtet. Gib zuerst den 6-stelligen Code aus deiner Authenticator-App oder einen deiner Wiederherstellungscodes ein, dann setzt du das neue Passwort.",
  passwordLabel: "Neues Passwort (mindestens 10 Zeichen)",
  confirmLabel: "Neues Passwort wiederholen",
  passwordsDoNotMatch: "Die Passwörter stimmen nicht überein.",
  save: "Passwort speichern",
  saving: "Wird gespeichert …",
  saved: "Neues Passwort gespeichert. Du bist angemeldet.",
  invalidHeading: "Link ungültig oder abgelaufen",
  invalid:
    "Dieser Link funktioniert nicht (mehr): Er gilt 30 Minuten und nur einmal, und ein neuer Link ersetzt die früheren. Fordere bitte einen neuen an.",
  requestAgain: "Neuen Link anfordern",
  passkeyOnlyHeading: "Anmeldung nur mit Passkey",
  passkeyOnly:
    "Für dein Konto ist die Anmeldung nur mit Passkey erlaubt, deshalb lässt sich das Passwort nicht per E-Mail zurücksetzen. Melde dich mit deinem Passkey an und ändere das Passwort unter Profil. Hast du keinen Passkey mehr, setze das Passwort auf dem Server mit npm run admin -- reset-password zurück.",
  codeFirst:
    "Bitte gib zuerst einen Code aus deiner Authenticator-App oder einen Wiederherstellungscode ein.",
} as const;
