/** Contact form (spec §4, §5, §8). */
export const CONTACT_MESSAGES = {
  submitting: "Wird gesendet...",
  success: "Nachricht gesendet!",
  successDescription: "Vielen Dank für Deine Nachricht. Ich werde mich so bald wie möglich bei Dir melden.",
  failure: "Nachricht konnte nicht gesendet werden",
  failureDescription: "Bitte versuche es später erneut.",
} as const;
