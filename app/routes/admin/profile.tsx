import { eq } from "drizzle-orm";
import { useEffect, useState } from "react";
import { data, useActionData, useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import { z } from "zod";
import { SignInSecurity } from "~/components/admin/sign-in-security";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { ADMIN_MESSAGES } from "~/content/admin-messages";
import { adminUsers } from "~/db/schema";
import { AUTH_MESSAGES, setPassword, signIn } from "~/lib/auth.server";
import { SINGLE_LINE, SINGLE_LINE_MESSAGE } from "~/lib/forms";
import { PasswordSchema } from "~/lib/password-rules.server";
import { clientAddressContext, databaseContext } from "~/lib/request-context";
import { createSession, deleteOtherSessions, requireAdmin } from "~/lib/session.server";
import {
  SECURITY_INTENTS,
  securityAction,
  securityOverview,
  type SecurityResult,
} from "./profile-security.server";
import type { Route } from "./+types/profile";

/** Spec §2/§5: name editable, e-mail read-only, password change behind "Passwort ändern". */
const NameSchema = z
  .string()
  .trim()
  .max(100, "Der Name darf höchstens 100 Zeichen lang sein.")
  .regex(SINGLE_LINE, SINGLE_LINE_MESSAGE);

type ProfileResult = { ok: boolean; message: string; errors?: Partial<Record<string, string>> };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin, session } = await requireAdmin(request, context);
  return {
    name: admin.name,
    email: admin.email,
    security: await securityOverview(await context.get(databaseContext), session, request),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, session } = await requireAdmin(request, context);
  const fail = (message: string, errors?: ProfileResult["errors"], status = 400) =>
    data<ProfileResult>({ ok: false, message: ADMIN_MESSAGES.profileError(message), errors }, { status });
  const form = await request.formData().catch(() => undefined);
  if (!form) return fail(ADMIN_MESSAGES.unreadableRequest);
  const intent = String(form.get("intent") ?? "");
  if (SECURITY_INTENTS.has(intent)) {
    return securityAction(await context.get(databaseContext), {
      session,
      intent,
      form,
      clientAddress: context.get(clientAddressContext),
    });
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
    const strong = PasswordSchema.safeParse(password);
    if (!strong.success)
      return fail(strong.error.issues[0]!.message, { password: strong.error.issues[0]!.message });
    // Checked like a sign-in, under the same limits (issue #16): a stolen session cannot guess.
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
    await setPassword(db, admin.id, password);
    // A new password ends every session, this one renewed under a new token (a stolen session
    // or token stops working).
    await deleteOtherSessions(db, admin.id);
    renewed = await createSession(db, admin.id, request);
  }
  await db
    .update(adminUsers)
    .set({ name: name.data, updated_at: new Date() })
    .where(eq(adminUsers.id, admin.id));
  return data<ProfileResult>(
    { ok: true, message: ADMIN_MESSAGES.profileUpdated },
    renewed ? { headers: { "Set-Cookie": renewed.cookie } } : undefined,
  );
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
      <fetcher.Form key={formKey} method="post" className="space-y-5">
        <Field id="profile-email" label="E-Mail">
          {(props) => <Input {...props} value={loaderData.email} disabled readOnly />}
        </Field>
        <Field id="profile-name" label="Name" error={errors.name}>
          {(props) => <Input {...props} name="name" defaultValue={loaderData.name} maxLength={100} />}
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
            <Field
              id="profile-password"
              label="Neues Passwort (mindestens 10 Zeichen)"
              error={errors.password}
            >
              {(props) => (
                <Input
                  {...props}
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  required
                  maxLength={128}
                />
              )}
            </Field>
            <Field id="profile-confirm" label="Neues Passwort wiederholen" error={errors.confirmPassword}>
              {(props) => (
                <Input
                  {...props}
                  name="confirmPassword"
                  type="password"
                  autoComplete="new-password"
                  required
                />
              )}
            </Field>
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
