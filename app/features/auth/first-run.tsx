import KeyRound from "lucide-react/icons/key-round";
import { LoginForm } from "./login-form";

/** What the sign-in page knows on an installation without an admin. */
export type FirstRun = {
  /** The setup link also went to ADMIN_EMAIL (SMTP_URL and ADMIN_EMAIL are set). */
  mailed: boolean;
};

/** The commands that find the setup link in the server log (docs/deploy.md, compose.yaml). */
export const SETUP_LINK_COMMANDS = {
  systemd: "journalctl -u portfolio -o cat | grep setupLink | tail -n 1",
  docker: "docker compose logs app | grep setupLink | tail -n 1",
} as const;

/** The sign-in page: "Ersteinrichtung" while there is no admin, else the sign-in form. */
export function SignInPage({ firstRun }: { firstRun: FirstRun | null }) {
  return firstRun ? <FirstRunHelp firstRun={firstRun} /> : <LoginForm />;
}

/**
 * Instead of a sign-in form nobody can use yet: where the one-time setup link is. The page
 * shows nothing of the link itself, only where the owner finds it.
 */
function FirstRunHelp({ firstRun }: { firstRun: FirstRun }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Ersteinrichtung</h1>
      <p className="mt-2 text-slate-600">
        Deine Website läuft, hat aber noch kein Admin-Konto. Beim Start hat der Server einen einmaligen Link
        erzeugt, mit dem du das Konto anlegst. Der Link gilt eine Stunde und nur einmal; jeder Neustart des
        Servers erzeugt einen neuen.
      </p>
      {firstRun.mailed && (
        <p className="mt-6 flex gap-3 rounded-lg bg-brand-50 p-4 text-slate-800">
          <KeyRound aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-700" />
          <span>
            Der Link wurde per E-Mail an die Adresse geschickt, die in <code>ADMIN_EMAIL</code> steht. Schau
            in dein Postfach (auch in den Spam-Ordner).
          </span>
        </p>
      )}
      <h2 className="mt-8 text-xl font-semibold text-slate-900">
        {firstRun.mailed ? "Der Link steht außerdem im Server-Log" : "Der Link steht im Server-Log"}
      </h2>
      <p className="mt-2 text-slate-600">
        Auf dem Server zeigt dir dieser Befehl den Link (die Zeile mit <code>setupLink</code>):
      </p>
      <dl className="mt-4 space-y-4">
        <div>
          <dt className="font-semibold text-slate-900">Installation mit systemd</dt>
          <dd className="mt-1">
            <CommandLine>{SETUP_LINK_COMMANDS.systemd}</CommandLine>
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Installation mit Docker Compose</dt>
          <dd className="mt-1">
            <CommandLine>{SETUP_LINK_COMMANDS.docker}</CommandLine>
            <span className="mt-1 block text-sm text-slate-600">
              im Ordner mit der Datei <code>compose.yaml</code>
            </span>
          </dd>
        </div>
      </dl>
      {!firstRun.mailed && (
        <p className="mt-6 text-sm text-slate-600">
          Sind <code>ADMIN_EMAIL</code> und <code>SMTP_URL</code> gesetzt, schickt der Server den Link beim
          nächsten Start auch per E-Mail an diese Adresse.
        </p>
      )}
    </div>
  );
}

function CommandLine({ children }: { children: string }) {
  return (
    // Wrapped, not scrolled: on a phone the whole command stays readable (and copyable).
    <pre className="rounded-md bg-slate-900 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-100">
      <code>{children}</code>
    </pre>
  );
}
