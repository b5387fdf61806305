import { data, redirect } from "react-router";
import { LoginForm } from "~/components/admin/login-form";
import { ADMIN_MESSAGES } from "~/content/admin-messages";
import { getDb } from "~/db/db.server";
import { AUTH_MESSAGES, signIn } from "~/lib/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { clientAddressContext } from "~/lib/request-context";
import { createSession, getAdmin } from "~/lib/session.server";
import type { Route } from "./+types/login";

/** Only same-site admin paths are followed after sign-in. */
function safeRedirect(value: FormDataEntryValue | null): string {
  const target = typeof value === "string" ? value : "";
  return target.startsWith("/admin") && !target.startsWith("//") ? target : "/admin";
}

export async function loader({ request }: Route.LoaderArgs) {
  if (await getAdmin(request)) throw redirect("/admin");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => undefined);
  const email = String(form?.get("email") ?? "").trim();
  const password = String(form?.get("password") ?? "");
  if (!email || !password || email.length > 254 || password.length > 1024) {
    return data(
      { ok: false as const, title: ADMIN_MESSAGES.loginFailed("E-Mail und Passwort sind erforderlich") },
      { status: 400 },
    );
  }
  const db = await getDb();
  const result = await signIn(db, email, password, context.get(clientAddressContext));
  if (!result.ok && result.reason === "throttled") {
    return data(
      { ok: false as const, title: AUTH_MESSAGES.throttled(Math.ceil(result.retryAfterSeconds / 60)) },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  if (!result.ok) return data({ ok: false as const, title: AUTH_MESSAGES.invalid }, { status: 401 });

  const session = await createSession(db, result.admin.id);
  const response = redirectWithFlash(safeRedirect(form?.get("redirectTo") ?? null), {
    type: "success",
    title: ADMIN_MESSAGES.loginSuccess,
  });
  response.headers.append("Set-Cookie", session.cookie);
  return response;
}

/** Passes Retry-After of a throttled sign-in on to the client. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function Login() {
  return <LoginForm />;
}
