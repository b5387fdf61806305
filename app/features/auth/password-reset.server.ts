import { randomBytes } from "node:crypto";
import { findAdminByEmail, findAdminById, type AdminUser } from "~/features/auth/admin-users.server";
import {
  countChallengeAttempt,
  deleteChallengesOf,
  findChallenge,
  hasSecondFactor,
  storeChallenge,
  takeChallenge,
} from "~/features/auth/sign-in-factors.server";
import { passwordResetMail } from "~/features/auth/sign-in-mails.server";
import {
  accountHash,
  checkCodeForAccount,
  countAttempt,
  setPassword,
} from "~/features/auth/sign-in-limits.server";
import { queueSignInChangeMail } from "~/features/auth/sign-in-notices.server";
import { deleteOtherSessions } from "~/features/auth/session.server";
import type { Db } from "~/platform/db/engines.server";
import { clientKey, installationSecret, sha256Hex } from "~/platform/db/installation-secret.server";
import { hitRateLimit } from "~/platform/db/rate-limits.server";
import { env } from "~/platform/env.server";
import { formatDateTime } from "~/platform/format";
import { enqueueMail } from "~/platform/mail/outbox.server";

/**
 * "Passwort vergessen?": a one-time link to the admin's sign-in address. Its token (256 bits) is
 * kept only as SHA-256, in auth_challenges ("password-reset"), for RESET_LINK_MS, and taken in
 * the transaction that sets the new password: it works once. With TOTP on, a code (or a
 * recovery code) comes first; it swaps the mailed token for a new one ("password-reset-verified")
 * that only the browser which typed the code knows. Passkey-only accounts without TOTP cannot
 * be reset by mail (the passkey signs in; the terminal resets). The owner is mailed after each
 * reset, and every session ends.
 */
export const RESET_LINK_MS = 30 * 60 * 1000;
/** Reset mails per account in RESET_MAIL_LIMIT.windowMs; more requests are answered alike, unsent. */
export const RESET_MAIL_LIMIT = { mails: 3, windowMs: 15 * 60 * 1000 } as const;
/** Codes one reset link may try before it stops working. */
const RESET_CODE_ATTEMPTS = 5;

export const resetLinkOf = (token: string) =>
  `${env().PUBLIC_URL}/admin/passwort-zuruecksetzen?token=${token}`;

export type ResetRequestResult = { ok: true } | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * Sends the reset link when `email` is the admin's. The answer is the same for any address:
 * refused only when this client asked too often (the sign-in limits: 5 in 15 minutes), else ok,
 * whether a mail was queued or not.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  clientAddress: string,
): Promise<ResetRequestResult> {
  const client = clientKey(await installationSecret(db), clientAddress);
  const throttled = await countAttempt(db, [`reset-client:${client}`]);
  if (throttled) return throttled;
  // Counted for unknown addresses too, so an answer's time says little about the address.
  const mails = await hitRateLimit(
    db,
    `reset-mail:${accountHash(email)}`,
    RESET_MAIL_LIMIT.mails,
    RESET_MAIL_LIMIT.windowMs,
  );
  const admin = await findAdminByEmail(db, email);
  if (!admin || !mails.allowed) return { ok: true };
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    // One link at a time: a new one ends the earlier ones.
    await deleteChallengesOf(tx, admin.id, ["password-reset", "password-reset-verified"]);
    await storeChallenge(tx, {
      id: sha256Hex(token),
      purpose: "password-reset",
      userId: admin.id,
      ttlMs: RESET_LINK_MS,
    });
    await enqueueMail(
      tx,
      passwordResetMail({
        to: admin.email,
        link: resetLinkOf(token),
        validUntil: formatDateTime(new Date(Date.now() + RESET_LINK_MS)),
        needsCode: Boolean(admin.totp_secret),
        publicUrl: env().PUBLIC_URL,
      }),
    );
  });
  return { ok: true };
}

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** Where a reset link stands: what its page asks for next. */
export type ResetState =
  | { stage: "invalid" }
  /** Passkey-only without TOTP: no way to prove the second factor here. */
  | { stage: "passkey-only"; id: string }
  | { stage: "code"; id: string; admin: AdminUser }
  | { stage: "password"; id: string; admin: AdminUser; verified: boolean };

export async function resetState(db: Db, token: string | null): Promise<ResetState> {
  if (!token || !TOKEN.test(token)) return { stage: "invalid" };
  const id = sha256Hex(token);
  const verified = await findChallenge(db, id, "password-reset-verified");
  const row = verified ?? (await findChallenge(db, id, "password-reset"));
  const admin = row?.user_id ? await findAdminById(db, row.user_id) : undefined;
  if (!row || !admin) return { stage: "invalid" };
  if (verified) return { stage: "password", id, admin, verified: true };
  if (admin.totp_secret) return { stage: "code", id, admin };
  if (admin.require_second_factor) return { stage: "passkey-only", id };
  return { stage: "password", id, admin, verified: false };
}

export type ResetCodeResult =
  | { ok: true; token: string }
  | { ok: false; reason: "invalid" | "expired" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * The second factor of a reset: counted like the sign-in's second step (per client, per account
 * and client, per link, and the account's limit of wrong codes). A right code swaps the link's
 * token for a new one, for the rest of the link's time.
 */
export async function checkResetCode(
  db: Db,
  state: Extract<ResetState, { stage: "code" }>,
  code: string,
  { clientAddress, request }: { clientAddress: string; request: Request },
): Promise<ResetCodeResult> {
  const client = clientKey(await installationSecret(db), clientAddress);
  const throttled = await countAttempt(db, [
    `reset-code-client:${client}`,
    `reset-code-pair:${state.admin.id}:${client}`,
  ]);
  if (throttled) return throttled;
  if (!(await countChallengeAttempt(db, state.id, RESET_CODE_ATTEMPTS)))
    return { ok: false, reason: "expired" };
  const checked = await checkCodeForAccount(db, state.admin, code, { where: "sign-in", request });
  if (!checked.ok) return checked;
  const token = randomBytes(32).toString("base64url");
  const swapped = await db.transaction(async (tx) => {
    const row = await findChallenge(tx, state.id, "password-reset");
    if (!row || !(await takeChallenge(tx, state.id, "password-reset"))) return false;
    await storeChallenge(tx, {
      id: sha256Hex(token),
      purpose: "password-reset-verified",
      userId: state.admin.id,
      ttlMs: Math.max(1000, row.expires_at.getTime() - Date.now()),
    });
    return true;
  });
  return swapped ? { ok: true, token } : { ok: false, reason: "expired" };
}

/**
 * Sets the new password (already checked against the rules) and uses the link up, in one
 * transaction with the owner's mail and the end of every session; false when the link was used
 * or expired meanwhile. Whether the new session counts as confirmed (as a sign-in would).
 */
export async function completePasswordReset(
  db: Db,
  state: Extract<ResetState, { stage: "password" }>,
  password: string,
  device: string,
): Promise<{ ok: true; confirmed: boolean } | { ok: false }> {
  const purpose = state.verified ? "password-reset-verified" : "password-reset";
  const done = await db.transaction(async (tx) => {
    if (!(await takeChallenge(tx, state.id, purpose))) return false;
    await setPassword(tx, state.admin.id, password);
    await deleteChallengesOf(tx, state.admin.id, ["password-reset", "password-reset-verified"]);
    await deleteOtherSessions(tx, state.admin.id);
    await queueSignInChangeMail(tx, { to: state.admin.email, device }, { kind: "password-reset-link" });
    return true;
  });
  if (!done) return { ok: false };
  // With TOTP the code was given; else, like a password sign-in, confirmed unless a passkey exists.
  return { ok: true, confirmed: state.verified || !(await hasSecondFactor(db, state.admin)) };
}
