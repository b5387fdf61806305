import { redirect } from "react-router";
import { ADMIN_MESSAGES } from "~/features/admin";
import { redirectWithFlash } from "~/platform/http/flash.server";
import { clearSessionCookie, deleteSession, requireAdmin } from "~/features/auth/session.server";
import type { Route } from "./+types/logout";
import { databaseContext } from "~/platform/http/request-context";

/** Signing out deletes the session on the server, not only the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const { session } = await requireAdmin(request, context);
  await deleteSession(await context.get(databaseContext), session.id);
  const response = redirectWithFlash("/admin", { type: "success", title: ADMIN_MESSAGES.logoutSuccess });
  response.headers.append("Set-Cookie", clearSessionCookie());
  return response;
}

export function loader() {
  return redirect("/admin");
}
