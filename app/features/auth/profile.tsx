import ArrowLeft from "lucide-react/icons/arrow-left";
import KeyRound from "lucide-react/icons/key-round";
import { useEffect, useRef, useState } from "react";
import { Link, useActionData, useFetcher, useNavigate } from "react-router";
import { toast } from "~/ui/toast";
import { NewPasswordFields } from "~/features/auth/new-password-fields";
import {
  SignInSecurity,
  usePasskeyAction,
  type SecurityOverview,
} from "~/features/auth/sign-in-security-view";
import { Button, buttonClass } from "~/ui/button";
import { Field, Input } from "~/ui/field";
import { ADMIN_MESSAGES } from "~/features/admin";
import { CONFIRMATION_MESSAGES, SECURITY_MESSAGES as M } from "~/features/auth/security-messages";
import { useHydrated } from "~/ui/use-hydrated";
import { formatDateTime } from "~/platform/format";
import type { SecurityResult } from "./profile-security.server";
import { loadProfile, profileAction, type ProfileResult } from "./profile.server";
import type { Route } from "./+types/profile";

export function loader({ request, context }: Route.LoaderArgs) {
  return loadProfile(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return profileAction(request, context);
}

export default function AdminProfile({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<ProfileResult>();
  const security = useActionData<SecurityResult>();

  useEffect(() => {
    if (!security) return;
    if (security.ok) toast.success(security.message);
    else toast.error(security.message);
  }, [security]);
  const [showPassword, setShowPassword] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const errors = fetcher.data?.errors ?? {};

  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message);
      // After a successful save the password section closes and its fields clear.
      setShowPassword(false); // eslint-disable-line react-hooks/set-state-in-effect -- reacting to the server's answer
      setFormKey((key) => key + 1);
    } else {
      toast.error(fetcher.data.message);
    }
  }, [fetcher.data]);

  return (
    <div className="max-w-xl space-y-6">
      <h2 className="text-2xl font-bold text-slate-900">{ADMIN_MESSAGES.profileHeading}</h2>
      {loaderData.returnTo && (
        <ReturnNotice to={loaderData.returnTo} confirmedUntil={loaderData.security.confirmedUntil} />
      )}
      <fetcher.Form key={formKey} method="post" className="space-y-5">
        <Field id="profile-email" label="E-Mail">
          {(props) => <Input {...props} value={loaderData.email} disabled readOnly />}
        </Field>
        <Field id="profile-name" label="Name" error={errors.name}>
          {(props) => (
            <Input {...props} name="name" defaultValue={loaderData.name} {...loaderData.nameLimits} />
          )}
        </Field>
        <Button
          type="button"
          variant="secondary"
          onClick={() => setShowPassword((open) => !open)}
          aria-expanded={showPassword}
        >
          {showPassword ? ADMIN_MESSAGES.cancel : ADMIN_MESSAGES.changePassword}
        </Button>
        {showPassword && (
          <div className="space-y-5 rounded-xl border border-slate-200 p-5">
            <input type="hidden" name="changePassword" value="on" />
            <Field id="profile-current" label="Aktuelles Passwort" error={errors.currentPassword}>
              {(props) => (
                <Input
                  {...props}
                  name="currentPassword"
                  type="password"
                  autoComplete="current-password"
                  required
                />
              )}
            </Field>
            <SecondProof security={loaderData.security} error={errors.code} />
            <NewPasswordFields
              idPrefix="profile"
              label="Neues Passwort (mindestens 10 Zeichen)"
              confirmLabel="Neues Passwort wiederholen"
              errors={errors}
              userInputs={[loaderData.email, loaderData.name]}
            />
          </div>
        )}
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Speichern
        </Button>
      </fetcher.Form>
      <SignInSecurity overview={loaderData.security} recoveryCodes={security?.recoveryCodes} />
    </div>
  );
}

/**
 * What a new password needs besides the current one once the account has a second factor:
 * a code typed here, or a confirmation with a passkey within the last 10 minutes.
 */
function SecondProof({ security, error }: { security: SecurityOverview; error?: string }) {
  const hydrated = useHydrated();
  const passkey = usePasskeyAction();
  if (!security.secondFactor) return null;
  if (security.confirmedUntil) {
    return (
      <p className="text-sm text-emerald-800">
        {M.passwordChangeConfirmed(formatDateTime(security.confirmedUntil))}
      </p>
    );
  }
  const withPasskey = security.passkeys.length > 0;
  const passkeyButton = hydrated && withPasskey && (
    <Button
      type="button"
      variant="secondary"
      disabled={passkey.busy}
      onClick={() => void passkey.run("confirm")}
    >
      <KeyRound aria-hidden="true" className="size-4" />
      {M.confirmWithPasskey}
    </Button>
  );
  if (!security.totp.activeSince) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">{M.passwordChangeNeedsPasskey}</p>
        {error && <p className="text-sm text-red-700">{error}</p>}
        {passkeyButton}
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <Field
        id="profile-code"
        label={M.passwordChangeCodeLabel}
        hint={
          withPasskey
            ? `${M.passwordChangeNeedsCode} ${M.passwordChangeOrPasskey}`
            : M.passwordChangeNeedsCode
        }
        error={error}
      >
        {(props) => <Input {...props} name="code" autoComplete="one-time-code" maxLength={40} required />}
      </Field>
      {passkeyButton}
    </div>
  );
}

/**
 * Shown when an export, deletion or send sent the owner here to confirm (`?redirectTo=`): the
 * way back. A password or code confirmation is redirected back by the server; a passkey one
 * ends in the page's data, so the page goes back itself once the confirmation appears.
 */
function ReturnNotice({ to, confirmedUntil }: { to: string; confirmedUntil: Date | string | null }) {
  const navigate = useNavigate();
  const confirmed = confirmedUntil !== null;
  const wasConfirmed = useRef(confirmed);
  useEffect(() => {
    if (confirmed && !wasConfirmed.current) void navigate(to);
    wasConfirmed.current = confirmed;
  }, [confirmed, navigate, to]);
  return (
    <div role="status" className="space-y-3 rounded-lg border border-brand-100 bg-brand-50 p-4">
      <p className="text-sm text-slate-800">
        {confirmed ? CONFIRMATION_MESSAGES.returnReady : CONFIRMATION_MESSAGES.returnNotice}
      </p>
      <Link to={to} className={buttonClass({ variant: confirmed ? "primary" : "secondary", size: "sm" })}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {CONFIRMATION_MESSAGES.returnLink}
      </Link>
    </div>
  );
}
