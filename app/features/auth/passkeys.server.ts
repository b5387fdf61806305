import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { z } from "zod";
import type { Db } from "~/platform/db/engines.server";
import {
  findPasskey,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
  storeChallenge,
  takeChallenge,
  type ChallengePurpose,
} from "~/features/auth/sign-in-factors.server";
import { env } from "~/platform/env.server";

/**
 * Passkeys (WebAuthn) through SimpleWebAuthn. The relying party is the site's
 * PUBLIC_URL: its host name is the RP ID and its origin the only one accepted. Every challenge
 * is stored for five minutes and used once; the browser signs it, so no cookie carries it.
 * Every ceremony requires user verification (fingerprint, face, device PIN): a passkey
 * is a second factor only if it proves who holds the device, not just that someone touched it.
 */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;

function relyingParty() {
  const url = new URL(env().PUBLIC_URL);
  return { rpID: url.hostname, origin: url.origin, rpName: url.host };
}

/** A browser's answer as posted by the admin pages: a JSON string, checked for its shape only. */
const CredentialJson = z
  .string()
  .max(20_000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "not JSON" });
      return z.NEVER;
    }
  })
  .pipe(
    z.looseObject({
      id: z.string().min(1).max(1024),
      rawId: z.string().min(1).max(1024),
      type: z.literal("public-key"),
      response: z.looseObject({ clientDataJSON: z.string().max(10_000) }),
      clientExtensionResults: z.looseObject({}).optional().default({}),
    }),
  );

/**
 * The browser's answer of a ceremony, if it has the shape SimpleWebAuthn expects; the library
 * checks everything else (and refuses a sign-in answer offered as a registration, or back).
 */
export function parseCredential<T extends AuthenticationResponseJSON | RegistrationResponseJSON>(
  value: FormDataEntryValue | null,
): T | undefined {
  const parsed = CredentialJson.safeParse(typeof value === "string" ? value : "");
  return parsed.success ? (parsed.data as unknown as T) : undefined;
}

async function remember(db: Db, challenge: string, purpose: ChallengePurpose, userId?: string) {
  await storeChallenge(db, { id: challenge, purpose, userId, ttlMs: CHALLENGE_TTL_MS });
}

/** Options for a sign-in with any passkey of this site (discoverable credentials, autofill). */
export async function signInOptions(db: Db) {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    userVerification: "required",
  });
  await remember(db, options.challenge, "passkey-sign-in");
  return options;
}

/** Options to confirm the signed-in admin with one of their passkeys. */
export async function confirmOptions(db: Db, userId: string) {
  const keys = await listPasskeys(db, userId);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    userVerification: "required",
    allowCredentials: keys.map((key) => ({ id: key.id, transports: key.transports })),
  });
  await remember(db, options.challenge, "passkey-confirm", userId);
  return options;
}

/**
 * Verifies a passkey assertion. For a confirmation, `userId` is the signed-in admin, whose
 * passkey it must be. Returns the admin's ID, or undefined for anything that does not verify.
 */
export async function verifyPasskeyAssertion(
  db: Db,
  response: AuthenticationResponseJSON,
  purpose: "passkey-sign-in" | "passkey-confirm",
  userId?: string,
): Promise<string | undefined> {
  const passkey = await findPasskey(db, response.id);
  if (!passkey || (userId && passkey.user_id !== userId)) return undefined;
  const { rpID, origin } = relyingParty();
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: async (challenge) => {
        const taken = await takeChallenge(db, challenge, purpose);
        return Boolean(taken) && (purpose === "passkey-sign-in" || taken!.userId === userId);
      },
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.id,
        publicKey: Buffer.from(passkey.public_key, "base64url"),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
    if (!result.verified) return undefined;
    await recordPasskeyUse(db, passkey.id, result.authenticationInfo.newCounter);
    return passkey.user_id;
  } catch {
    // A forged, replayed or malformed answer: the library throws with the reason.
    return undefined;
  }
}

/** Options to register a new passkey for the signed-in admin (none of theirs twice). */
export async function registrationOptions(db: Db, admin: { id: string; email: string; name: string }) {
  const keys = await listPasskeys(db, admin.id);
  const options = await generateRegistrationOptions({
    rpName: relyingParty().rpName,
    rpID: relyingParty().rpID,
    userName: admin.email,
    userDisplayName: admin.name || admin.email,
    userID: new TextEncoder().encode(admin.id),
    attestationType: "none",
    excludeCredentials: keys.map((key) => ({ id: key.id, transports: key.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await remember(db, options.challenge, "passkey-register", admin.id);
  return options;
}

/** Verifies and stores a new passkey; false when the browser's answer does not verify. */
export async function registerPasskey(
  db: Db,
  userId: string,
  response: RegistrationResponseJSON,
  name: string,
): Promise<boolean> {
  const { rpID, origin } = relyingParty();
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: async (challenge) =>
        (await takeChallenge(db, challenge, "passkey-register"))?.userId === userId,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
    if (!result.verified) return false;
    const { credential } = result.registrationInfo;
    if (await findPasskey(db, credential.id)) return false;
    await insertPasskey(db, {
      id: credential.id,
      userId,
      name,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? [],
    });
    return true;
  } catch {
    return false;
  }
}
