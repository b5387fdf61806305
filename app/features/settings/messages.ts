/** The copy of "Demo-Inhalte entfernen" in Einstellungen. */
export const DEMO_MESSAGES = {
  heading: "Demo-Inhalte",
  remove: "Demo-Inhalte entfernen",
  confirmTitle: "Demo-Inhalte entfernen?",
  confirm: "Endgültig entfernen",
  cancel: "Abbrechen",
  pending: "Wird entfernt …",
  keeps:
    "Was du selbst angelegt, hochgeladen oder umgeschrieben hast, bleibt. Gelöschte Leistungsseiten kommen auch nach einem Update nicht zurück.",
  nothingLeft: "Es sind keine Demo-Inhalte mehr da, die sich entfernen lassen.",
  removed: "Demo-Inhalte entfernt",
  failed:
    "Die Demo-Inhalte konnten nicht entfernt werden; es wurde nichts geändert. Bitte versuche es später erneut.",
} as const;
