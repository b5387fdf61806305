import KeyRound from "lucide-react/icons/key-round";
import type { ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { NewPasswordFields } from "~/features/auth/new-password-fields";
import { newPasswordProblem } from "~/features/auth/password-rules.server";
import {
  checkResetCode,
  completePasswordReset,
  resetState,
  type ResetState,
} from "~/features/auth/password-reset.server";
import { RESET_MESSAGES as M } from "~/features/auth/password-reset-messages";
import { SecondStepForm } from "~/features/auth/second-step-form";
import { createSession } from "~/features/auth/session.server";
import { AUTH_MESSAGES } from "~/features/auth/sign-in-limits.server";
import { deviceOf } from "~/features/auth/sign-in-notices.server";
import { CHECK_MARKED_FIELDS } from "~/platform/forms/messages";
import { redirectWithFlash } from "~/platform/http/flash.server";
import { clientAddressContext, databaseContext, type RequestContext } from "~/platform/http/request-context";
import { Button, buttonClass } from "~/ui/button";
import { FormStatus } from "~/ui/field";
import type { Route } from "./+types/password-reset";

/**
 * /admin/passwort-zuruecksetzen?token=…: the link of "Passwort vergessen?". With TOTP on, the
 * code first (the sign-in's second-step form), then the new password; the owner is then signed
 * in. The rules are in password-reset.server.ts.
 */
type Stage = "invalid" | "passkey-only" | "code" | "password";

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token");

async function stateOf(request: Request, context: RequestContext): Promise<ResetState> {
  return resetState(await context.get(databaseContext), tokenOf(request));
}

/** An unusable link answers 404 (and the page says why), never the admin's details. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { stage } = await stateOf(request, context);
  return data({ stage: stage as Stage }, { status: stage === "invalid" ? 404 : 200 });
}

type ActionData = { ok: false; title: string; errors?: Partial<Record<string, string>> };
const failure = (title: string, status: number, errors?: ActionData["errors"], headers?: HeadersInit) =>
  data<ActionData>({ ok: false, title, errors }, { status, headers });

export async function action({ request, context }: Route.ActionArgs) {
  const db = await context.get(databaseContext);
  const state = await stateOf(request, context);
  if (state.stage === "invalid") return failure(M.invalid, 404);
  if (state.stage === "passkey-only") return failure(M.passkeyOnly, 403);
  const form = await request.formData().catch(() => undefined);
  const field = (name: string) => String(form?.get(name) ?? "");

  if (state.stage === "code") {
    if (field("intent") !== "code") return failure(M.codeFirst, 403);
    const code = field("code").trim();
    if (!code || code.length > 40) return failure(AUTH_MESSAGES.invalidCode, 400);
    const checked = await checkResetCode(db, state, code, {
      clientAddress: context.get(clientAddressContext),
      request,
    });
    if (checked.ok) return redirect(`/admin/passwort-zuruecksetzen?token=${checked.token}`);
    if (checked.reason === "throttled") {
      const title = AUTH_MESSAGES.throttled(Math.ceil(checked.retryAfterSeconds / 60));
      return failure(title, 429, undefined, { "Retry-After": String(checked.retryAfterSeconds) });
    }
    if (checked.reason === "expired") return failure(M.invalid, 404);
    return failure(AUTH_MESSAGES.invalidCode, 401);
  }

  const password = field("password");
  if (password !== field("confirmPassword")) {
    return failure(CHECK_MARKED_FIELDS, 400, { confirmPassword: M.passwordsDoNotMatch });
  }
  const weak = await newPasswordProblem(password, [state.admin.email, state.admin.name]);
  if (weak) return failure(CHECK_MARKED_FIELDS, 400, { password: weak });
  const done = await completePasswordReset(db, state, password, deviceOf(request));
  if (!done.ok) return failure(M.invalid, 404);
  const session = await createSession(db, state.admin.id, request, { confirmed: done.confirmed });
  const response = redirectWithFlash("/admin", { type: "success", title: M.saved });
  response.headers.append("Set-Cookie", session.cookie);
  return response;
}

/** Passes Retry-After of a throttled code on to the client. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function PasswordReset({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  // The forms post back to this page's own link.
  const self = `/admin/passwort-zuruecksetzen?token=${encodeURIComponent(params.get("token") ?? "")}`;
  switch (loaderData.stage) {
    case "invalid":
      return (
        <Notice heading={M.invalidHeading} text={M.invalid}>
          <Link to="/admin/passwort-vergessen" className={buttonClass({ className: "mt-8 w-full" })}>
            {M.requestAgain}
          </Link>
        </Notice>
      );
    case "passkey-only":
      return (
        <Notice heading={M.passkeyOnlyHeading} text={M.passkeyOnly}>
          <Link to="/admin" className={buttonClass({ className: "mt-8 w-full" })}>
            {M.backToSignIn}
          </Link>
        </Notice>
      );
    case "code":
      return (
        <SecondStepForm
          action={self}
          intro={M.codeIntro}
          cancel={
            <Link to="/admin" className={buttonClass({ variant: "secondary", className: "mt-3 w-full" })}>
              {M.backToSignIn}
            </Link>
          }
        />
      );
    case "password":
      return <NewPasswordForm action={self} actionData={actionData} />;
  }
}

function Notice({ heading, text, children }: { heading: string; text: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{heading}</h1>
      <p className="mt-2 text-slate-600">{text}</p>
      {children}
    </div>
  );
}

function NewPasswordForm({ action, actionData }: { action: string; actionData?: ActionData }) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{M.resetHeading}</h1>
      <p className="mt-2 text-slate-600">{M.resetIntro}</p>
      <Form method="post" action={action} className="mt-8 space-y-5">
        <FormStatus result={actionData} />
        <NewPasswordFields
          idPrefix="reset"
          label={M.passwordLabel}
          confirmLabel={M.confirmLabel}
          errors={actionData?.errors ?? {}}
          userInputs={[]}
          minLength={10}
        />
        <Button type="submit" disabled={submitting} className="w-full">
          <KeyRound aria-hidden="true" className="size-4" />
          {submitting ? M.saving : M.save}
        </Button>
      </Form>
    </div>
  );
}

export const meta = () => [{ title: M.resetHeading }, { name: "robots", content: "noindex, nofollow" }];
