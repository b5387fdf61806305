/** Auskunft und Löschung (Art. 15, 17, 20 DSGVO): the view's texts, for pages and tests. */
/** Where the view lives; its exports are `${PRIVACY_PATH}/export.json` and `.html`. */
export const PRIVACY_PATH = "/admin/datenschutz";

export const PRIVACY_MESSAGES = {
  heading: "Auskunft und Löschung",
  intro:
    "Gib die E-Mail-Adresse einer Person ein, um alles zu sehen, was zu ihr gespeichert ist: Kontaktanfragen, Newsletter-Abonnement mit Einwilligungsnachweis, E-Mails im Postausgang und Sperrvermerke. Du kannst es exportieren (Art. 15 und 20 DSGVO) oder alles löschen (Art. 17 DSGVO).",
  emailLabel: "E-Mail-Adresse",
  emailMissing: "Bitte gib eine E-Mail-Adresse ein.",
  emailInvalid: "Bitte gib eine gültige E-Mail-Adresse ein.",
  emailTooLong: "Die E-Mail-Adresse darf höchstens 254 Zeichen lang sein.",
  search: "Suchen",
  searching: "Wird gesucht …",
  nothingStored: "Zu dieser Adresse ist nichts gespeichert.",
  lookupError: "Die Daten konnten nicht gelesen werden. Bitte versuche es später erneut.",
  exportJson: "Als JSON exportieren",
  exportHtml: "Als Seite exportieren",
  exportStarted: "Der Export wird heruntergeladen.",
  eraseAll: "Alles löschen",
  erasing: "Wird gelöscht …",
  eraseTitle: "Alle Daten dieser Adresse löschen",
  eraseConfirm: (email: string, counts: PrivacyCounts, block: boolean) =>
    `Zu ${email} werden ${describeCounts(counts)} endgültig gelöscht. ${
      block
        ? "Ein Sperrvermerk ohne die Adresse bleibt, damit sie nicht erneut angeschrieben wird."
        : "Es bleibt auch kein Sperrvermerk: Die Adresse könnte sich erneut zum Newsletter anmelden."
    } Dies kann nicht rückgängig gemacht werden.`,
  block: "nicht erneut anschreiben",
  blockHint:
    "Behält einen Sperrvermerk (nur ein Schlüssel-Hash der Adresse, kein Klartext), der eine erneute Newsletter-Anmeldung durch Dritte verhindert.",
  erased: "Alle Daten zu dieser Adresse wurden gelöscht.",
  eraseError: "Die Daten konnten nicht gelöscht werden. Es wurde nichts geändert.",
  eraseFilesError:
    "Die Daten in der Datenbank wurden gelöscht, aber nicht alle E-Mail-Dateien im lokalen Mail-Ordner (DATA_DIR/mail). Welche es sind, steht im Server-Log; bitte lösche sie dort von Hand.",
  exportError: "Der Export konnte nicht erstellt werden.",
  auditHeading: "Protokoll",
  auditIntro: "Die letzten 50 Exporte und Löschungen, mit Datum und Umfang, ohne die Adresse.",
  auditEmpty: "Noch keine Exporte oder Löschungen.",
  cancel: "Abbrechen",
} as const;

/** How many records of each kind an address has (the audit log stores exactly these numbers). */
export type PrivacyCounts = {
  contacts: number;
  subscriptions: number;
  mails: number;
  records: number;
  bookings: number;
};

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 Kontaktanfragen, 1 Newsletter-Abonnement, 3 E-Mails, 1 Nachweis, 1 Termin". */
export function describeCounts(counts: Partial<Record<string, number>>): string {
  return [
    counted(counts.contacts ?? 0, "Kontaktanfrage", "Kontaktanfragen"),
    counted(counts.subscriptions ?? 0, "Newsletter-Abonnement", "Newsletter-Abonnements"),
    counted(counts.mails ?? 0, "E-Mail", "E-Mails"),
    counted(counts.records ?? 0, "Nachweis", "Nachweise"),
    // Audit entries made before Termine existed have no count of them: none.
    counted(counts.bookings ?? 0, "Termin", "Termine"),
  ].join(", ");
}

export const totalOf = (counts: PrivacyCounts) =>
  counts.contacts + counts.subscriptions + counts.mails + counts.records + counts.bookings;
