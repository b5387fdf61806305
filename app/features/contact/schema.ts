import * as z from "zod/mini";
import { emailField, LIMITS, requiredText } from "~/platform/forms/schemas";

/** The contact form (spec §4, §5): the action's authority and the browser's check before sending. */
export const ContactSchema = z.object({
  name: requiredText(LIMITS.name, {
    missing: "Bitte gib deinen Namen ein.",
    tooLong: "Dein Name darf höchstens 100 Zeichen lang sein.",
  }),
  email: emailField,
  subject: requiredText(LIMITS.subject, {
    missing: "Bitte gib einen Betreff ein.",
    tooLong: "Der Betreff darf höchstens 150 Zeichen lang sein.",
  }),
  message: requiredText(
    LIMITS.message,
    {
      missing: "Bitte gib eine Nachricht ein.",
      tooLong: "Die Nachricht darf höchstens 4000 Zeichen lang sein.",
    },
    { multiLine: true },
  ),
});
export type ContactInput = z.infer<typeof ContactSchema>;
