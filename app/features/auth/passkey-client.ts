import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { SECURITY_MESSAGES as M } from "~/features/auth/security-messages";

/** What /admin/passkey answers (routes/admin/passkey.ts). */
type PasskeyAnswer = {
  ok: boolean;
  title?: string;
  redirectTo?: string;
  options?: PublicKeyCredentialRequestOptionsJSON & PublicKeyCredentialCreationOptionsJSON;
};

const UNREACHABLE = "Der Server ist gerade nicht erreichbar. Bitte versuche es erneut.";

async function post(body: Record<string, string>): Promise<PasskeyAnswer> {
  try {
    const response = await fetch("/admin/passkey", { method: "POST", body: new URLSearchParams(body) });
    return (await response.json()) as PasskeyAnswer;
  } catch {
    return { ok: false, title: UNREACHABLE };
  }
}

/** The browser library is loaded only when a passkey is used (the admin pages never need it otherwise). */
const browser = () => import("@simplewebauthn/browser");

/** A cancel or an abort: while the sign-in page waits for autofill, no failure to report. */
const cancelled = (error: unknown) =>
  error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");

/**
 * The browser's WebAuthn error in German: browsers word them in English and for
 * developers ("127.0.0.1 is an invalid domain"). SimpleWebAuthn keeps the DOMException's name.
 */
export function passkeyErrorMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  switch (name) {
    case "NotAllowedError":
      return M.passkeyCancelled;
    case "AbortError":
      return M.passkeyAborted;
    case "InvalidStateError":
      return M.passkeyAlreadyRegistered;
    case "SecurityError":
      return M.passkeyNeedsHttps;
    case "NotSupportedError":
      return M.passkeyNotSupported;
    case "ConstraintError":
      return M.passkeyNeedsVerification;
    default:
      return M.passkeyFailedUnknown;
  }
}

export type PasskeyOutcome = { ok: true; answer: PasskeyAnswer } | { ok: false; title?: string };

/**
 * Runs one passkey ceremony: fetches options for `intent`, lets the browser sign or create the
 * credential, posts it back as `<intent without -options>`. `autofill` waits for the
 * browser's autofill (conditional mediation) instead of opening a dialog.
 */
export async function passkeyCeremony(
  kind: "sign-in" | "confirm" | "register",
  extra: Record<string, string> = {},
  { autofill = false } = {},
): Promise<PasskeyOutcome> {
  const { startAuthentication, startRegistration, browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } =
    await browser();
  // Outside a secure context (http under a name other than localhost) browsers hide WebAuthn.
  if (!window.isSecureContext) return { ok: false, title: autofill ? undefined : M.passkeyNeedsHttps };
  if (!browserSupportsWebAuthn()) return { ok: false, title: autofill ? undefined : M.passkeysUnsupported };
  if (autofill && !(await browserSupportsWebAuthnAutofill())) return { ok: false };
  const start = await post({ intent: `${kind}-options` });
  if (!start.ok || !start.options) return { ok: false, title: start.title };
  let credential: unknown;
  try {
    credential =
      kind === "register"
        ? await startRegistration({ optionsJSON: start.options })
        : await startAuthentication({ optionsJSON: start.options, useBrowserAutofill: autofill });
  } catch (error) {
    return autofill && cancelled(error) ? { ok: false } : { ok: false, title: passkeyErrorMessage(error) };
  }
  const answer = await post({ intent: kind, credential: JSON.stringify(credential), ...extra });
  return answer.ok ? { ok: true, answer } : { ok: false, title: answer.title };
}
