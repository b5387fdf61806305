import { hash, verify } from "@node-rs/argon2";
import { messageOf } from "~/platform/errors";
import { logger } from "~/platform/logger.server";

// @node-rs/argon2 defaults to argon2id (algorithm 2); parameters are OWASP's 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch (error) {
    // A malformed hash, or argon2 failing (for example to allocate its memory): logged, so that
    // a refused sign-in with the right password can be told apart from a wrong password.
    logger.warn({ reason: messageOf(error) }, "password check failed");
    return false;
  }
}
