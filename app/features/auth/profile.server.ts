import { data } from "react-router";
import { z } from "zod";
import { ADMIN_MESSAGES } from "~/features/admin";
import { CONFIRMATION_MESSAGES, SECURITY_MESSAGES } from "~/features/auth/security-messages";
import { findAdminById, setAdminName } from "~/features/auth/admin-users.server";
import { hasSecondFactor } from "~/features/auth/sign-in-factors.server";
import { AUTH_MESSAGES, setPassword, signIn } from "~/features/auth/sign-in-limits.server";
import { redirectWithFlash } from "~/platform/http/flash.server";
import { SINGLE_LINE, SINGLE_LINE_MESSAGE } from "~/platform/forms/schemas";
import { fieldLimits } from "~/platform/forms/field-limits";
import { newPasswordProblem } from "~/features/auth/password-rules.server";
import { adminReturnPath } from "~/features/auth/recent-confirmation.server";
import { clientAddressContext, databaseContext, type RequestContext } from "~/platform/http/request-context";
import { changeSignIn, deviceOf } from "~/features/auth/sign-in-notices.server";
import {
  createSession,
  deleteOtherSessions,
  isRecentlyVerified,
  requireAdmin,
} from "~/features/auth/session.server";
import {
  checkSessionCode,
  SECURITY_INTENTS,
  securityAction,
  securityOverview,
} from "./profile-security.server";

/**
 * The server half of /admin/profil: the name, the password change, and the sign-in security
 * (passkeys, TOTP, sessions) of profile-security.server.ts. Once the account has a second
 * factor, a new password needs, besides the current one, a code typed with it or a recent
 * confirmation (which then was a code or a passkey); the owner is mailed.
 */

/** Spec §2/§5: name editable, e-mail read-only, password change behind "Passwort ändern". */
const NameSchema = z
  .string()
  .trim()
  .max(100, "Der Name darf höchstens 100 Zeichen lang sein.")
  .regex(SINGLE_LINE, SINGLE_LINE_MESSAGE);

export type ProfileResult = { ok: boolean; message: string; errors?: Partial<Record<string, string>> };

/** Where a sensitive action sent the owner from to confirm (`?redirectTo=`), if anywhere. */
const returnPathOf = (request: Request) =>
  adminReturnPath(new URL(request.url).searchParams.get("redirectTo")) ?? null;

export async function loadProfile(request: Request, context: RequestContext) {
  const { admin, session } = await requireAdmin(request, context);
  return {
    name: admin.name,
    nameLimits: fieldLimits(NameSchema),
    email: admin.email,
    security: await securityOverview(await context.get(databaseContext), session, request),
    returnTo: returnPathOf(request),
  };
}

export async function profileAction(request: Request, context: RequestContext) {
  const { admin, session } = await requireAdmin(request, context);
  const fail = (message: string, errors?: ProfileResult["errors"], status = 400, headers?: HeadersInit) =>
    data<ProfileResult>(
      { ok: false, message: ADMIN_MESSAGES.profileError(message), errors },
      { status, headers },
    );
  const form = await request.formData().catch(() => undefined);
  if (!form) return fail(ADMIN_MESSAGES.unreadableRequest);
  const intent = String(form.get("intent") ?? "");
  if (SECURITY_INTENTS.has(intent)) {
    const result = await securityAction(await context.get(databaseContext), {
      session,
      intent,
      form,
      clientAddress: context.get(clientAddressContext),
      request,
    });
    // Confirmed for an export or deletion elsewhere (recent-confirmation.server.ts): back there.
    const back = returnPathOf(request);
    if (intent === "confirm" && result.data.ok && back) {
      return redirectWithFlash(back, { type: "success", title: CONFIRMATION_MESSAGES.confirmedBack });
    }
    return result;
  }

  const name = NameSchema.safeParse(String(form.get("name") ?? ""));
  if (!name.success) return fail(name.error.issues[0]!.message, { name: name.error.issues[0]!.message });
  const db = await context.get(databaseContext);

  const changePassword = form.get("changePassword") === "on";
  let renewed: { cookie: string } | undefined;
  if (changePassword) {
    const current = String(form.get("currentPassword") ?? "");
    const password = String(form.get("password") ?? "");
    const confirmPassword = String(form.get("confirmPassword") ?? "");
    if (password !== confirmPassword) {
      return data<ProfileResult>(
        {
          ok: false,
          message: ADMIN_MESSAGES.passwordsDoNotMatch,
          errors: { confirmPassword: ADMIN_MESSAGES.passwordsDoNotMatch },
        },
        { status: 400 },
      );
    }
    const weak = await newPasswordProblem(password, [admin.email, name.data]);
    if (weak) return fail(weak, { password: weak });
    const account = (await findAdminById(db, admin.id))!;
    const needsCode = !isRecentlyVerified(session) && (await hasSecondFactor(db, account));
    const code = String(form.get("code") ?? "").trim();
    if (needsCode && !code) {
      const message = account.totp_secret
        ? SECURITY_MESSAGES.codeRequired
        : SECURITY_MESSAGES.passwordChangeNeedsPasskey;
      return fail(message, { code: message }, 403);
    }
    // Checked like a sign-in, under the same limits: a stolen session cannot guess.
    const check = await signIn(db, admin.email, current, context.get(clientAddressContext));
    if (!check.ok && check.reason === "throttled") {
      const message = AUTH_MESSAGES.throttled(Math.ceil(check.retryAfterSeconds / 60));
      return fail(message, { currentPassword: message }, 429);
    }
    if (!check.ok) {
      return fail("Das aktuelle Passwort ist falsch.", {
        currentPassword: "Das aktuelle Passwort ist falsch.",
      });
    }
    // The code after the password: a wrong password must not use up a code.
    if (needsCode) {
      const checked = await checkSessionCode(db, account, code, request);
      if (!checked.ok) {
        const message =
          checked.reason === "throttled"
            ? AUTH_MESSAGES.throttled(Math.ceil(checked.retryAfterSeconds / 60))
            : AUTH_MESSAGES.invalidCode;
        return fail(
          message,
          { code: message },
          checked.reason === "throttled" ? 429 : 400,
          checked.reason === "throttled" ? { "Retry-After": String(checked.retryAfterSeconds) } : undefined,
        );
      }
    }
    await changeSignIn(db, { to: admin.email, device: deviceOf(request) }, async (tx) => {
      await setPassword(tx, admin.id, password);
      return { kind: "password-changed" };
    });
    // A new password ends every session, this one renewed under a new token (a stolen session
    // or token stops working).
    await deleteOtherSessions(db, admin.id);
    renewed = await createSession(db, admin.id, request);
  }
  await setAdminName(db, admin.id, name.data);
  return data<ProfileResult>(
    { ok: true, message: ADMIN_MESSAGES.profileUpdated },
    renewed ? { headers: { "Set-Cookie": renewed.cookie } } : undefined,
  );
}
