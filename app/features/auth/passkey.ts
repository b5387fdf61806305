import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { redirect } from "react-router";
import { ADMIN_MESSAGES } from "~/features/admin";
import { hitRateLimits } from "~/platform/db/rate-limits.server";
import { AUTH_MESSAGES } from "~/features/auth/sign-in-limits.server";
import { flashCookie } from "~/platform/http/flash.server";
import {
  confirmOptions,
  parseCredential,
  registerPasskey,
  registrationOptions,
  signInOptions,
  verifyPasskeyAssertion,
} from "~/features/auth/passkeys.server";
import { clientAddressContext, databaseContext } from "~/platform/http/request-context";
import { clientKey, installationSecret } from "~/platform/db/installation-secret.server";
import { SECURITY_MESSAGES } from "~/features/auth/security-messages";
import { PasskeyNameSchema } from "~/features/auth/sign-in-security";
import {
  createSession,
  getAdmin,
  isRecentlyVerified,
  markSessionVerified,
} from "~/features/auth/session.server";
import { deviceOf, queueSignInChangeMail } from "~/features/auth/sign-in-notices.server";
import { describeUserAgent } from "~/features/auth/user-agent";
import { safeRedirect } from "./login.server";
import type { Route } from "./+types/passkey";

/**
 * The browser's half of passkeys talks to this resource route: options to sign in,
 * to confirm the signed-in admin, or to register a passkey, and the browser's signed answers.
 * Sign-in needs no session; the rest does, and registering also a confirmation within 10 min.
 */
const PASSKEY_LIMITS = {
  /** Every sign-in page asks for options once (autofill): generous, but bounded. */
  "sign-in-options": { attempts: 300, windowMs: 15 * 60 * 1000 },
  "sign-in": { attempts: 20, windowMs: 15 * 60 * 1000 },
} as const;

/** What the browser's half may ask for (tests/integration/authorization.test.ts walks each). */
export const PASSKEY_INTENTS = [
  "sign-in-options",
  "sign-in",
  "confirm-options",
  "confirm",
  "register-options",
  "register",
] as const;

const json = (body: unknown, status = 200, headers?: HeadersInit) => Response.json(body, { status, headers });
const failed = (title: string, status = 400) => json({ ok: false, title }, status);

export function loader() {
  return redirect("/admin");
}

export async function action({ request, context }: Route.ActionArgs) {
  // The session first, the body (at most a few KB without one: server/request-guards.ts) after.
  const current = await getAdmin(request, context);
  const form = await request.formData().catch(() => undefined);
  const intent = String(form?.get("intent") ?? "");
  const db = await context.get(databaseContext);

  if (intent === "sign-in-options" || intent === "sign-in") {
    // Every request here writes a challenge or verifies a signature: counted per client first.
    const client = clientKey(await installationSecret(db), context.get(clientAddressContext));
    const { attempts, windowMs } = PASSKEY_LIMITS[intent];
    const [limit] = await hitRateLimits(db, [`${intent}:${client}`], attempts, windowMs);
    if (!limit!.allowed) {
      return json(
        { ok: false, title: AUTH_MESSAGES.throttled(Math.ceil(limit!.retryAfterSeconds / 60)) },
        429,
        {
          "Retry-After": String(limit!.retryAfterSeconds),
        },
      );
    }
    if (intent === "sign-in-options") return json({ ok: true, options: await signInOptions(db) });
    const credential = parseCredential<AuthenticationResponseJSON>(form?.get("credential") ?? null);
    const userId = credential && (await verifyPasskeyAssertion(db, credential, "passkey-sign-in"));
    if (!userId) return failed(AUTH_MESSAGES.passkeyFailed, 401);
    const session = await createSession(db, userId, request);
    const headers = new Headers();
    headers.append("Set-Cookie", session.cookie);
    headers.append("Set-Cookie", flashCookie({ type: "success", title: ADMIN_MESSAGES.loginSuccess }));
    return json({ ok: true, redirectTo: safeRedirect(form?.get("redirectTo") ?? null) }, 200, headers);
  }

  if (!current) return failed(SECURITY_MESSAGES.signedOut, 401);
  const { admin, session } = current;

  switch (intent) {
    case "confirm-options":
      return json({ ok: true, options: await confirmOptions(db, admin.id) });
    case "confirm": {
      const credential = parseCredential<AuthenticationResponseJSON>(form?.get("credential") ?? null);
      const userId =
        credential && (await verifyPasskeyAssertion(db, credential, "passkey-confirm", admin.id));
      if (!userId) return failed(SECURITY_MESSAGES.confirmFailed, 401);
      await markSessionVerified(db, session.id);
      return json({ ok: true, title: SECURITY_MESSAGES.confirmed });
    }
    case "register-options":
      if (!isRecentlyVerified(session)) return failed(SECURITY_MESSAGES.confirmFirst, 403);
      return json({ ok: true, options: await registrationOptions(db, admin) });
    case "register": {
      if (!isRecentlyVerified(session)) return failed(SECURITY_MESSAGES.confirmFirst, 403);
      const named = PasskeyNameSchema.safeParse(
        String(form?.get("name") ?? "").trim() || describeUserAgent(request.headers.get("User-Agent") ?? ""),
      );
      if (!named.success) return failed(named.error.issues[0]!.message);
      const credential = parseCredential<RegistrationResponseJSON>(form?.get("credential") ?? null);
      const stored = credential && (await registerPasskey(db, admin.id, credential, named.data));
      if (!stored) return failed(SECURITY_MESSAGES.passkeyNotAdded);
      await queueSignInChangeMail(
        db,
        { to: admin.email, device: deviceOf(request) },
        { kind: "passkey-added", name: named.data },
      );
      return json({ ok: true, title: SECURITY_MESSAGES.passkeyAdded });
    }
    default:
      return failed(ADMIN_MESSAGES.unreadableRequest);
  }
}
