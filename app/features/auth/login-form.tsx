import KeyRound from "lucide-react/icons/key-round";
import LogIn from "lucide-react/icons/log-in";
import { useEffect, useState } from "react";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { toast } from "~/ui/toast";
import { Button } from "~/ui/button";
import { Field, FormStatus, Input } from "~/ui/field";
import { useHydrated } from "~/ui/use-hydrated";
import { passkeyCeremony } from "~/features/auth/passkey-client";
import { RESET_MESSAGES } from "~/features/auth/password-reset-messages";

export type LoginActionData = { ok: false; title: string; description?: string };

/**
 * Sign-in form (spec §2, §5): e-mail and password, both required. Posts to /admin/login. With
 * JavaScript, a passkey signs in too: offered in the e-mail field's autofill where the browser
 * can (conditional mediation), and behind "Mit Passkey anmelden".
 */
export function LoginForm() {
  const actionData = useActionData<LoginActionData>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const submitting = navigation.state !== "idle" && navigation.formAction === "/admin/login";
  const hydrated = useHydrated();
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const redirectTo = params.get("redirectTo") ?? "";

  useEffect(() => {
    if (actionData) toast.error(actionData.title, { description: actionData.description });
  }, [actionData]);

  // Autofill: the browser offers the site's passkeys in the e-mail field until one is chosen.
  // Nothing is reported from here: the visitor did not ask for it (the button reports).
  useEffect(() => {
    let active = true;
    void passkeyCeremony("sign-in", { redirectTo }, { autofill: true }).then((outcome) => {
      if (active && outcome.ok) window.location.assign(outcome.answer.redirectTo ?? "/admin");
    });
    return () => {
      active = false;
    };
  }, [redirectTo]);

  async function signInWithPasskey() {
    setPasskeyBusy(true);
    const outcome = await passkeyCeremony("sign-in", { redirectTo });
    if (outcome.ok) {
      window.location.assign(outcome.answer.redirectTo ?? "/admin");
      return;
    }
    setPasskeyBusy(false);
    if (outcome.title) toast.error(outcome.title);
  }

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin Login</h1>
      <p className="mt-2 text-slate-600">Melde dich an, um Projekte, Anfragen und Abonnenten zu verwalten.</p>
      <Form method="post" action="/admin/login" className="mt-8 space-y-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormStatus result={actionData} />
        <Field id="login-email" label="E-Mail">
          {(props) => (
            <Input {...props} name="email" type="email" autoComplete="username webauthn" required />
          )}
        </Field>
        <Field id="login-password" label="Passwort">
          {(props) => (
            <Input {...props} name="password" type="password" autoComplete="current-password" required />
          )}
        </Field>
        <p className="text-right text-sm">
          <Link
            to="/admin/passwort-vergessen"
            className="inline-block py-3 font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            {RESET_MESSAGES.link}
          </Link>
        </p>
        <Button type="submit" disabled={submitting} className="w-full">
          <LogIn aria-hidden="true" className="size-4" />
          {submitting ? "Wird angemeldet …" : "Login"}
        </Button>
      </Form>
      {hydrated && (
        <Button
          type="button"
          variant="secondary"
          className="mt-3 w-full"
          disabled={passkeyBusy}
          onClick={() => void signInWithPasskey()}
        >
          <KeyRound aria-hidden="true" className="size-4" />
          Mit Passkey anmelden
        </Button>
      )}
    </div>
  );
}
