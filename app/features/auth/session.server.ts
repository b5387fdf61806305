import { randomBytes } from "node:crypto";
import { and, desc, eq, ne, or, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { adminCards } from "~/features/auth/admin-users.server";
import type { Db } from "~/platform/db/engines.server";
import { sessions } from "~/platform/db/schema";
import { env } from "~/platform/env.server";
import {
  SESSION_COOKIE_HTTP,
  SESSION_COOKIE_HTTPS,
  SIGN_IN_STEP_COOKIE_HTTP,
  SIGN_IN_STEP_COOKIE_HTTPS,
} from "~/platform/http/cookie-names";
import { pagePath } from "~/platform/http/paths";
import { sha256Hex } from "~/platform/db/installation-secret.server";
import { databaseContext, type RequestContext } from "~/platform/http/request-context";

/**
 * Admin sessions, following the Copenhagen Book: a random token (256 bits) lives only in an
 * HttpOnly cookie; the database keeps its SHA-256. The expiry slides while the admin is active
 * (IDLE) up to a hard maximum (MAX) after sign-in; sign-out deletes the row. Changing how one
 * signs in (password, passkeys, second factor) needs a proof of identity within REAUTH
 * (the reasons are in docs/decisions/0015-sign-in-security.md). The only module that touches
 * the sessions table.
 */

/** 24 hours without use, 14 days after sign-in at most; a confirmation counts for 10 minutes. */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 14 * 24 * 60 * 60 * 1000;
export const REAUTH_MS = 10 * 60 * 1000;

/** The session list's "zuletzt aktiv" is written at most this often. */
const LAST_USED_RESOLUTION_MS = 60 * 1000;

export type AdminSession = {
  id: string;
  publicId: string;
  userId: string;
  expiresAt: Date;
  verifiedAt: Date;
};
export type Admin = { id: string; email: string; name: string };

/** `__Host-` prefix and `Secure` when the site is served over https. */
export function sessionCookieName(): string {
  return env().isHttps ? SESSION_COOKIE_HTTPS : SESSION_COOKIE_HTTP;
}

/** The pending second step of a sign-in (password accepted, code still due). */
export function signInStepCookieName(): string {
  return env().isHttps ? SIGN_IN_STEP_COOKIE_HTTPS : SIGN_IN_STEP_COOKIE_HTTP;
}

const secure = () => (env().isHttps ? "; Secure" : "");

const cookie = (value: string, maxAgeSeconds: number) =>
  `${sessionCookieName()}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure()}`;

/** The cookie of a pending second step (its token names a row of auth_challenges). */
export const signInStepCookie = (value: string, maxAgeSeconds: number) =>
  `${signInStepCookieName()}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure()}`;

/** A token-shaped cookie value of this request (anything else counts as none). */
export function readTokenCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) {
      const token = value.join("=");
      return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : undefined;
    }
  }
  return undefined;
}

export const readSessionToken = (request: Request) => readTokenCookie(request, sessionCookieName());

/** The User-Agent kept for the session list: printable characters only, at most 300. */
export function userAgentOf(request: Request): string {
  return (request.headers.get("User-Agent") ?? "").replace(/[^\x20-\x7e]/g, "").slice(0, 300);
}

/**
 * A new session; `request` gives the User-Agent shown in the session list. It counts as
 * confirmed for REAUTH_MS unless `confirmed` is false: a sign-in with the password alone, while
 * the account has a passkey, proves less than a confirmation asks for.
 */
export async function createSession(
  db: Db,
  userId: string,
  request?: Request,
  { confirmed = true }: { confirmed?: boolean } = {},
): Promise<{ token: string; cookie: string }> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    id: sha256Hex(token),
    user_id: userId,
    expires_at: new Date(Date.now() + SESSION_IDLE_MS),
    user_agent: request ? userAgentOf(request) : "",
    ...(confirmed ? {} : { verified_at: new Date(Date.now() - REAUTH_MS) }),
  });
  return { token, cookie: cookie(token, SESSION_IDLE_MS / 1000) };
}

export const clearSessionCookie = () => cookie("", 0);

/**
 * The session and admin behind a token, or undefined. Expired sessions are deleted; an active
 * one past half its idle time is extended (never beyond the hard maximum). Its last use is
 * recorded to the minute.
 */
export async function validateSession(
  db: Db,
  token: string | undefined,
): Promise<{ session: AdminSession; admin: Admin; refreshedCookie?: string } | undefined> {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const id = sha256Hex(token);
  const admin = adminCards(db);
  const [row] = await db
    .select({ session: sessions, admin: { id: admin.id, email: admin.email, name: admin.name } })
    .from(sessions)
    .innerJoin(admin, eq(admin.id, sessions.user_id))
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
    refreshedCookie = cookie(token, Math.floor((expiresAt.getTime() - now) / 1000));
  }
  if (refreshedCookie || now - row.session.last_used_at.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db
      .update(sessions)
      .set({ expires_at: expiresAt, last_used_at: new Date(now) })
      .where(eq(sessions.id, id));
  }
  return {
    session: {
      id,
      publicId: row.session.public_id,
      userId: row.session.user_id,
      expiresAt,
      verifiedAt: row.session.verified_at,
    },
    admin: row.admin,
    refreshedCookie,
  };
}

/** Records that the admin of this session just proved who they are (password, passkey or code). */
export async function markSessionVerified(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ verified_at: new Date() }).where(eq(sessions.id, sessionId));
}

/** Whether the session proved its admin within REAUTH_MS (changing sign-in methods needs it). */
export const isRecentlyVerified = (session: AdminSession, now = Date.now()) =>
  now - session.verifiedAt.getTime() < REAUTH_MS;

export type SessionListEntry = {
  publicId: string;
  userAgent: string;
  createdAt: Date;
  lastUsedAt: Date;
  current: boolean;
};

/** The admin's active sessions, the most recently used first. */
export async function listSessions(db: Db, userId: string, currentId: string): Promise<SessionListEntry[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.user_id, userId), sql`${sessions.expires_at} > now()`))
    .orderBy(desc(sessions.last_used_at));
  return rows
    .filter((row) => row.created_at.getTime() + SESSION_MAX_MS > Date.now())
    .map((row) => ({
      publicId: row.public_id,
      userAgent: row.user_agent,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
      current: row.id === currentId,
    }));
}

/** Ends one of the admin's sessions by the ID the list shows; false when there is none. */
export async function deleteSessionByPublicId(db: Db, userId: string, publicId: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.user_id, userId), eq(sessions.public_id, publicId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Deletes sessions past their idle expiry or past the maximum after sign-in. */
export async function pruneExpiredSessions(db: Db): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(
      or(
        sql`${sessions.expires_at} < now()`,
        sql`${sessions.created_at} < now() - make_interval(secs => ${SESSION_MAX_MS / 1000})`,
      ),
    )
    .returning({ id: sessions.id });
  return deleted.length;
}

/** Ends every session of the admin except `keep` (after a password change). */
export async function deleteOtherSessions(db: Db, userId: string, keep?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.user_id, userId), ne(sessions.id, keep)) : eq(sessions.user_id, userId));
}

// One validation per request: the server's body limits, the admin middleware, layout loader and
// tab loaders share it.
const perRequest = new WeakMap<Request, ReturnType<typeof validateSession>>();

/** The signed-in admin of this request, if any, validated once however often it is asked. */
export function adminOfRequest(request: Request, db: () => Promise<Db>) {
  let current = perRequest.get(request);
  if (!current) {
    current = db().then((handle) => validateSession(handle, readSessionToken(request)));
    perRequest.set(request, current);
  }
  return current;
}

/** A copy of a request (the server read its body first) shares the original's validation. */
export function shareAdminOfRequest(original: Request, copy: Request): void {
  const current = perRequest.get(original);
  if (current) perRequest.set(copy, current);
}

/** The signed-in admin of this request, if any. */
export const getAdmin = (request: Request, context: RequestContext) =>
  adminOfRequest(request, () => context.get(databaseContext));

/**
 * Every admin loader and action starts with this: it returns the admin and session, or sends
 * the visitor to the sign-in form at /admin.
 */
export async function requireAdmin(request: Request, context: RequestContext) {
  const current = await getAdmin(request, context);
  if (!current) {
    const { pathname, search } = new URL(request.url);
    const back = pagePath(pathname) + search;
    throw redirect(back === "/admin" ? "/admin" : `/admin?redirectTo=${encodeURIComponent(back)}`);
  }
  return current;
}
