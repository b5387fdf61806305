import { createContext, redirect } from "react-router";
import { z } from "zod";
import { env } from "~/platform/env.server";
import { FLASH_COOKIE } from "./cookie-names";

/**
 * One-time messages that survive a redirect (e.g. "Project not found" on /projects): kept in a
 * short-lived cookie, read and cleared by the root route's middleware, shown as a toast.
 */
const LIMITS = { title: 300, description: 500 } as const;

const FlashSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  title: z.string().max(LIMITS.title),
  description: z.string().max(LIMITS.description).optional(),
});
export type Flash = z.infer<typeof FlashSchema>;

/** The request's flash message, from the root middleware (which reads the cookie) to the root loader. */
export const flashContext = createContext<Flash | null>(null);

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Messages can quote request data ("No project found with id <id from the URL>"): they are cut
 * to what readFlash accepts, so the cookie stays small (a 10 KB id made a header no client took).
 */
export function flashCookie(flash: Flash): string {
  const fitted: Flash = {
    ...flash,
    title: clip(flash.title, LIMITS.title),
    ...(flash.description === undefined ? {} : { description: clip(flash.description, LIMITS.description) }),
  };
  const value = Buffer.from(JSON.stringify(fitted)).toString("base64url");
  return cookie(value, 60);
}

export const clearFlashCookie = (): string => cookie("", 0);

/** Like the session cookie: `Secure` when the site is served over https. */
const cookie = (value: string, maxAgeSeconds: number) =>
  `${FLASH_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${env().isHttps ? "; Secure" : ""}`;

const FLASH_VALUE = new RegExp(`(?:^|;\\s*)${FLASH_COOKIE}=([A-Za-z0-9_-]+)`);

/** The flash message of this request, if any (a malformed cookie counts as none). */
export function readFlash(request: Request): Flash | undefined {
  const cookie = request.headers.get("Cookie") ?? "";
  const match = cookie.match(FLASH_VALUE);
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
