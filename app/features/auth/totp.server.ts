import { randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";
import type { Db } from "~/platform/db/engines.server";
import { claimTotpStep } from "~/features/auth/admin-users.server";
import { spendRecoveryCode } from "~/features/auth/sign-in-factors.server";
import { env } from "~/platform/env.server";
import { sha256Hex } from "~/platform/db/installation-secret.server";

/**
 * The second factor: TOTP after RFC 6238 with the parameters every authenticator
 * app understands (SHA-1, 6 digits, 30 s), accepting the neighbouring step for clock drift,
 * and ten one-time recovery codes kept as SHA-256.
 */
const PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

function totpFor(secret: string, label = "") {
  return new TOTP({
    issuer: new URL(env().PUBLIC_URL).host,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
  });
}

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The secret in groups of four, as people type it into an app. */
export const formatSecret = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

/** The otpauth:// URI and its QR code as SVG, drawn here (no external service sees the secret). */
export function totpEnrolment(secret: string, email: string): { uri: string; qrSvg: string } {
  const uri = totpFor(secret, email).toString();
  return { uri, qrSvg: renderSVG(uri, { border: 2, pixelSize: 6 }) };
}

/** The time step a code belongs to (this, the previous or the next), or undefined. */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | undefined {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return undefined;
  const delta = totpFor(secret).validate({ token, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** Checks a code of the admin's active TOTP and uses its time step up (a code counts once). */
export async function verifyTotp(db: Db, admin: { id: string; totp_secret: string | null }, code: string) {
  if (!admin.totp_secret) return false;
  const step = totpStepOf(admin.totp_secret, code);
  return step !== undefined && (await claimTotpStep(db, admin.id, step));
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten codes like "k7m2p-xq9rt" (about 50 bits each), to be shown once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
  });
}

/** Case, spaces and the dash do not matter when a recovery code is typed. */
export const recoveryCodeHash = (code: string) => sha256Hex(code.toLowerCase().replace(/[\s-]/g, ""));

export const looksLikeRecoveryCode = (code: string) =>
  /^[a-z0-9]{10}$/.test(code.toLowerCase().replace(/[\s-]/g, ""));

/** A TOTP code or an unused recovery code, either used up by this check. */
export async function verifySecondFactor(
  db: Db,
  admin: { id: string; totp_secret: string | null },
  code: string,
): Promise<"totp" | "recovery" | false> {
  if (await verifyTotp(db, admin, code)) return "totp";
  if (looksLikeRecoveryCode(code) && (await spendRecoveryCode(db, admin.id, recoveryCodeHash(code)))) {
    return "recovery";
  }
  return false;
}
