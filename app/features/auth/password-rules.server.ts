import { createRequire } from "node:module";
import { PASSWORD_MESSAGES as M } from "~/features/auth/password-messages";

/**
 * Password rules for the admin account (issue 25): 10 to 128 characters, and hard enough to
 * guess by zxcvbn's estimate (score 3 of 4 at least; password-strength.ts). Setup, Profil and
 * `npm run admin -- reset-password` ask `newPasswordProblem`; the server is the authority, the
 * strength meter in the admin only shows the same estimate while typing.
 */
const require = createRequire(import.meta.url);
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (!common) {
    const { Decoder } = require("incremental-encoder").default as {
      Decoder: new () => { decode(lines: string[]): string[] };
    };
    const encoded = require("fxa-common-password-list/src/encoded-passwords") as string;
    common = new Set(new Decoder().decode(encoded.split("\n")));
  }
  return common;
}

/**
 * One of the 50,000 most common passwords (the list Firefox Accounts uses). ADMIN_PASSWORD is
 * checked with this when the environment is read, which must stay synchronous and cheap.
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password) || commonPasswords().has(password.toLowerCase());
}

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
