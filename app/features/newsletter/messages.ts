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
