import { data } from "react-router";
import {
  findAdminById,
  setPendingTotpSecret,
  setSecondFactorOnly,
  type AdminUser,
} from "~/features/auth/admin-users.server";
import type { Db } from "~/platform/db/engines.server";
import {
  activateTotp,
  deactivateTotp,
  deletePasskey,
  hasSecondFactor,
  listPasskeys,
  renamePasskey,
  replaceRecoveryCodes,
  unusedRecoveryCodes,
} from "~/features/auth/sign-in-factors.server";
import { SECURITY_MESSAGES } from "~/features/auth/security-messages";
import { clearRateLimit } from "~/platform/db/rate-limits.server";
import {
  AUTH_MESSAGES,
  checkCodeForAccount,
  countAttempt,
  signIn,
  type CodeResult,
} from "~/features/auth/sign-in-limits.server";
import { changeSignIn, deviceOf } from "~/features/auth/sign-in-notices.server";
import {
  deleteOtherSessions,
  deleteSessionByPublicId,
  isRecentlyVerified,
  listSessions,
  markSessionVerified,
  REAUTH_MS,
  type AdminSession,
} from "~/features/auth/session.server";
import { PasskeyNameSchema } from "~/features/auth/sign-in-security";
import { fieldLimits } from "~/platform/forms/field-limits";
import {
  formatSecret,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  totpEnrolment,
  totpStepOf,
} from "~/features/auth/totp.server";
import { describeUserAgent } from "~/features/auth/user-agent";

/**
 * The Profil tab's "Anmeldung und Sicherheit": passkeys, TOTP with recovery codes,
 * "Anmeldung nur mit Passkey oder zweitem Faktor" and the active sessions. Changing a way to
 * sign in needs a confirmation within the last 10 minutes: once the account has a second factor
 * (TOTP or a passkey), a code or a passkey; before that, the password. Every change
 * is mailed to the owner.
 */

export type SecurityResult = {
  ok: boolean;
  message: string;
  intent: string;
  /** Shown once, right after TOTP was activated or the codes renewed. */
  recoveryCodes?: string[];
  /** The action refused because the last confirmation is older than 10 minutes. */
  confirm?: true;
};

export async function securityOverview(db: Db, session: AdminSession, request: Request) {
  const admin = (await findAdminById(db, session.userId))!;
  const [keys, sessions, recoveryLeft] = await Promise.all([
    listPasskeys(db, admin.id),
    listSessions(db, admin.id, session.id),
    unusedRecoveryCodes(db, admin.id),
  ]);
  const enrolment = admin.totp_pending_secret
    ? totpEnrolment(admin.totp_pending_secret, admin.email)
    : undefined;
  return {
    confirmedUntil: isRecentlyVerified(session) ? new Date(session.verifiedAt.getTime() + REAUTH_MS) : null,
    passkeys: keys.map((key) => ({
      id: key.id,
      name: key.name,
      createdAt: key.created_at,
      lastUsedAt: key.last_used_at,
    })),
    /** For the rename form's input, as the rename is checked. */
    passkeyNameLimits: fieldLimits(PasskeyNameSchema),
    totp: {
      activeSince: admin.totp_enabled_at,
      recoveryLeft,
      pending: enrolment && {
        secret: formatSecret(admin.totp_pending_secret!),
        uri: enrolment.uri,
        qrSvg: enrolment.qrSvg,
      },
    },
    secondFactorOnly: admin.require_second_factor,
    /** TOTP or a passkey exists: the password alone no longer confirms. */
    secondFactor: Boolean(admin.totp_secret) || keys.length > 0,
    sessions: sessions.map((entry) => ({
      id: entry.publicId,
      device: describeUserAgent(entry.userAgent),
      createdAt: entry.createdAt,
      lastUsedAt: entry.lastUsedAt,
      current: entry.current,
    })),
    userAgent: describeUserAgent(request.headers.get("User-Agent") ?? ""),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The intents of the security section; anything else is the profile form's. */
export const SECURITY_INTENTS = new Set([
  "confirm",
  "totp-start",
  "totp-activate",
  "totp-cancel",
  "totp-disable",
  "recovery-codes",
  "second-factor-only",
  "rename-passkey",
  "remove-passkey",
  "end-session",
  "end-other-sessions",
]);

/** Intents that change how one signs in: they need a confirmation within REAUTH_MS. */
const NEEDS_CONFIRMATION = new Set([
  "totp-start",
  "totp-activate",
  "totp-disable",
  "recovery-codes",
  "second-factor-only",
  "rename-passkey",
  "remove-passkey",
]);

/** Whether removing this factor would leave "nur mit Passkey oder zweitem Faktor" with none. */
async function isLastFactor(db: Db, admin: AdminUser, removing: "passkey" | "totp"): Promise<boolean> {
  if (!admin.require_second_factor) return false;
  const passkeys = (await listPasskeys(db, admin.id)).length;
  const factors = passkeys + (admin.totp_secret ? 1 : 0);
  return factors <= 1 && (removing === "totp" ? Boolean(admin.totp_secret) : passkeys > 0);
}

/**
 * Checks a code typed in a signed-in session (to confirm, or with a new password): at most 5 per
 * 15 minutes for the account, counted first (a stolen session cannot guess codes), and under
 * the account's limit of wrong codes.
 */
export async function checkSessionCode(
  db: Db,
  admin: AdminUser,
  code: string,
  request: Request,
): Promise<CodeResult> {
  const throttled = await countAttempt(db, [`confirm-code:${admin.id}`]);
  if (throttled) return throttled;
  if (code.length > 40) return { ok: false, reason: "invalid" };
  const checked = await checkCodeForAccount(db, admin, code, { where: "session", request });
  if (checked.ok) await clearRateLimit(db, `confirm-code:${admin.id}`);
  return checked;
}

export async function securityAction(
  db: Db,
  {
    session,
    intent,
    form,
    clientAddress,
    request,
  }: {
    session: AdminSession;
    intent: string;
    form: FormData;
    clientAddress: string;
    /** Its User-Agent names the device in the owner's mail. */
    request: Request;
  },
) {
  const admin = (await findAdminById(db, session.userId))!;
  const answer = (
    ok: boolean,
    message: string,
    status = ok ? 200 : 400,
    extra: Partial<SecurityResult> = {},
  ) => data<SecurityResult>({ ok, message, intent, ...extra }, { status });
  const field = (name: string) => String(form.get(name) ?? "");
  const notice = { to: admin.email, device: deviceOf(request) };

  const throttledAnswer = (retryAfterSeconds: number) =>
    data<SecurityResult>(
      { ok: false, message: AUTH_MESSAGES.throttled(Math.ceil(retryAfterSeconds / 60)), intent },
      { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
    );

  if (NEEDS_CONFIRMATION.has(intent) && !isRecentlyVerified(session)) {
    return answer(false, SECURITY_MESSAGES.confirmFirst, 403, { confirm: true });
  }

  switch (intent) {
    case "confirm": {
      const password = field("password");
      const code = field("code").trim();
      if (code) {
        const checked = await checkSessionCode(db, admin, code, request);
        if (!checked.ok && checked.reason === "throttled") return throttledAnswer(checked.retryAfterSeconds);
        if (!checked.ok) return answer(false, AUTH_MESSAGES.invalidCode, 401);
        await markSessionVerified(db, session.id);
        return answer(true, SECURITY_MESSAGES.confirmed);
      }
      // With a second factor, the password is not even checked: it proves nothing more here.
      if (await hasSecondFactor(db, admin)) {
        return answer(
          false,
          admin.totp_secret
            ? SECURITY_MESSAGES.passwordNotEnough
            : SECURITY_MESSAGES.passwordNotEnoughPasskey,
          403,
        );
      }
      if (!password || password.length > 1024) return answer(false, SECURITY_MESSAGES.confirmFailed);
      // Checked like a sign-in, under the same limits: a stolen session cannot guess.
      const check = await signIn(db, admin.email, password, clientAddress);
      if (!check.ok && check.reason === "throttled") return throttledAnswer(check.retryAfterSeconds);
      if (!check.ok) return answer(false, SECURITY_MESSAGES.wrongPassword, 401);
      await markSessionVerified(db, session.id);
      return answer(true, SECURITY_MESSAGES.confirmed);
    }
    case "totp-start":
      await setPendingTotpSecret(db, admin.id, newTotpSecret());
      return answer(true, SECURITY_MESSAGES.totpScan);
    case "totp-cancel":
      await setPendingTotpSecret(db, admin.id, null);
      return answer(true, SECURITY_MESSAGES.totpSetupCancelled);
    case "totp-activate": {
      const secret = admin.totp_pending_secret;
      const step = secret ? totpStepOf(secret, field("code").slice(0, 40)) : undefined;
      if (!secret || step === undefined) return answer(false, SECURITY_MESSAGES.totpInvalid);
      const codes = newRecoveryCodes();
      await changeSignIn(db, notice, async (tx) => {
        await activateTotp(tx, admin.id, secret, step, codes.map(recoveryCodeHash));
        return { kind: "totp-on" };
      });
      return answer(true, SECURITY_MESSAGES.totpActivated, 200, { recoveryCodes: codes });
    }
    case "totp-disable":
      if (await isLastFactor(db, admin, "totp")) return answer(false, SECURITY_MESSAGES.lastFactor, 409);
      await changeSignIn(db, notice, async (tx) => {
        await deactivateTotp(tx, admin.id);
        // Without an active TOTP only a pending set-up ended: no way to sign in changed.
        return admin.totp_secret ? { kind: "totp-off" } : undefined;
      });
      return answer(true, SECURITY_MESSAGES.totpDeactivated);
    case "recovery-codes": {
      if (!admin.totp_secret) return answer(false, SECURITY_MESSAGES.totpInvalid);
      const codes = newRecoveryCodes();
      await changeSignIn(db, notice, async (tx) => {
        await replaceRecoveryCodes(tx, admin.id, codes.map(recoveryCodeHash));
        return { kind: "recovery-codes" };
      });
      return answer(true, SECURITY_MESSAGES.recoveryRenewed, 200, { recoveryCodes: codes });
    }
    case "second-factor-only": {
      const on = field("enabled") === "on";
      if (on && !admin.totp_secret && (await listPasskeys(db, admin.id)).length === 0) {
        return answer(false, SECURITY_MESSAGES.secondFactorOnlyNeedsFactor, 409);
      }
      await changeSignIn(db, notice, async (tx) => {
        await setSecondFactorOnly(tx, admin.id, on);
        // Saying again what is already set changes nothing, and is not mailed.
        return admin.require_second_factor === on ? undefined : { kind: "second-factor-only", on };
      });
      return answer(true, on ? SECURITY_MESSAGES.secondFactorOnlyOn : SECURITY_MESSAGES.secondFactorOnlyOff);
    }
    case "rename-passkey": {
      const name = PasskeyNameSchema.safeParse(field("name"));
      if (!name.success) return answer(false, name.error.issues[0]!.message);
      if (!(await renamePasskey(db, admin.id, field("id"), name.data))) {
        return answer(false, SECURITY_MESSAGES.passkeyNotFound, 404);
      }
      return answer(true, SECURITY_MESSAGES.passkeyRenamed);
    }
    case "remove-passkey":
      if (await isLastFactor(db, admin, "passkey")) return answer(false, SECURITY_MESSAGES.lastFactor, 409);
      if (
        !(await changeSignIn(db, notice, async (tx) => {
          const name = await deletePasskey(tx, admin.id, field("id"));
          return name === undefined ? undefined : { kind: "passkey-removed", name };
        }))
      ) {
        return answer(false, SECURITY_MESSAGES.passkeyNotFound, 404);
      }
      return answer(true, SECURITY_MESSAGES.passkeyRemoved);
    case "end-session": {
      const id = field("id");
      if (!UUID.test(id) || !(await deleteSessionByPublicId(db, admin.id, id))) {
        return answer(false, SECURITY_MESSAGES.sessionNotFound, 404);
      }
      return answer(true, SECURITY_MESSAGES.sessionEnded);
    }
    case "end-other-sessions":
      await deleteOtherSessions(db, admin.id, session.id);
      return answer(true, SECURITY_MESSAGES.otherSessionsEnded);
    default:
      return answer(false, SECURITY_MESSAGES.confirmFailed);
  }
}
