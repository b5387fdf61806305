import { data, redirect } from "react-router";
import { ADMIN_MESSAGES } from "~/features/admin";
import { deleteChallenge, hasSecondFactor } from "~/features/auth/sign-in-factors.server";
import {
  AUTH_MESSAGES,
  clearSecondStepCookie,
  completeSecondStep,
  pendingSecondStep,
  signIn,
  startSecondStep,
} from "~/features/auth/sign-in-limits.server";
import { redirectWithFlash } from "~/platform/http/flash.server";
import { clientAddressContext, databaseContext, type RequestContext } from "~/platform/http/request-context";
import { createSession, getAdmin } from "~/features/auth/session.server";
import { firstRunOf } from "~/features/auth/setup-link.server";

/** The server half of /admin/login: the sign-in with a password and, with TOTP, its second step. */

/** Only same-site admin paths are followed after sign-in. */
export function safeRedirect(value: FormDataEntryValue | null): string {
  const target = typeof value === "string" ? value : "";
  return target.startsWith("/admin") && !target.startsWith("//") ? target : "/admin";
}

export async function loadSignIn(request: Request, context: RequestContext) {
  if (await getAdmin(request, context)) throw redirect("/admin");
  const db = await context.get(databaseContext);
  return { secondStep: Boolean(await pendingSecondStep(db, request)), firstRun: await firstRunOf(db) };
}

const failure = (title: string, status: number, headers?: HeadersInit) =>
  data({ ok: false as const, title }, { status, headers });

/** A new session for the admin, with the toast of a successful sign-in. */
async function signedIn(
  request: Request,
  context: RequestContext,
  adminId: string,
  redirectTo: FormDataEntryValue | null,
  { confirmed = true } = {},
) {
  const session = await createSession(await context.get(databaseContext), adminId, request, { confirmed });
  const response = redirectWithFlash(safeRedirect(redirectTo), {
    type: "success",
    title: ADMIN_MESSAGES.loginSuccess,
  });
  response.headers.append("Set-Cookie", session.cookie);
  response.headers.append("Set-Cookie", clearSecondStepCookie());
  return response;
}

const throttled = (retryAfterSeconds: number) =>
  failure(AUTH_MESSAGES.throttled(Math.ceil(retryAfterSeconds / 60)), 429, {
    "Retry-After": String(retryAfterSeconds),
  });

/**
 * Sign-in (spec §5): e-mail and password; then, when the admin uses TOTP, a code
 * or recovery code as a second step ("code"), which "cancel" abandons.
 */
export async function signInAction(request: Request, context: RequestContext) {
  const form = await request.formData().catch(() => undefined);
  const intent = String(form?.get("intent") ?? "");
  const db = await context.get(databaseContext);

  if (intent === "cancel") {
    const pending = await pendingSecondStep(db, request);
    if (pending) await deleteChallenge(db, pending.id);
    return redirect("/admin", { headers: { "Set-Cookie": clearSecondStepCookie() } });
  }

  if (intent === "code") {
    const code = String(form?.get("code") ?? "").trim();
    if (!code || code.length > 40) return failure(AUTH_MESSAGES.invalidCode, 400);
    const result = await completeSecondStep(db, request, code, context.get(clientAddressContext));
    if (result.ok) return signedIn(request, context, result.admin.id, form?.get("redirectTo") ?? null);
    if (result.reason === "throttled") return throttled(result.retryAfterSeconds);
    if (result.reason === "expired") {
      return failure(AUTH_MESSAGES.secondStepExpired, 401, { "Set-Cookie": clearSecondStepCookie() });
    }
    return failure(AUTH_MESSAGES.invalidCode, 401);
  }

  const email = String(form?.get("email") ?? "").trim();
  const password = String(form?.get("password") ?? "");
  if (!email || !password || email.length > 254 || password.length > 1024) {
    return failure(ADMIN_MESSAGES.loginFailed("E-Mail und Passwort sind erforderlich"), 400);
  }
  const result = await signIn(db, email, password, context.get(clientAddressContext));
  if (!result.ok && result.reason === "throttled") return throttled(result.retryAfterSeconds);
  if (!result.ok) return failure(AUTH_MESSAGES.invalid, 401);

  if (result.admin.totp_secret) {
    const back = safeRedirect(form?.get("redirectTo") ?? null);
    return redirect(`/admin/login?redirectTo=${encodeURIComponent(back)}`, {
      headers: { "Set-Cookie": await startSecondStep(db, result.admin.id) },
    });
  }
  if (result.admin.require_second_factor) return failure(AUTH_MESSAGES.secondFactorOnly, 403);
  // The password alone, while a passkey exists: signed in, but not confirmed.
  return signedIn(request, context, result.admin.id, form?.get("redirectTo") ?? null, {
    confirmed: !(await hasSecondFactor(db, result.admin)),
  });
}
