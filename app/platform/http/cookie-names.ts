/**
 * The names of every cookie the server sets, in one place: session.server.ts and flash.server.ts
 * write them, the page cache (server/page-cache.ts) serves no shared page to a request carrying
 * the session or flash cookie, and the Cookie-Richtlinie (app/features/settings/legal/cookies.ts) lists
 * them all (app/features/settings/legal-storage.test.ts checks that it does).
 *
 * The admin's cookies carry the `__Host-` prefix when the site is served over https (PUBLIC_URL):
 * browsers then accept them only with `Secure`, `Path=/` and no `Domain`. Over plain http, as in
 * development, they can't be `Secure`, so they go by the plain name there.
 */

/** The admin's session: an opaque random token (session.server.ts). */
export const SESSION_COOKIE_HTTPS = "__Host-session";
export const SESSION_COOKIE_HTTP = "session";

/** The pending second step of a sign-in (password accepted, code still due). */
export const SIGN_IN_STEP_COOKIE_HTTPS = "__Host-signin-step";
export const SIGN_IN_STEP_COOKIE_HTTP = "signin-step";

/** A one-time message that survives a redirect (flash.server.ts); also set for visitors. */
export const FLASH_COOKIE = "flash";
