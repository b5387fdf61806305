import Copy from "lucide-react/icons/copy";
import Download from "lucide-react/icons/download";
import Smartphone from "lucide-react/icons/smartphone";
import { Fragment } from "react";
import { SECURITY_MESSAGES as M } from "~/features/auth/security-messages";
import { formatDateTime } from "~/platform/format";
import { Button, buttonClass } from "~/ui/button";
import { toast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";

/**
 * The parts of the TOTP set-up that a phone needs: it cannot scan its own screen, so
 * the authenticator app opens from a link, and the key and the recovery codes are copied or saved
 * rather than typed. The copy and save buttons need JavaScript; without it, key and codes are
 * plain text to select. Nothing here goes back to the server: the recovery codes' file is made in
 * the browser, so no request, log or cache ever holds them.
 */

/** Copies `text`; the clipboard exists only in a secure context (https or localhost). */
async function copy(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error(M.copyFailed);
  }
}

/** Opens the authenticator app with the otpauth:// URI the QR code holds. */
export function AuthenticatorLink({ uri }: { uri: string }) {
  return (
    <a href={uri} className={buttonClass({ variant: "secondary" })}>
      <Smartphone aria-hidden="true" className="size-4" />
      {M.totpOpenInApp}
    </a>
  );
}

/** The key in groups of four; a group never breaks across lines, the spaces between them may. */
export function TotpKey({ secret }: { secret: string }) {
  const hydrated = useHydrated();
  const groups = secret.split(" ");
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <p className="text-sm text-slate-800">
        {M.totpKey}:{" "}
        <code className="font-mono text-base text-slate-900 select-all" data-testid="totp-secret">
          {groups.map((group, index) => (
            <Fragment key={index}>
              {index > 0 && " "}
              <span className="whitespace-nowrap">{group}</span>
            </Fragment>
          ))}
        </code>
      </p>
      {hydrated && (
        <Button type="button" variant="secondary" onClick={() => void copy(groups.join(""), M.keyCopied)}>
          <Copy aria-hidden="true" className="size-4" />
          {M.copy}
          <span className="sr-only">: {M.totpKey}</span>
        </Button>
      )}
    </div>
  );
}

/** The text of the recovery codes' file: a German header line, then one code a line. */
export function recoveryCodesFile(codes: string[], host: string, createdAt: Date): string {
  return [M.recoveryFileHeader(host, formatDateTime(createdAt)), "", ...codes, ""].join("\n");
}

function saveAsFile(codes: string[]) {
  const host = window.location.hostname;
  const blob = new Blob([recoveryCodesFile(codes, host, new Date())], { type: "text/plain;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = M.recoveryFileName(host);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers read the blob after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The new recovery codes, shown once, with "Kopieren" and "Als Datei speichern". */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const hydrated = useHydrated();
  return (
    <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h4 className="font-semibold text-slate-900">{M.recoveryHeading}</h4>
      <p className="text-sm text-slate-700">{M.recoveryIntro}</p>
      <ol
        className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm text-slate-900"
        aria-label={M.recoveryCodesLabel}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      {hydrated && (
        <div className="flex flex-wrap gap-3">
          <Button
            type="button"
            variant="secondary"
            onClick={() => void copy(codes.join("\n"), M.recoveryCopied)}
          >
            <Copy aria-hidden="true" className="size-4" />
            {M.copy}
            <span className="sr-only">: {M.recoveryCodesLabel}</span>
          </Button>
          <Button type="button" variant="secondary" onClick={() => saveAsFile(codes)}>
            <Download aria-hidden="true" className="size-4" />
            {M.recoverySave}
          </Button>
        </div>
      )}
    </div>
  );
}
