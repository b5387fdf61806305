/**
 * Messages people see on the public site (spec §8), in one place: pages and tests import these
 * constants, so the wording is changed here only.
 */
export const PUBLIC_MESSAGES = {
  projectsFallback: "Failed to load projects. Using fallback data.",
  projectFallback: "Failed to load project. Using fallback data.",
  projectNotFound: "Project not found",
  projectsLoading: "Projekte werden geladen …",
} as const;

/** Contact form (spec §4, §5, §8). */
export const CONTACT_MESSAGES = {
  submitting: "Wird gesendet...",
  success: "Nachricht gesendet!",
  successDescription: "Vielen Dank für Deine Nachricht. Ich werde mich so bald wie möglich bei Dir melden.",
  failure: "Nachricht konnte nicht gesendet werden",
  failureDescription: "Bitte versuche es später erneut.",
} as const;

/** Newsletter (spec §4, §5, §8). */
export const NEWSLETTER_MESSAGES = {
  submittingSimple: "Wird angemeldet...",
  submittingOptIn: "Wird versendet...",
  successSimple: "Erfolgreich angemeldet!",
  successSimpleDescription:
    "Danke für dein Interesse! Bitte bestätige noch kurz deine Anmeldung über den Link in der E-Mail, die ich dir gerade geschickt habe.",
  successOptIn: "Bestätigungs-E-Mail versendet!",
  successOptInDescription:
    "Bitte schau in dein Postfach und bestätige deine Anmeldung über den Link in der E-Mail.",
  duplicate: "Diese E-Mail ist bereits angemeldet.",
  duplicateDescription: "Bitte verwende eine andere E-Mail-Adresse.",
  failure: "Anmeldung fehlgeschlagen",
  failureDescription: "Bitte versuche es später erneut.",
  noConsent: "Bitte stimme der DSGVO zu",
  noConsentDescription: "Du musst der Datenschutzerklärung zustimmen, um den Newsletter zu abonnieren.",
} as const;

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

/**
 * The cookie banner's text. The specification fixes only its title and buttons; the text says
 * plainly that there is nothing to choose, because the site stores nothing beyond what it needs.
 */
export const COOKIE_BANNER_TEXT =
  "Diese Website verwendet nur technisch notwendige Cookies und lokale Speicherung – kein Tracking, keine Werbung. Darum gibt es nichts auszuwählen: „Akzeptieren“ blendet diesen Hinweis nur aus, genau wie das Kreuz.";
