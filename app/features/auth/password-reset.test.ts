import { eq, sql } from "drizzle-orm";
import { Secret } from "otpauth";
import { RouterContextProvider } from "react-router";
import { describe, expect } from "vitest";
import { createAdmin, findAdminById } from "~/features/auth/admin-users.server";
import { action as forgotAction, loader as forgotLoader } from "~/features/auth/password-forgot";
import { action as resetAction, loader as resetLoader } from "~/features/auth/password-reset";
import { RESET_LINK_MS } from "~/features/auth/password-reset.server";
import { createSession, isRecentlyVerified, validateSession } from "~/features/auth/session.server";
import { createSetupLink, firstRunOf } from "~/features/auth/setup-link.server";
import { signIn } from "~/features/auth/sign-in-limits.server";
import { newRecoveryCodes, recoveryCodeHash } from "~/features/auth/totp.server";
import type { Db } from "~/platform/db/engines.server";
import { sha256Hex } from "~/platform/db/installation-secret.server";
import { parseEnv } from "~/platform/env.server";
import { adminUsers, authChallenges, outbox, passkeys, recoveryCodes, sessions } from "~/platform/db/schema";
import { clientAddressContext, databaseContext } from "~/platform/http/request-context";
import { test, testDatabases } from "#tests/setup/databases";

/**
 * "Passwort vergessen?" through its two routes, as a browser without JavaScript posts them, and
 * the first start's setup link by mail.
 */

const EMAIL = "inhaberin@example.org";
const PASSWORD = "Altes-Passwort-Vergessen-2026";
const NEW_PASSWORD = "Frisches-Passwort-Zuruecksetzen-2027";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
/** vitest runs without PUBLIC_URL: the server's stand-in is http://localhost:3000. */
const ORIGIN = "http://localhost:3000";
const SECRET = new Secret({ size: 20 }).base32;

function contextFor(db: Db, clientAddress = "203.0.113.30") {
  const context = new RouterContextProvider();
  context.set(databaseContext, Promise.resolve(db));
  context.set(clientAddressContext, clientAddress);
  return context;
}

const request = (path: string, fields?: Record<string, string>) =>
  new Request(`${ORIGIN}${path}`, {
    method: fields ? "POST" : "GET",
    body: fields ? new URLSearchParams(fields) : undefined,
    headers: { "User-Agent": FIREFOX },
  });

type Answer = { status: number; location: string | null; cookie: string | null; body: unknown };

/** A route's answer (a Response or React Router's `data()`), as the client would get it. */
async function answerOf(result: unknown): Promise<Answer> {
  if (result instanceof Response) {
    return {
      status: result.status,
      location: result.headers.get("Location"),
      cookie: result.headers.get("Set-Cookie"),
      body: null,
    };
  }
  const { data, init } = result as { data: unknown; init?: ResponseInit };
  return { status: init?.status ?? 200, location: null, cookie: null, body: data };
}

async function forgot(db: Db, email: string, clientAddress?: string): Promise<Answer> {
  return answerOf(
    await forgotAction({
      request: request("/admin/passwort-vergessen", { email }),
      context: contextFor(db, clientAddress),
      params: {},
    } as unknown as Parameters<typeof forgotAction>[0]),
  );
}

async function reset(db: Db, token: string, fields?: Record<string, string>): Promise<Answer> {
  const args = {
    request: request(`/admin/passwort-zuruecksetzen?token=${token}`, fields),
    context: contextFor(db),
    params: {},
  };
  return answerOf(
    fields
      ? await resetAction(args as unknown as Parameters<typeof resetAction>[0])
      : await resetLoader(args as unknown as Parameters<typeof resetLoader>[0]),
  );
}

const mails = (db: Db) =>
  db.select({ to: outbox.to, subject: outbox.subject, text: outbox.text }).from(outbox);

/** The token of the last reset link mailed. */
async function mailedToken(db: Db): Promise<string> {
  const links = (await mails(db))
    .map((mail) => mail.text.match(/\/admin\/passwort-zuruecksetzen\?token=([\w-]+)/)?.[1])
    .filter(Boolean);
  expect(links.length).toBeGreaterThan(0);
  return links.at(-1)!;
}

const newPassword = { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };

describe.each(testDatabases)("Passwort vergessen? on $name", (database) => {
  test.override({ database });

  test("the link is mailed, stored only as its SHA-256, valid 30 minutes, and sets a new password once", async ({
    db,
  }) => {
    const admin = await createAdmin(db, { email: EMAIL, password: PASSWORD });
    const elsewhere = await createSession(db, admin.id);

    const sent = await forgot(db, EMAIL);
    expect(sent).toMatchObject({ status: 302, location: "/admin/passwort-vergessen?gesendet" });
    const [mail] = await mails(db);
    expect(mail).toMatchObject({ to: EMAIL, subject: "Neues Passwort für dein Admin-Konto" });
    expect(mail!.text).toContain("Der Link gilt bis");
    const token = await mailedToken(db);

    // At rest only the hash, with 30 minutes to live.
    const rows = await db.select().from(authChallenges);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: sha256Hex(token), purpose: "password-reset", user_id: admin.id });
    expect(JSON.stringify(rows)).not.toContain(token);
    const ttl = rows[0]!.expires_at.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(RESET_LINK_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(RESET_LINK_MS);

    expect(await reset(db, token)).toMatchObject({ status: 200, body: { stage: "password" } });
    const done = await reset(db, token, newPassword);
    expect(done).toMatchObject({ status: 302, location: "/admin" });
    // Signed in with a new session; the one elsewhere is ended.
    const session = done.cookie!.match(/session=([\w-]+)/)![1];
    expect(await validateSession(db, session)).toBeDefined();
    expect(await validateSession(db, elsewhere.token)).toBeUndefined();
    expect((await signIn(db, EMAIL, NEW_PASSWORD, "198.51.100.1")).ok).toBe(true);
    expect((await signIn(db, EMAIL, PASSWORD, "198.51.100.2")).ok).toBe(false);

    // The owner is told, without the password.
    const notice = (await mails(db)).find((m) => m.subject.includes("zurückgesetzt"));
    expect(notice?.subject).toBe("Sicherheitshinweis: Das Passwort deines Admin-Kontos wurde zurückgesetzt");
    expect(notice?.text).toContain("Passwort vergessen?");
    expect(notice?.text).toContain("Firefox auf Windows");
    expect(notice?.text).not.toContain(NEW_PASSWORD);

    // Used once.
    expect(await reset(db, token)).toMatchObject({ status: 404, body: { stage: "invalid" } });
    expect((await reset(db, token, newPassword)).status).toBe(404);
    expect(await db.select().from(authChallenges)).toEqual([]);
  });

  test("an expired link sets nothing", async ({ db }) => {
    await createAdmin(db, { email: EMAIL, password: PASSWORD });
    await forgot(db, EMAIL);
    const token = await mailedToken(db);
    await db.update(authChallenges).set({ expires_at: sql`now() - interval '1 second'` });
    expect((await reset(db, token)).status).toBe(404);
    expect((await reset(db, token, newPassword)).status).toBe(404);
    expect((await signIn(db, EMAIL, PASSWORD, "198.51.100.3")).ok).toBe(true);
  });

  test("an unknown address gets the same answer and no mail; requests are limited like sign-in", async ({
    db,
  }) => {
    await createAdmin(db, { email: EMAIL, password: PASSWORD });
    const known = await forgot(db, EMAIL, "203.0.113.41");
    const unknown = await forgot(db, "niemand@example.org", "203.0.113.42");
    expect(unknown).toEqual(known);
    expect((await mails(db)).map((mail) => mail.to)).toEqual([EMAIL]);

    // Five requests per client in 15 minutes, whatever the address; then 429 with Retry-After.
    for (let n = 0; n < 4; n++)
      expect((await forgot(db, `x${n}@example.org`, "203.0.113.42")).status).toBe(302);
    const refused = await forgot(db, EMAIL, "203.0.113.42");
    expect(refused.status).toBe(429);
    expect((refused.body as { title: string }).title).toMatch(/^Zu viele fehlgeschlagene Anmeldeversuche/);

    // Per account at most three mails in 15 minutes, answered alike from anywhere.
    for (const client of ["203.0.113.51", "203.0.113.52", "203.0.113.53"]) {
      expect((await forgot(db, EMAIL, client)).status).toBe(302);
    }
    expect((await mails(db)).filter((mail) => mail.to === EMAIL)).toHaveLength(3);
    // A newer link ends the earlier ones.
    expect(await db.select().from(authChallenges)).toHaveLength(1);
  });

  test("German messages and 4xx for bad input, never a 500", async ({ db }) => {
    await createAdmin(db, { email: EMAIL, password: PASSWORD });
    const bad = await forgot(db, "keine-adresse");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: { email: "Bitte gib eine gültige E-Mail-Adresse ein." } });
    expect((await forgot(db, `${"a".repeat(300)}@example.org`)).status).toBe(400);

    await forgot(db, EMAIL);
    const token = await mailedToken(db);
    const weak = await reset(db, token, { password: "passwort123", confirmPassword: "passwort123" });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({
      errors: { password: expect.stringMatching(/^Dieses Passwort ist zu leicht/) },
    });
    const mismatch = await reset(db, token, { password: NEW_PASSWORD, confirmPassword: "anders" });
    expect(mismatch.body).toMatchObject({
      errors: { confirmPassword: "Die Passwörter stimmen nicht überein." },
    });
    for (const wrong of [
      "",
      "kurz",
      "x".repeat(5000),
      "%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00",
    ]) {
      expect((await reset(db, wrong)).status, wrong.slice(0, 20)).toBe(404);
      expect((await reset(db, wrong, newPassword)).status, wrong.slice(0, 20)).toBe(404);
    }
    // The failed tries left the link usable.
    expect((await reset(db, token, newPassword)).status).toBe(302);
  });

  test("with TOTP the code comes first; it swaps the mailed link for one only this browser knows", async ({
    db,
  }) => {
    const created = await createAdmin(db, { email: EMAIL, password: PASSWORD });
    await db.update(adminUsers).set({ totp_secret: SECRET }).where(eq(adminUsers.id, created.id));
    const codes = newRecoveryCodes();
    await db
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ user_id: created.id, code_hash: recoveryCodeHash(code) })));

    await forgot(db, EMAIL);
    expect((await mails(db))[0]!.text).toContain("Wiederherstellungscode");
    const token = await mailedToken(db);
    expect(await reset(db, token)).toMatchObject({ body: { stage: "code" } });
    // No password without the code.
    expect((await reset(db, token, newPassword)).status).toBe(403);
    expect((await reset(db, token, { intent: "code", code: "000000" })).status).toBe(401);
    expect((await signIn(db, EMAIL, PASSWORD, "198.51.100.4")).ok).toBe(true);

    // A recovery code works as well as the app's code.
    const verified = await reset(db, token, { intent: "code", code: codes[0]! });
    expect(verified.status).toBe(302);
    const next = verified.location!.match(/token=([\w-]+)/)![1]!;
    expect(next).not.toBe(token);
    expect((await reset(db, token)).status).toBe(404);
    expect(await reset(db, next)).toMatchObject({ body: { stage: "password" } });

    const done = await reset(db, next, newPassword);
    expect(done).toMatchObject({ status: 302, location: "/admin" });
    const session = await validateSession(db, done.cookie!.match(/session=([\w-]+)/)![1]);
    expect(isRecentlyVerified(session!.session)).toBe(true);
    // TOTP stays on: the next sign-in still asks for a code.
    expect((await findAdminById(db, created.id))!.totp_secret).toBe(SECRET);
  });

  test("passkey-only without TOTP is not reset by mail", async ({ db }) => {
    const created = await createAdmin(db, { email: EMAIL, password: PASSWORD });
    await db.insert(passkeys).values({
      id: "cGFzc2tleS1pZA",
      user_id: created.id,
      name: "Telefon",
      public_key: "AA",
      counter: 0,
      transports: [],
    });
    await db.update(adminUsers).set({ require_second_factor: true }).where(eq(adminUsers.id, created.id));
    await forgot(db, EMAIL);
    const token = await mailedToken(db);
    expect(await reset(db, token)).toMatchObject({ body: { stage: "passkey-only" } });
    expect((await reset(db, token, newPassword)).status).toBe(403);
    expect((await signIn(db, EMAIL, PASSWORD, "198.51.100.5")).ok).toBe(true);
    expect(await db.select().from(sessions)).toEqual([]);
  });
});

test("without SMTP_URL the answer says the mail went to the local mail drop", () => {
  expect(process.env.SMTP_URL ?? "").toBe("");
  const load = (path: string) =>
    forgotLoader({ request: request(path) } as unknown as Parameters<typeof forgotLoader>[0]);
  expect(load("/admin/passwort-vergessen?gesendet")).toEqual({ sent: true, mailDrop: true });
  expect(load("/admin/passwort-vergessen")).toEqual({ sent: false, mailDrop: false });
});

describe.each(testDatabases)("Ersteinrichtung on $name", (database) => {
  test.override({ database });

  test("the setup link goes to ADMIN_EMAIL when asked; the sign-in page knows there is no admin", async ({
    db,
  }) => {
    expect(await firstRunOf(db, parseEnv({}))).toEqual({ mailed: false });
    const withMail = parseEnv({ ADMIN_EMAIL: EMAIL, SMTP_URL: "smtp://127.0.0.1:2525" });
    expect(await firstRunOf(db, withMail)).toEqual({ mailed: true });

    const link = await createSetupLink(db, ORIGIN, { mailTo: EMAIL });
    const [mail] = await mails(db);
    expect(mail).toMatchObject({ to: EMAIL, subject: "Dein Link zum Einrichten des Admin-Kontos" });
    expect(mail!.text).toContain(link);
    expect(mail!.text).toContain("eine Stunde und nur einmal");

    await createAdmin(db, { email: EMAIL, password: PASSWORD });
    expect(await firstRunOf(db, withMail)).toBeNull();
  });
});
