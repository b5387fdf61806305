import { zxcvbn, zxcvbnOptions, type TranslationKeys } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as germanDictionary } from "@zxcvbn-ts/language-de";
import { PASSWORD_MESSAGES as M, ZXCVBN_GERMAN } from "~/features/auth/password-messages";

/**
 * How hard a password is to guess, after zxcvbn (docs/decisions/0015-sign-in-security.md):
 * common passwords, German and English words and names, keyboard patterns, dates. The server
 * decides with it (password-rules.server.ts); the admin's strength meter imports this module
 * only with import(), so its dictionaries (about 1 MB) never reach a public page.
 */
zxcvbnOptions.setOptions({
  dictionary: { ...commonDictionary, ...germanDictionary },
  graphs: adjacencyGraphs,
  translations: ZXCVBN_GERMAN satisfies TranslationKeys,
});

/** The least zxcvbn score (0–4) a new admin password needs. */
export const MIN_SCORE = 3;

export type Strength = {
  score: 0 | 1 | 2 | 3 | 4;
  /** "sehr schwach" … "sehr gut". */
  label: string;
  /** zxcvbn's reason and advice in German, as sentences (empty when there is nothing to say). */
  feedback: string[];
};

/** `userInputs`: the owner's e-mail address and name, which a password should not be built from. */
export function passwordStrength(password: string, userInputs: string[] = []): Strength {
  const inputs = userInputs.flatMap((input) => [input, ...input.split(/[@.\s_-]+/)]).filter(Boolean);
  const result = zxcvbn(password, inputs);
  const feedback = [result.feedback.warning, ...result.feedback.suggestions].filter((text): text is string =>
    Boolean(text),
  );
  return { score: result.score, label: M.strength[result.score], feedback };
}
