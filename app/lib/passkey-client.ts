import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";

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

/** The browser's own cancel ("NotAllowedError") is no failure to report. */
const cancelled = (error: unknown) =>
  error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");

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
  if (!browserSupportsWebAuthn()) return { ok: false, title: "Dieser Browser unterstützt keine Passkeys." };
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
    return cancelled(error)
      ? { ok: false }
      : { ok: false, title: error instanceof Error ? error.message : undefined };
  }
  const answer = await post({ intent: kind, credential: JSON.stringify(credential), ...extra });
  return answer.ok ? { ok: true, answer } : { ok: false, title: answer.title };
}
