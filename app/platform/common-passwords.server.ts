import { createRequire } from "node:module";

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
