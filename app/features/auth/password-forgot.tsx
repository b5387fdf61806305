import Mail from "lucide-react/icons/mail";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { requestPasswordReset } from "~/features/auth/password-reset.server";
import { RESET_MESSAGES as M } from "~/features/auth/password-reset-messages";
import { AUTH_MESSAGES } from "~/features/auth/sign-in-limits.server";
import { env } from "~/platform/env.server";
import { fieldErrors } from "~/platform/forms/schemas";
import { clientAddressContext, databaseContext, mailQueuedContext } from "~/platform/http/request-context";
import { Button, buttonClass } from "~/ui/button";
import { Field, FormStatus, Input } from "~/ui/field";
import type { Route } from "./+types/password-forgot";

/**
 * /admin/passwort-vergessen: asks for the admin's address and sends the one-time link
 * (password-reset.server.ts). Every address gets the same answer.
 */
const ForgotSchema = z.object({
  email: z.string().trim().pipe(z.email(M.emailInvalid).max(254, M.emailInvalid)),
});

export function loader({ request }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.has("gesendet");
  return { sent, mailDrop: sent && !env().SMTP_URL };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => undefined);
  const parsed = ForgotSchema.safeParse({ email: String(form?.get("email") ?? "") });
  if (!parsed.success) {
    return data(
      { ok: false as const, title: M.emailInvalid, errors: fieldErrors(parsed.error) },
      { status: 400 },
    );
  }
  const db = await context.get(databaseContext);
  const result = await requestPasswordReset(db, parsed.data.email, context.get(clientAddressContext));
  if (!result.ok) {
    const title = AUTH_MESSAGES.throttled(Math.ceil(result.retryAfterSeconds / 60));
    return data(
      { ok: false as const, title, errors: {} as Partial<Record<string, string>> },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  context.get(mailQueuedContext)();
  return redirect("/admin/passwort-vergessen?gesendet");
}

/** Passes Retry-After of a throttled request on to the client. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function PasswordForgot({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  if (loaderData.sent) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{M.sentHeading}</h1>
        <p className="mt-2 text-slate-600" role="status">
          {M.sent}
        </p>
        {loaderData.mailDrop && (
          <p className="mt-4 rounded-lg bg-amber-50 p-4 text-amber-900">{M.sentToMailDrop}</p>
        )}
        <Link to="/admin" className={buttonClass({ variant: "secondary", className: "mt-8 w-full" })}>
          {M.backToSignIn}
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{M.requestHeading}</h1>
      <p className="mt-2 text-slate-600">{M.requestIntro}</p>
      <Form method="post" className="mt-8 space-y-5">
        <FormStatus result={actionData} />
        <Field id="forgot-email" label={M.emailLabel} error={actionData?.errors?.email}>
          {(props) => (
            <Input {...props} name="email" type="email" autoComplete="username" required maxLength={254} />
          )}
        </Field>
        <Button type="submit" disabled={submitting} className="w-full">
          <Mail aria-hidden="true" className="size-4" />
          {submitting ? M.sending : M.send}
        </Button>
      </Form>
      <Link to="/admin" className={buttonClass({ variant: "secondary", className: "mt-3 w-full" })}>
        {M.backToSignIn}
      </Link>
    </div>
  );
}

export const meta = () => [{ title: M.requestHeading }, { name: "robots", content: "noindex, nofollow" }];
