import { createRequire } from "node:module";
import { z } from "zod";

/**
 * Password rules for the admin account: 10 to 128 characters and not one of the 50,000 most
 * common passwords (the list Firefox Accounts uses, from the npm package fxa-common-password-list).
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

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password) || commonPasswords().has(password.toLowerCase());
}

export const PasswordSchema = z
  .string()
  .min(10, "Das Passwort muss mindestens 10 Zeichen lang sein.")
  .max(128, "Das Passwort darf höchstens 128 Zeichen lang sein.")
  .refine(
    (password) => !isCommonPassword(password),
    "Dieses Passwort ist zu verbreitet. Bitte wähle ein anderes.",
  );
