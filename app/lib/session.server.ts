import { randomBytes } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { redirect } from "react-router";
import type { Db } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import { adminUsers, sessions } from "~/db/schema";
import { env } from "~/env.server";
import { sha256Hex } from "./security.server";

/**
 * Admin sessions, following the Copenhagen Book: a random token (256 bits) lives only in an
 * HttpOnly cookie; the database keeps its SHA-256. The expiry slides while the admin is active
 * (IDLE) up to a hard maximum (MAX) after sign-in; sign-out deletes the row.
 */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;

export type AdminSession = { id: string; userId: string; expiresAt: Date };
export type Admin = { id: string; email: string; name: string };

/** `__Host-` prefix and `Secure` when the site is served over https. */
export function sessionCookieName(): string {
  return env().isHttps ? "__Host-session" : "session";
}

function cookie(value: string, maxAgeSeconds: number): string {
  const secure = env().isHttps ? "; Secure" : "";
  return `${sessionCookieName()}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

export function readSessionToken(request: Request): string | undefined {
  const name = sessionCookieName();
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=") || undefined;
  }
  return undefined;
}

export async function createSession(db: Db, userId: string): Promise<{ token: string; cookie: string }> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    id: sha256Hex(token),
    user_id: userId,
    expires_at: new Date(Date.now() + SESSION_IDLE_MS),
  });
  return { token, cookie: cookie(token, SESSION_IDLE_MS / 1000) };
}

export const clearSessionCookie = () => cookie("", 0);

/**
 * The session and admin behind a token, or undefined. Expired sessions are deleted; an active
 * one past half its idle time is extended (never beyond the hard maximum).
 */
export async function validateSession(
  db: Db,
  token: string | undefined,
): Promise<{ session: AdminSession; admin: Admin; refreshedCookie?: string } | undefined> {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const id = sha256Hex(token);
  const [row] = await db
    .select({
      session: sessions,
      admin: { id: adminUsers.id, email: adminUsers.email, name: adminUsers.name },
    })
    .from(sessions)
    .innerJoin(adminUsers, eq(adminUsers.id, sessions.user_id))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return undefined;
  const now = Date.now();
  const hardEnd = row.session.created_at.getTime() + SESSION_MAX_MS;
  if (row.session.expires_at.getTime() <= now || hardEnd <= now) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return undefined;
  }
  let expiresAt = row.session.expires_at;
  let refreshedCookie: string | undefined;
  if (expiresAt.getTime() - now < SESSION_IDLE_MS / 2 && expiresAt.getTime() < hardEnd) {
    expiresAt = new Date(Math.min(now + SESSION_IDLE_MS, hardEnd));
    await db.update(sessions).set({ expires_at: expiresAt }).where(eq(sessions.id, id));
    refreshedCookie = cookie(token, Math.floor((expiresAt.getTime() - now) / 1000));
  }
  return { session: { id, userId: row.session.user_id, expiresAt }, admin: row.admin, refreshedCookie };
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the admin except `keep` (after a password change). */
export async function deleteOtherSessions(db: Db, userId: string, keep?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.user_id, userId), ne(sessions.id, keep)) : eq(sessions.user_id, userId));
}

export async function pruneExpiredSessions(db: Db): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(sql`${sessions.expires_at} < now()`)
    .returning({ id: sessions.id });
  return deleted.length;
}

/** The signed-in admin of this request, if any. */
// One validation per request: the admin middleware, layout loader and tab loaders share it.
const perRequest = new WeakMap<Request, ReturnType<typeof validateSession>>();

export function getAdmin(request: Request) {
  let current = perRequest.get(request);
  if (!current) {
    current = getDb().then((db) => validateSession(db, readSessionToken(request)));
    perRequest.set(request, current);
  }
  return current;
}

/**
 * Every admin loader and action starts with this: it returns the admin and session, or sends
 * the visitor to the sign-in form at /admin.
 */
export async function requireAdmin(request: Request) {
  const current = await getAdmin(request);
  if (!current) {
    const { pathname, search } = new URL(request.url);
    const back = pathname.replace(/\.data$/, "") + search;
    throw redirect(back === "/admin" ? "/admin" : `/admin?redirectTo=${encodeURIComponent(back)}`);
  }
  return current;
}
