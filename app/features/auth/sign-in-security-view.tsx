import KeyRound from "lucide-react/icons/key-round";
import LogOut from "lucide-react/icons/log-out";
import ShieldCheck from "lucide-react/icons/shield-check";
import Smartphone from "lucide-react/icons/smartphone";
import { useState, type ReactNode } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { Button } from "~/ui/button";
import { Field, Input } from "~/ui/field";
import { SECURITY_MESSAGES as M } from "~/features/auth/security-messages";
import { formatDateTime } from "~/platform/format";
import type { FieldLimits } from "~/platform/forms/field-limits";
import { passkeyCeremony } from "~/features/auth/passkey-client";
import { toast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";
import { AuthenticatorLink, RecoveryCodes, TotpKey } from "~/features/auth/totp-enrolment";

/** What the Profil loader tells about sign-in security (routes/admin/profile-security.server.ts). */
export type SecurityOverview = {
  confirmedUntil: Date | string | null;
  passkeys: { id: string; name: string; createdAt: Date | string; lastUsedAt: Date | string | null }[];
  /** The limits of a passkey's name, for the rename form. */
  passkeyNameLimits: FieldLimits;
  totp: {
    activeSince: Date | string | null;
    recoveryLeft: number;
    /** The key in groups of four, the otpauth:// URI and its QR code. */
    pending?: { secret: string; uri: string; qrSvg: string };
  };
  secondFactorOnly: boolean;
  /** TOTP or a passkey exists: the password alone no longer confirms. */
  secondFactor: boolean;
  sessions: {
    id: string;
    device: string;
    createdAt: Date | string;
    lastUsedAt: Date | string;
    current: boolean;
  }[];
  userAgent: string;
};

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-xl border border-slate-200 p-5">
      <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A one-button form posting `intent` (and hidden fields) to the Profil action. */
function IntentButton({
  intent,
  fields = {},
  children,
  variant = "secondary",
  label,
}: {
  intent: string;
  fields?: Record<string, string>;
  children: ReactNode;
  variant?: "primary" | "secondary";
  label?: string;
}) {
  const navigation = useNavigation();
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={variant} aria-label={label} disabled={navigation.state === "submitting"}>
        {children}
      </Button>
    </Form>
  );
}

/** Runs a passkey ceremony from the Profil page and reloads its data afterwards. */
export function usePasskeyAction() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function run(kind: "confirm" | "register", extra: Record<string, string> = {}) {
    setBusy(true);
    const outcome = await passkeyCeremony(kind, extra);
    setBusy(false);
    if (outcome.ok) {
      toast.success(outcome.answer.title ?? M.confirmed);
      await revalidator.revalidate();
    } else if (outcome.title) {
      toast.error(outcome.title);
    }
  }
  return { busy, run };
}

/**
 * The confirmation within the last 10 minutes. Without a second factor the password gives it;
 * with one (TOTP or a passkey), only a code or a passkey does.
 */
function ConfirmIdentity({ overview }: { overview: SecurityOverview }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const passkey = usePasskeyAction();
  if (overview.confirmedUntil) {
    return (
      <p className="flex items-center gap-2 text-sm text-emerald-800">
        <ShieldCheck aria-hidden="true" className="size-4" />
        Identität bestätigt bis {formatDateTime(overview.confirmedUntil)} Uhr.
      </p>
    );
  }
  const withCode = Boolean(overview.totp.activeSince);
  const withPasskey = overview.passkeys.length > 0;
  const passkeyButton = hydrated && withPasskey && (
    <Button
      type="button"
      variant={withCode ? "secondary" : "primary"}
      disabled={passkey.busy}
      onClick={() => void passkey.run("confirm")}
    >
      <KeyRound aria-hidden="true" className="size-4" />
      {M.confirmWithPasskey}
    </Button>
  );
  return (
    <div className="space-y-4 rounded-lg bg-slate-50 p-4">
      <h3 className="font-semibold text-slate-900">{M.confirmHeading}</h3>
      <p className="text-sm text-slate-700">
        {overview.secondFactor ? M.confirmIntroSecondFactor : M.confirmIntro}
      </p>
      {overview.secondFactor && !withCode ? (
        // Only passkeys: nothing to type.
        <div className="flex flex-wrap gap-3">{passkeyButton}</div>
      ) : (
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="confirm" />
          {overview.secondFactor ? (
            <Field id="confirm-code" label={M.confirmCodeLabel}>
              {(props) => (
                <Input {...props} name="code" autoComplete="one-time-code" maxLength={40} required />
              )}
            </Field>
          ) : (
            <Field id="confirm-password" label="Passwort">
              {(props) => (
                <Input
                  {...props}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  maxLength={1024}
                />
              )}
            </Field>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={navigation.state === "submitting"}>
              Bestätigen
            </Button>
            {passkeyButton}
          </div>
        </Form>
      )}
    </div>
  );
}

function Passkeys({ overview }: { overview: SecurityOverview }) {
  const hydrated = useHydrated();
  const passkey = usePasskeyAction();
  return (
    <Section title={M.passkeysHeading} icon={<KeyRound aria-hidden="true" className="size-5" />}>
      <p className="text-sm text-slate-700">{M.passkeysIntro}</p>
      {overview.passkeys.length === 0 ? (
        <p className="text-sm text-slate-600">{M.noPasskeys}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {overview.passkeys.map((key) => (
            <li key={key.id} className="space-y-3 py-3">
              <div>
                <p className="font-medium text-slate-900">{key.name}</p>
                <p className="text-sm text-slate-600">
                  Erstellt am {formatDateTime(key.createdAt)} · Zuletzt verwendet:{" "}
                  {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "noch nie"}
                </p>
              </div>
              <div className="flex flex-wrap items-end gap-3">
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="rename-passkey" />
                  <input type="hidden" name="id" value={key.id} />
                  <Field
                    id={`passkey-name-${key.id}`}
                    label={`Neuer Name für ${key.name}`}
                    className="min-w-48"
                  >
                    {(props) => (
                      <Input {...props} name="name" defaultValue={key.name} {...overview.passkeyNameLimits} />
                    )}
                  </Field>
                  <Button type="submit" variant="secondary">
                    Umbenennen
                  </Button>
                </Form>
                <IntentButton intent="remove-passkey" fields={{ id: key.id }} label={`${key.name} entfernen`}>
                  Entfernen
                </IntentButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      {hydrated && (
        <Button type="button" disabled={passkey.busy} onClick={() => void passkey.run("register")}>
          <KeyRound aria-hidden="true" className="size-4" />
          {M.addPasskey}
        </Button>
      )}
    </Section>
  );
}

function SecondFactor({ overview, recoveryCodes }: { overview: SecurityOverview; recoveryCodes?: string[] }) {
  const { totp } = overview;
  return (
    <Section title={M.totpHeading} icon={<Smartphone aria-hidden="true" className="size-5" />}>
      <p className="text-sm text-slate-700">{M.totpIntro}</p>
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
      {totp.activeSince ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-800">
            Aktiv seit {formatDateTime(totp.activeSince)}. Unbenutzte Wiederherstellungscodes:{" "}
            {totp.recoveryLeft}
          </p>
          <div className="flex flex-wrap gap-3">
            <IntentButton intent="recovery-codes">Neue Wiederherstellungscodes erzeugen</IntentButton>
            <IntentButton intent="totp-disable">Deaktivieren</IntentButton>
          </div>
        </div>
      ) : totp.pending ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">{M.totpScan}</p>
          <div
            className="w-48 rounded-lg bg-white p-2 ring-1 ring-slate-200"
            role="img"
            aria-label="QR-Code für die Authenticator-App"
            // Drawn on the server by uqr from the otpauth:// URI: no markup from outside.
            dangerouslySetInnerHTML={{ __html: totp.pending.qrSvg }}
          />
          <AuthenticatorLink uri={totp.pending.uri} />
          <TotpKey secret={totp.pending.secret} />
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="totp-activate" />
            <Field id="totp-code" label="Code aus der App">
              {(props) => (
                <Input
                  {...props}
                  name="code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={8}
                  required
                />
              )}
            </Field>
            <Button type="submit">Aktivieren</Button>
          </Form>
          <IntentButton intent="totp-cancel">Abbrechen</IntentButton>
        </div>
      ) : (
        <IntentButton intent="totp-start" variant="primary">
          {M.totpSetUp}
        </IntentButton>
      )}
    </Section>
  );
}

function SecondFactorOnly({ overview }: { overview: SecurityOverview }) {
  return (
    <Section title={M.secondFactorOnlyLabel} icon={<ShieldCheck aria-hidden="true" className="size-5" />}>
      <p className="text-sm text-slate-700">{M.secondFactorOnlyHint}</p>
      <p className="text-sm font-medium text-slate-900">
        Status: {overview.secondFactorOnly ? "eingeschaltet" : "ausgeschaltet"}
      </p>
      <IntentButton
        intent="second-factor-only"
        fields={{ enabled: overview.secondFactorOnly ? "off" : "on" }}
      >
        {overview.secondFactorOnly ? "Ausschalten" : "Einschalten"}
      </IntentButton>
    </Section>
  );
}

function Sessions({ overview }: { overview: SecurityOverview }) {
  return (
    <Section title={M.sessionsHeading} icon={<LogOut aria-hidden="true" className="size-5" />}>
      <ul className="divide-y divide-slate-200">
        {overview.sessions.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
            data-testid="session"
          >
            <div>
              <p className="font-medium text-slate-900">
                {session.device}
                {session.current && (
                  <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                    {M.currentSession}
                  </span>
                )}
              </p>
              <p className="text-sm text-slate-600">
                Angemeldet am {formatDateTime(session.createdAt)} · Zuletzt aktiv{" "}
                {formatDateTime(session.lastUsedAt)}
              </p>
            </div>
            {!session.current && (
              <IntentButton
                intent="end-session"
                fields={{ id: session.id }}
                label={`${session.device} abmelden`}
              >
                Abmelden
              </IntentButton>
            )}
          </li>
        ))}
      </ul>
      {overview.sessions.length > 1 && (
        <IntentButton intent="end-other-sessions">Alle anderen abmelden</IntentButton>
      )}
    </Section>
  );
}

/** The Profil tab's "Anmeldung und Sicherheit". */
export function SignInSecurity({
  overview,
  recoveryCodes,
}: {
  overview: SecurityOverview;
  recoveryCodes?: string[];
}) {
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-bold text-slate-900">{M.heading}</h2>
      <ConfirmIdentity overview={overview} />
      <Passkeys overview={overview} />
      <SecondFactor overview={overview} recoveryCodes={recoveryCodes} />
      <SecondFactorOnly overview={overview} />
      <Sessions overview={overview} />
    </div>
  );
}
