/** A form sent back with messages next to its fields. */
export const CHECK_MARKED_FIELDS = "Bitte prüfe die markierten Felder.";

/** A form sent with an `intent` (button) the action does not know: a forged or stale form. */
export const UNKNOWN_INTENT = "Unbekannte Aktion.";

/** Answers of the spam defence and the request checks, shared by both forms. */
export const FORM_GUARD_MESSAGES = {
  tooFast: "Das ging sehr schnell. Bitte prüfe deine Angaben und sende das Formular noch einmal ab.",
  expired: "Das Formular ist abgelaufen. Bitte lade die Seite neu und versuche es noch einmal.",
  rateLimited: (minutes: number) =>
    `Zu viele Anfragen in kurzer Zeit. Bitte versuche es in ${minutes} ${minutes === 1 ? "Minute" : "Minuten"} erneut.`,
  unavailable: "Der Dienst ist gerade nicht erreichbar. Bitte versuche es später erneut.",
  tooLarge: "Die Anfrage ist zu groß. Bitte kürze deine Nachricht.",
  tooManyFields: "Die Anfrage enthält zu viele Felder und wurde abgelehnt.",
  tooSlow: "Die Anfrage kam zu langsam an. Bitte versuche es noch einmal.",
  forbidden: "Diese Anfrage wurde aus Sicherheitsgründen abgelehnt.",
} as const;
