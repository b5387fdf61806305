import { eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { RouterContextProvider } from "react-router";
import { describe, expect } from "vitest";
import { createAdmin, findAdminById } from "~/features/auth/admin-users.server";
import type { Db } from "~/platform/db/engines.server";
import { adminUsers, outbox, passkeys, rateLimits, recoveryCodes, sessions } from "~/platform/db/schema";
import {
  CODE_ACCOUNT_LIMIT,
  checkCodeForAccount,
  completeSecondStep,
  setPassword,
  signIn,
  startSecondStep,
} from "~/features/auth/sign-in-limits.server";
import {
  confirmOptions,
  registerPasskey,
  registrationOptions,
  signInOptions,
  verifyPasskeyAssertion,
} from "~/features/auth/passkeys.server";
import { clientAddressContext, databaseContext } from "~/platform/http/request-context";
import { sha256Hex } from "~/platform/db/installation-secret.server";
import {
  createSession,
  isRecentlyVerified,
  REAUTH_MS,
  validateSession,
} from "~/features/auth/session.server";
import { newRecoveryCodes, recoveryCodeHash } from "~/features/auth/totp.server";
import { createSetupLink } from "~/features/auth/setup-link.server";
import { describeUserAgent } from "~/features/auth/user-agent";
import { action as passkeyAction } from "~/features/auth/passkey";
import { action as setupAction } from "~/features/auth/setup";
import { signInAction } from "~/features/auth/login.server";
import { securityAction } from "~/features/auth/profile-security.server";
import { profileAction } from "~/features/auth/profile.server";
import { test, testDatabases } from "#tests/setup/databases";
import { softAuthenticator } from "#tests/setup/soft-authenticator";

/**
 * Once the account has a second factor, the password alone no
 * longer confirms (nor changes the password); every change of a way to sign in is mailed to
 * the owner; wrong codes are limited per account, also when they come from many networks; and
 * passkeys must verify the user.
 */

const PASSWORD = "Zweiter-Faktor-Pruefung-2026";
const EMAIL = "inhaberin@example.org";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SECRET = new Secret({ size: 20 }).base32;
const totp = new TOTP({ secret: Secret.fromBase32(SECRET), digits: 6, period: 30, algorithm: "SHA1" });
/** vitest runs without PUBLIC_URL: the server's stand-in http://localhost:3000 is the relying party. */
const ORIGIN = "http://localhost:3000";

/** A 6-digit code that is none of the three the server accepts right now. */
function wrongCode(): string {
  const valid = new Set(
    [-30_000, 0, 30_000].map((offset) => totp.generate({ timestamp: Date.now() + offset })),
  );
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}

async function owner(db: Db, { withTotp = false } = {}) {
  const created = await createAdmin(db, { email: EMAIL, password: PASSWORD });
  const codes = newRecoveryCodes();
  if (withTotp) {
    await db.update(adminUsers).set({ totp_secret: SECRET }).where(eq(adminUsers.id, created.id));
    await db
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ user_id: created.id, code_hash: recoveryCodeHash(code) })));
  }
  return { admin: (await findAdminById(db, created.id))!, codes };
}

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

function contextFor(db: Db, clientAddress = "203.0.113.20") {
  const context = new RouterContextProvider();
  context.set(databaseContext, Promise.resolve(db));
  context.set(clientAddressContext, clientAddress);
  return context;
}

function post(path: string, fields: Record<string, string>, token?: string): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "User-Agent": FIREFOX, ...(token ? { Cookie: `session=${token}` } : {}) },
  });
}

/** A session of the admin whose last confirmation is older than 10 minutes. */
async function staleSession(db: Db, userId: string) {
  const { token } = await createSession(db, userId);
  await db
    .update(sessions)
    .set({ verified_at: new Date(Date.now() - REAUTH_MS - 60_000) })
    .where(eq(sessions.id, sha256Hex(token)));
  return { token, session: (await validateSession(db, token))!.session };
}

const confirmedNow = async (db: Db, token: string) =>
  isRecentlyVerified((await validateSession(db, token))!.session);

async function mails(db: Db) {
  return db.select({ to: outbox.to, subject: outbox.subject, text: outbox.text }).from(outbox);
}

/** The passkey route (app/features/auth/passkey.ts) as the browser's half calls it. */
async function passkeyRoute(db: Db, fields: Record<string, string>, token?: string) {
  const response = (await passkeyAction({
    request: post("/admin/passkey", fields, token),
    context: contextFor(db),
    params: {},
  } as unknown as Parameters<typeof passkeyAction>[0])) as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const profileForm = (fields: Record<string, string>) => ({
  name: "Inhaberin",
  changePassword: "on",
  currentPassword: PASSWORD,
  password: "Ganz-Neues-Passwort-2027",
  confirmPassword: "Ganz-Neues-Passwort-2027",
  ...fields,
});

describe.each(testDatabases)("confirmation and second factor on $name", (database) => {
  test.override({ database });

  test("with TOTP on, the password alone no longer confirms (it is not even checked); a code does; without a second factor the password still does", async ({
    db,
  }) => {
    const { admin } = await owner(db);
    const act =
      (token: string, session: Awaited<ReturnType<typeof staleSession>>["session"]) =>
      (fields: Record<string, string>) =>
        securityAction(db, {
          session,
          intent: "confirm",
          form: formOf({ intent: "confirm", ...fields }),
          clientAddress: "203.0.113.21",
          request: post("/admin/profil", {}, token),
        });

    // No second factor: the password confirms, as before.
    const first = await staleSession(db, admin.id);
    expect((await act(first.token, first.session)({ password: PASSWORD })).data.ok).toBe(true);
    expect(await confirmedNow(db, first.token)).toBe(true);

    await db.update(adminUsers).set({ totp_secret: SECRET }).where(eq(adminUsers.id, admin.id));
    const second = await staleSession(db, admin.id);
    const confirm = act(second.token, second.session);
    const refused = await confirm({ password: PASSWORD });
    expect(refused.init?.status).toBe(403);
    expect(refused.data.message).toBe(
      "Für dein Konto ist ein zweiter Faktor eingerichtet: Bestätige bitte mit einem Code aus der Authenticator-App, einem Wiederherstellungscode oder einem Passkey. Das Passwort allein genügt nicht.",
    );
    expect(await confirmedNow(db, second.token)).toBe(false);
    // A wrong password gets the same answer: the password is not checked at all.
    expect((await confirm({ password: "Geraten-2026-Passwort" })).data.message).toBe(refused.data.message);

    expect((await confirm({ code: wrongCode() })).init?.status).toBe(401);
    expect(await confirmedNow(db, second.token)).toBe(false);
    expect((await confirm({ code: totp.generate() })).data.ok).toBe(true);
    expect(await confirmedNow(db, second.token)).toBe(true);
  });

  test("with only a passkey, the password neither confirms nor makes a password sign-in count as confirmed; the passkey confirms", async ({
    db,
  }) => {
    const { admin } = await owner(db);
    const authenticator = softAuthenticator({ origin: ORIGIN });
    const options = await registrationOptions(db, admin);
    const { passkey, response } = authenticator.register(options);
    expect(await registerPasskey(db, admin.id, response as never, "Laptop")).toBe(true);

    const stale = await staleSession(db, admin.id);
    const refused = await securityAction(db, {
      session: stale.session,
      intent: "confirm",
      form: formOf({ intent: "confirm", password: PASSWORD }),
      clientAddress: "203.0.113.22",
      request: post("/admin/profil", {}, stale.token),
    });
    expect(refused.init?.status).toBe(403);
    expect(refused.data.message).toContain("Bestätige bitte mit deinem Passkey");

    // Signing in with the password alone (the setting is off) gives a session, not a confirmation.
    const signedIn = (await signInAction(
      post("/admin/login", { email: EMAIL, password: PASSWORD }),
      contextFor(db, "203.0.113.23"),
    )) as Response;
    expect(signedIn.status).toBe(302);
    const token = /session=([^;]+)/.exec(signedIn.headers.get("Set-Cookie") ?? "")![1]!;
    expect(await confirmedNow(db, token)).toBe(false);
    const removal = await securityAction(db, {
      session: (await validateSession(db, token))!.session,
      intent: "remove-passkey",
      form: formOf({ intent: "remove-passkey", id: passkey.id }),
      clientAddress: "203.0.113.23",
      request: post("/admin/profil", {}, token),
    });
    expect(removal.init?.status).toBe(403);
    expect(await db.select({ id: passkeys.id }).from(passkeys)).toEqual([{ id: passkey.id }]);

    // The passkey (with user verification) confirms.
    const start = await passkeyRoute(db, { intent: "confirm-options" }, token);
    const credential = authenticator.authenticate(passkey, start.body.options as { challenge: string });
    const confirmed = await passkeyRoute(
      db,
      { intent: "confirm", credential: JSON.stringify(credential) },
      token,
    );
    expect(confirmed).toMatchObject({ status: 200, body: { ok: true } });
    expect(await confirmedNow(db, token)).toBe(true);
  });

  test("a new password needs, once a second factor exists, a code or a recent confirmation besides the current password", async ({
    db,
  }) => {
    const { admin, codes } = await owner(db, { withTotp: true });
    const { token } = await staleSession(db, admin.id);
    const change = async (fields: Record<string, string>) => {
      const answer = await profileAction(post("/admin/profil", profileForm(fields), token), contextFor(db));
      return answer as {
        data: { ok: boolean; message: string; errors?: Record<string, string> };
        init?: ResponseInit;
      };
    };
    const passwordWorks = async (password: string) =>
      (await signIn(db, EMAIL, password, "198.51.100.77", { wait: async () => {} })).ok;

    const withoutCode = await change({});
    expect(withoutCode.init?.status).toBe(403);
    expect(withoutCode.data.errors?.code).toBe(
      "Bitte gib einen Code aus deiner Authenticator-App oder einen Wiederherstellungscode ein.",
    );
    const wrong = await change({ code: wrongCode() });
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data.errors?.code).toBe("Der Code ist ungültig oder wurde schon verwendet.");
    // A wrong current password does not use the code up.
    const wrongPassword = await change({ currentPassword: "Falsches-Passwort-2026", code: codes[0]! });
    expect(wrongPassword.data.errors?.currentPassword).toBe("Das aktuelle Passwort ist falsch.");
    expect(await passwordWorks(PASSWORD)).toBe(true);

    const done = await change({ code: codes[0]! });
    expect(done.data.ok).toBe(true);
    expect(await passwordWorks("Ganz-Neues-Passwort-2027")).toBe(true);
    expect(await passwordWorks(PASSWORD)).toBe(false);

    // A confirmation by code within 10 minutes is enough on its own.
    const { token: again } = await createSession(db, admin.id);
    const confirmedChange = await profileAction(
      post(
        "/admin/profil",
        profileForm({
          currentPassword: "Ganz-Neues-Passwort-2027",
          password: "Dritte-Fassung-2028",
          confirmPassword: "Dritte-Fassung-2028",
        }),
        again,
      ),
      contextFor(db),
    );
    expect((confirmedChange as { data: { ok: boolean } }).data.ok).toBe(true);

    // A weak new password is refused with zxcvbn's reason, before anything is checked.
    const { token: third } = await createSession(db, admin.id);
    const weak = await profileAction(
      post("/admin/profil", profileForm({ password: "passwort123", confirmPassword: "passwort123" }), third),
      contextFor(db),
    );
    expect((weak as { data: { errors: Record<string, string> } }).data.errors.password).toMatch(
      /^Dieses Passwort ist zu leicht zu erraten\. /,
    );
  });

  test("with only a passkey, a new password needs a confirmation by passkey first", async ({ db }) => {
    const { admin } = await owner(db);
    await db
      .insert(passkeys)
      .values({ id: "telefon", user_id: admin.id, name: "Telefon", public_key: "AAAA" });
    const { token } = await staleSession(db, admin.id);
    const answer = (await profileAction(
      post("/admin/profil", profileForm({ code: "" }), token),
      contextFor(db),
    )) as { data: { errors: Record<string, string> }; init?: ResponseInit };
    expect(answer.init?.status).toBe(403);
    expect(answer.data.errors.code).toContain("Bestätige dich deshalb zuerst mit deinem Passkey");
    expect((await signIn(db, EMAIL, PASSWORD, "198.51.100.78", { wait: async () => {} })).ok).toBe(true);
  });

  test("every change of a way to sign in is mailed to the owner: what, when, which device, and never a code or secret", async ({
    db,
  }) => {
    const { admin } = await owner(db);
    const { token } = await createSession(db, admin.id);
    const session = (await validateSession(db, token))!.session;
    const act = (intent: string, fields: Record<string, string> = {}) =>
      securityAction(db, {
        session,
        intent,
        form: formOf({ intent, ...fields }),
        clientAddress: "203.0.113.24",
        request: post("/admin/profil", {}, token),
      });
    const subjects = async () => (await mails(db)).map((mail) => mail.subject);

    // Passkey added, through the route the browser uses.
    const authenticator = softAuthenticator({ origin: ORIGIN });
    const options = await passkeyRoute(db, { intent: "register-options" }, token);
    const { passkey, response } = authenticator.register(
      options.body.options as { challenge: string; user: { id: string } },
    );
    const added = await passkeyRoute(
      db,
      { intent: "register", name: "Arbeitslaptop", credential: JSON.stringify(response) },
      token,
    );
    expect(added.body).toMatchObject({ ok: true });
    expect(await subjects()).toEqual(["Sicherheitshinweis: Neuer Passkey für dein Admin-Konto"]);

    // TOTP on (with recovery codes), new codes, the setting on and off, TOTP off, passkey removed.
    expect((await act("totp-start")).data.ok).toBe(true);
    const pending = (await findAdminById(db, admin.id))!.totp_pending_secret!;
    const pendingTotp = new TOTP({
      secret: Secret.fromBase32(pending),
      digits: 6,
      period: 30,
      algorithm: "SHA1",
    });
    const activated = await act("totp-activate", { code: pendingTotp.generate() });
    const firstCodes = activated.data.recoveryCodes!;
    const renewed = (await act("recovery-codes")).data.recoveryCodes!;
    expect((await act("second-factor-only", { enabled: "on" })).data.ok).toBe(true);
    expect((await act("second-factor-only", { enabled: "on" })).data.ok).toBe(true);
    expect((await act("second-factor-only", { enabled: "off" })).data.ok).toBe(true);
    expect((await act("totp-disable")).data.ok).toBe(true);
    // Saying again what is already so changes nothing and sends nothing.
    expect((await act("totp-disable")).data.ok).toBe(true);
    expect((await act("remove-passkey", { id: passkey.id })).data.ok).toBe(true);
    expect((await act("remove-passkey", { id: passkey.id })).init?.status).toBe(404);

    expect(await subjects()).toEqual([
      "Sicherheitshinweis: Neuer Passkey für dein Admin-Konto",
      "Sicherheitshinweis: Zweiter Faktor für dein Admin-Konto eingeschaltet",
      "Sicherheitshinweis: Neue Wiederherstellungscodes für dein Admin-Konto",
      "Sicherheitshinweis: Anmeldung nur noch mit Passkey oder zweitem Faktor",
      "Sicherheitshinweis: Anmeldung wieder mit Passwort allein möglich",
      "Sicherheitshinweis: Zweiter Faktor für dein Admin-Konto ausgeschaltet",
      "Sicherheitshinweis: Passkey aus deinem Admin-Konto entfernt",
    ]);

    // The password change (no second factor left: the current password is enough).
    const changed = await profileAction(post("/admin/profil", profileForm({}), token), contextFor(db));
    expect((changed as { data: { ok: boolean } }).data.ok).toBe(true);

    const all = await mails(db);
    expect(all.at(-1)!.subject).toBe("Sicherheitshinweis: Das Passwort deines Admin-Kontos wurde geändert");
    for (const mail of all) {
      expect(mail.to).toBe(EMAIL);
      expect(mail.text).toContain("Gerät: Firefox auf Windows");
      expect(mail.text).toMatch(/Wann: {2}\d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr/);
      expect(mail.text).toContain("Warst du es nicht, hat jemand anderes Zugang zu deinem Konto.");
      expect(mail.text).toContain("npm run admin -- reset-password");
      for (const secret of [pending, ...firstCodes, ...renewed, PASSWORD, "Ganz-Neues-Passwort-2027"]) {
        expect(mail.text).not.toContain(secret);
      }
    }
    expect(all[0]!.text).toContain("Ein neuer Passkey („Arbeitslaptop“) wurde hinzugefügt.");
    expect(all[6]!.text).toContain("Der Passkey „Arbeitslaptop“ wurde entfernt.");
  });

  test("wrong codes from 200 networks at once: at most 10 are checked, the rest paused with one mail; the owner's right code gets in once the pause ends, and the next pause is longer", async ({
    db,
  }) => {
    const { admin, codes } = await owner(db, { withTotp: true });
    // 200 attempts from 200 IPv6 /64 networks, four on each of 50 pending second steps.
    const steps = await Promise.all(
      Array.from({ length: 50 }, async () => (await startSecondStep(db, admin.id)).split(";")[0]!),
    );
    const code = wrongCode();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        completeSecondStep(
          db,
          new Request(`${ORIGIN}/admin/login`, {
            headers: { Cookie: steps[i % 50]!, "User-Agent": FIREFOX },
          }),
          code,
          `2001:db8:${i.toString(16)}:1::7`,
        ),
      ),
    );
    const invalid = results.filter((result) => !result.ok && result.reason === "invalid").length;
    const paused = results.filter((result) => !result.ok && result.reason === "throttled");
    expect(invalid).toBeLessThanOrEqual(CODE_ACCOUNT_LIMIT.failures);
    expect(invalid + paused.length).toBe(200);
    const warnings = (await mails(db)).filter((mail) => mail.subject.includes("falsche Codes"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.to).toBe(EMAIL);
    expect(warnings[0]!.text).toContain("nach dem richtigen Passwort");
    expect(warnings[0]!.text).toContain("Gerät:   Firefox auf Windows");
    expect(warnings[0]!.text).not.toContain(code);

    // Paused: the right code is refused too, from a network that never failed, for 15 minutes.
    const attempt = (value: string) =>
      checkCodeForAccount(db, admin, value, {
        where: "sign-in",
        request: new Request(`${ORIGIN}/admin/login`),
      });
    const during = await attempt(totp.generate());
    expect(during).toMatchObject({ ok: false, reason: "throttled" });
    expect(during.ok || during.reason !== "throttled" || during.retryAfterSeconds).toBeGreaterThan(14 * 60);

    // The pause ends (its start moved back 15 minutes): the owner's right code gets in.
    await db
      .update(rateLimits)
      .set({ window_start: sql`${rateLimits.window_start} - interval '15 minutes 1 second'` })
      .where(eq(rateLimits.key, `code-pause:${admin.id}`));
    expect(await attempt(codes[0]!)).toEqual({ ok: true, used: "recovery" });

    // Ten more wrong codes: the second pause lasts 30 minutes, and is mailed once more.
    for (let n = 0; n < CODE_ACCOUNT_LIMIT.failures; n++) {
      expect(await attempt(wrongCode())).toEqual({ ok: false, reason: "invalid" });
    }
    const second = await attempt(codes[1]!);
    expect(second.ok === false && second.reason === "throttled" && second.retryAfterSeconds).toBeGreaterThan(
      29 * 60,
    );
    expect((await mails(db)).filter((mail) => mail.subject.includes("falsche Codes"))).toHaveLength(2);

    // A new password (the owner's terminal reset, or Profil) ends the pause.
    await setPassword(db, admin.id, "Zurueckgesetzt-im-Terminal-2026");
    expect(await attempt(codes[1]!)).toEqual({ ok: true, used: "recovery" });
  });

  test("a paused account refuses codes in a session too, with Retry-After", async ({ db }) => {
    const { admin } = await owner(db, { withTotp: true });
    for (let n = 0; n <= CODE_ACCOUNT_LIMIT.failures; n++) {
      await checkCodeForAccount(db, admin, wrongCode(), {
        where: "sign-in",
        request: new Request(`${ORIGIN}/admin/login`),
      });
    }
    const { token, session } = await staleSession(db, admin.id);
    const answer = await securityAction(db, {
      session,
      intent: "confirm",
      form: new URLSearchParams({ intent: "confirm", code: totp.generate() }) as unknown as FormData,
      clientAddress: "203.0.113.25",
      request: post("/admin/profil", {}, token),
    });
    expect(answer.init?.status).toBe(429);
    expect(answer.data.message).toMatch(
      /^Zu viele fehlgeschlagene Anmeldeversuche\. Bitte versuche es in 1[45] Minuten erneut\.$/,
    );
    expect(Number(new Headers(answer.init?.headers).get("Retry-After"))).toBeGreaterThan(14 * 60);
    expect(await confirmedNow(db, token)).toBe(false);
  });

  test("passkeys require user verification to register, sign in and confirm", async ({ db }) => {
    const { admin } = await owner(db);
    const authenticator = softAuthenticator({ origin: ORIGIN });

    const unverifiedOptions = await registrationOptions(db, admin);
    expect(unverifiedOptions.authenticatorSelection?.userVerification).toBe("required");
    const unverified = authenticator.register(unverifiedOptions, { userVerified: false });
    expect(await registerPasskey(db, admin.id, unverified.response as never, "Sicherheitsschlüssel")).toBe(
      false,
    );
    expect(await db.select().from(passkeys)).toEqual([]);

    const { passkey, response } = authenticator.register(await registrationOptions(db, admin));
    expect(await registerPasskey(db, admin.id, response as never, "Laptop")).toBe(true);

    for (const purpose of ["passkey-sign-in", "passkey-confirm"] as const) {
      const options =
        purpose === "passkey-sign-in" ? await signInOptions(db) : await confirmOptions(db, admin.id);
      expect(options.userVerification, purpose).toBe("required");
      const touched = authenticator.authenticate(passkey, options, { userVerified: false });
      expect(await verifyPasskeyAssertion(db, touched as never, purpose, admin.id), purpose).toBeUndefined();
      const again =
        purpose === "passkey-sign-in" ? await signInOptions(db) : await confirmOptions(db, admin.id);
      const verified = authenticator.authenticate(passkey, again);
      expect(await verifyPasskeyAssertion(db, verified as never, purpose, admin.id), purpose).toBe(admin.id);
    }
  });

  test("setup refuses a weak password with the reason in German, and its session names the browser", async ({
    db,
  }) => {
    const link = (await createSetupLink(db, ORIGIN))!;
    const setup = (fields: Record<string, string>) =>
      setupAction({
        request: new Request(link, {
          method: "POST",
          body: new URLSearchParams({ name: "Erika", email: EMAIL, ...fields }),
          headers: { "User-Agent": FIREFOX },
        }),
        context: contextFor(db),
        params: {},
      } as unknown as Parameters<typeof setupAction>[0]);

    const weak = (await setup({ password: "passwort123", confirmPassword: "passwort123" })) as {
      data: { errors: Record<string, string> };
      init?: ResponseInit;
    };
    expect(weak.init?.status).toBe(400);
    expect(weak.data.errors.password).toBe(
      "Dieses Passwort ist zu leicht zu erraten. Das ähnelt einem oft verwendeten Passwort. Füge weitere, weniger gebräuchliche Wörter hinzu.",
    );
    expect(await db.select().from(adminUsers)).toEqual([]);

    const created = (await setup({ password: PASSWORD, confirmPassword: PASSWORD })) as Response;
    expect(created.status).toBe(302);
    const [session] = await db.select({ user_agent: sessions.user_agent }).from(sessions);
    expect(describeUserAgent(session!.user_agent)).toBe("Firefox auf Windows");
  });
});
