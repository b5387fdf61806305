export type ConsentForm = "simple" | "optIn";

/**
 * The consent texts next to the newsletter forms, verbatim as the forms show them (the word
 * "Datenschutzerklärung" is a link there). Each distinct text is stored with its hash the first
 * time a sign-up uses it (proof of consent): changing a text here starts a new version.
 */
export const CONSENT_TEXTS: Record<ConsentForm, string> = {
  simple:
    "Mit der Anmeldung willige ich ein, den Newsletter per E-Mail zu erhalten. Du bekommst zuerst eine E-Mail mit einem Bestätigungslink; abmelden kannst du dich jederzeit mit einem Klick. Mehr dazu in der Datenschutzerklärung.",
  optIn:
    "Ich möchte den Newsletter erhalten und habe die Datenschutzerklärung gelesen. Meine Einwilligung kann ich jederzeit widerrufen.",
};

/** Where each form is, in the words of the proof of consent. */
export const CONSENT_FORM_LABELS: Record<ConsentForm, string> = {
  simple: "Newsletter-Block auf der Startseite (/): das Absenden des Formulars ist die Einwilligung",
  optIn: "Newsletter-Karte auf der Kontaktseite (/contact), mit Einwilligungs-Checkbox",
};

/** How a proof-and-block record's subscription ended, as the proof and the Auskunft say it. */
export const CONSENT_RECORD_REASON_LABELS = {
  unsubscribed: "abgemeldet",
  deleted: "vom Betreiber gelöscht",
  erased: "auf Anfrage gelöscht, mit Sperrvermerk",
} as const;
