import { SECURITY_MESSAGES } from "~/features/auth/security-messages";
import { redirectWithFlash } from "~/platform/http/flash.server";
import { pagePath } from "~/platform/http/paths";
import type { RequestContext } from "~/platform/http/request-context";
import { isRecentlyVerified, REAUTH_MS, requireAdmin, type AdminSession } from "./session.server";

/**
 * Exports and deletions of people's data need a confirmation of the owner within the last 10
 * minutes, like changing how one signs in (the list and its reasons: docs/decisions/
 * 0015-sign-in-security.md, "Actions that need a recent confirmation"). Without one the owner
 * is sent to Profil with a toast, and Profil brings them back once confirmed.
 */
export const PROFILE_PATH = "/admin/profil";

/**
 * `value` as a path to come back to: a page of the admin area on this site (never Profil
 * itself), or undefined. It arrives in a URL anyone can send the owner, so nothing else passes.
 */
export function adminReturnPath(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 2000) return undefined;
  if (!/^\/admin(?:[/?]|$)/.test(value) || /[\\\s]/.test(value) || value.includes("//")) return undefined;
  const base = "http://site.invalid";
  const url = new URL(value, base);
  if (url.origin !== base) return undefined;
  const path = pagePath(url.pathname);
  if (!/^\/admin(?:\/|$)/.test(path) || path === PROFILE_PATH) return undefined;
  return path + url.search;
}

/** Until when the session's confirmation holds, or null when it needs a new one. */
export const confirmedUntil = (session: AdminSession): Date | null =>
  isRecentlyVerified(session) ? new Date(session.verifiedAt.getTime() + REAUTH_MS) : null;

/** Profil's address with the way back to `back`. */
export function confirmationPath(back: string | undefined): string {
  const path = adminReturnPath(back);
  return path ? `${PROFILE_PATH}?redirectTo=${encodeURIComponent(path)}` : PROFILE_PATH;
}

/** The answer to a sensitive action without a recent confirmation: Profil, with a toast. */
export function confirmFirst(back: string): Response {
  return redirectWithFlash(confirmationPath(back), { type: "error", title: SECURITY_MESSAGES.confirmFirst });
}

/**
 * The start of every sensitive action: the signed-in admin and session, or (thrown) the way to
 * Profil and back to `back`, the page the action was started from.
 */
export async function requireRecentConfirmation(request: Request, context: RequestContext, back: string) {
  const current = await requireAdmin(request, context);
  if (!isRecentlyVerified(current.session)) throw confirmFirst(back);
  return current;
}
