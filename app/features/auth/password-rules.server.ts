import { PASSWORD_MESSAGES as M } from "~/features/auth/password-messages";

/**
 * Password rules for the admin account: 10 to 128 characters, and hard enough to
 * guess by zxcvbn's estimate (score 3 of 4 at least; password-strength.ts). Setup, Profil and
 * `npm run admin -- reset-password` ask `newPasswordProblem`; the server is the authority, the
 * strength meter in the admin only shows the same estimate while typing.
 */

/**
 * Why `password` cannot be the admin's new password, as German sentences, or undefined when it
 * can. `userInputs` (e-mail address, name) count as easy to guess. zxcvbn's dictionaries are
 * loaded on the first check, not when the server starts.
 */
export async function newPasswordProblem(
  password: string,
  userInputs: string[] = [],
): Promise<string | undefined> {
  if (password.length < 10) return M.tooShort;
  if (password.length > 128) return M.tooLong;
  const { MIN_SCORE, passwordStrength } = await import("./password-strength");
  const strength = passwordStrength(password, userInputs);
  if (strength.score >= MIN_SCORE) return undefined;
  return [M.tooWeak, ...(strength.feedback.length > 0 ? strength.feedback : [M.tooWeakHint])].join(" ");
}
