import { z } from "zod";
import { SECURITY_MESSAGES } from "~/features/auth/security-messages";
import { SINGLE_LINE, SINGLE_LINE_MESSAGE } from "~/platform/forms/schemas";

/** A passkey's name, as the Profil form and the passkey route accept it. */
export const PasskeyNameSchema = z
  .string()
  .trim()
  .min(1, SECURITY_MESSAGES.passkeyNameRequired)
  .max(60, SECURITY_MESSAGES.passkeyNameTooLong)
  .regex(SINGLE_LINE, SINGLE_LINE_MESSAGE);
