import { redirect } from "react-router";
import { z } from "zod";

/**
 * One-time messages that survive a redirect (e.g. "Project not found" on /projects): kept in a
 * short-lived cookie, read and cleared by the root route's middleware, shown as a toast.
 */
const FlashSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  title: z.string().max(300),
  description: z.string().max(500).optional(),
});
export type Flash = z.infer<typeof FlashSchema>;

const NAME = "flash";

export function flashCookie(flash: Flash): string {
  const value = Buffer.from(JSON.stringify(flash)).toString("base64url");
  return `${NAME}=${value}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

export const clearFlashCookie = `${NAME}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

/** The flash message of this request, if any (a malformed cookie counts as none). */
export function readFlash(request: Request): Flash | undefined {
  const cookie = request.headers.get("Cookie") ?? "";
  const match = cookie.match(/(?:^|;\s*)flash=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) return undefined;
  try {
    const parsed = FlashSchema.safeParse(JSON.parse(Buffer.from(match[1], "base64url").toString("utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function redirectWithFlash(url: string, flash: Flash, status = 302): Response {
  return redirect(url, { status, headers: { "Set-Cookie": flashCookie(flash) } });
}
