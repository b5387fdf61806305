import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect } from "vitest";
import { createAdmin, findAdminById } from "~/features/auth/admin-users.server";
import { openDatabase, type Db } from "~/platform/db/engines.server";
import {
  adminUsers,
  contactSubmissions,
  outbox,
  passkeys,
  recoveryCodes,
  sessions,
} from "~/platform/db/schema";
import { sha256Hex } from "~/platform/db/installation-secret.server";
import { completeSecondStep, startSecondStep } from "~/features/auth/sign-in-limits.server";
import { createSession, REAUTH_MS, validateSession, type AdminSession } from "~/features/auth/session.server";
import {
  newRecoveryCodes,
  recoveryCodeHash,
  totpStepOf,
  verifySecondFactor,
} from "~/features/auth/totp.server";
import { describeUserAgent } from "~/features/auth/user-agent";
import { securityAction } from "~/features/auth/profile-security.server";
import { test, testDatabases } from "../setup/databases";
import { sessionCookieOf } from "../setup/http";
import { startServer, waitUntilHealthy } from "../setup/server-process";

/** the second factor, confirmations within 10 minutes, and the owner's setting. */

const PASSWORD = "Sicherheit-im-Profil-2026";
const SECRET = new Secret({ size: 20 }).base32;
const totp = new TOTP({ secret: Secret.fromBase32(SECRET), digits: 6, period: 30, algorithm: "SHA1" });

async function adminWithTotp(db: Db) {
  const admin = await createAdmin(db, { email: "owner@example.com", password: PASSWORD });
  const codes = newRecoveryCodes();
  await db.update(adminUsers).set({ totp_secret: SECRET }).where(eq(adminUsers.id, admin.id));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ user_id: admin.id, code_hash: recoveryCodeHash(code) })));
  return { admin: (await findAdminById(db, admin.id))!, codes };
}

/** The signed-in session of `token`, its confirmation moved `ageMs` into the past. */
async function sessionAged(db: Db, token: string, ageMs: number): Promise<AdminSession> {
  const current = (await validateSession(db, token))!;
  await db
    .update(sessions)
    .set({ verified_at: new Date(Date.now() - ageMs) })
    .where(eq(sessions.id, current.session.id));
  return (await validateSession(db, token))!.session;
}

function profileForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe.each(testDatabases)("sign-in security on $name", (database) => {
  test.override({ database });

  test("a TOTP code counts once, the neighbouring step is accepted, a recovery code works once even at the same moment", async ({
    db,
  }) => {
    const { admin, codes } = await adminWithTotp(db);
    const now = Date.now();
    expect(totpStepOf(SECRET, totp.generate({ timestamp: now - 30_000 }), now)).toBe(
      Math.floor(now / 30_000) - 1,
    );
    expect(totpStepOf(SECRET, totp.generate({ timestamp: now - 90_000 }), now)).toBeUndefined();
    expect(totpStepOf(SECRET, "12345", now)).toBeUndefined();

    const code = totp.generate();
    expect(await verifySecondFactor(db, admin, code)).toBe("totp");
    // The same code again (someone who watched it being typed): refused.
    expect(await verifySecondFactor(db, admin, code)).toBe(false);
    // A code of an earlier step than the one used: refused too.
    expect(await verifySecondFactor(db, admin, totp.generate({ timestamp: Date.now() - 30_000 }))).toBe(
      false,
    );

    const results = await Promise.all(
      Array.from({ length: 10 }, () => verifySecondFactor(db, admin, codes[3]!.toUpperCase())),
    );
    expect(results.filter((result) => result === "recovery")).toHaveLength(1);
    expect(await verifySecondFactor(db, admin, codes[3]!)).toBe(false);
    expect(await verifySecondFactor(db, admin, ` ${codes[4]!.replace("-", "")} `)).toBe("recovery");
    expect(await verifySecondFactor(db, admin, "abcde-fghjk")).toBe(false);
    // Only hashes are stored.
    const stored = await db.select().from(recoveryCodes);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!);
  });

  test("the second step: five wrong codes end it, and the password is asked again", async ({ db }) => {
    const { admin } = await adminWithTotp(db);
    const cookie = await startSecondStep(db, admin.id);
    const request = new Request("http://localhost/admin/login", {
      headers: { Cookie: cookie.split(";")[0]! },
    });
    for (let attempt = 1; attempt <= 5; attempt++) {
      const result = await completeSecondStep(db, request, "000000", `198.51.100.${attempt}`);
      expect(result).toEqual({ ok: false, reason: totp.generate() === "000000" ? "expired" : "invalid" });
    }
    expect(await completeSecondStep(db, request, totp.generate(), "198.51.100.9")).toEqual({
      ok: false,
      reason: "expired",
    });
    // Without the cookie there is nothing to complete.
    expect(
      await completeSecondStep(db, new Request("http://localhost/"), totp.generate(), "198.51.100.9"),
    ).toEqual({
      ok: false,
      reason: "expired",
    });

    const fresh = await startSecondStep(db, admin.id);
    const next = new Request("http://localhost/admin/login", { headers: { Cookie: fresh.split(";")[0]! } });
    const done = await completeSecondStep(db, next, totp.generate(), "198.51.100.10");
    expect(done.ok && done.used).toBe("totp");
    // A completed step is gone.
    expect(await completeSecondStep(db, next, totp.generate(), "198.51.100.10")).toMatchObject({
      ok: false,
    });
  });

  test("changing sign-in methods needs a confirmation within 10 minutes; without a second factor the password gives one", async ({
    db,
  }) => {
    const admin = await createAdmin(db, { email: "owner@example.com", password: PASSWORD });
    const { token } = await createSession(db, admin.id);
    const stale = await sessionAged(db, token, REAUTH_MS + 60_000);
    const act = (intent: string, fields: Record<string, string> = {}, session = stale) =>
      securityAction(db, {
        session,
        intent,
        form: profileForm({ intent, ...fields }),
        clientAddress: "203.0.113.7",
        request: new Request("http://localhost/admin/profil"),
      });

    for (const [intent, fields] of [
      ["totp-start", {}],
      ["totp-activate", { code: "123456" }],
      ["totp-disable", {}],
      ["recovery-codes", {}],
      ["second-factor-only", { enabled: "on" }],
      ["rename-passkey", { id: "schluessel-1", name: "Übernommen" }],
      ["remove-passkey", { id: "schluessel-1" }],
    ] as const) {
      const answer = await act(intent, fields);
      expect(answer.init?.status, intent).toBe(403);
      expect(answer.data).toMatchObject({ ok: false, confirm: true });
    }
    const unchanged = (await findAdminById(db, admin.id))!;
    expect(unchanged.totp_pending_secret).toBeNull();
    expect(unchanged.require_second_factor).toBe(false);

    expect((await act("confirm", { password: "falsches-Passwort" })).init?.status).toBe(401);
    const confirmed = await act("confirm", { password: PASSWORD });
    expect(confirmed.data.ok).toBe(true);
    await db
      .insert(passkeys)
      .values({ id: "schluessel-1", user_id: admin.id, name: "Laptop", public_key: "AAAA" });
    const fresh = (await validateSession(db, token))!.session;
    expect((await act("rename-passkey", { id: "schluessel-1", name: "Arbeitsrechner" }, fresh)).data.ok).toBe(
      true,
    );
    // A passkey name is one line.
    expect((await act("rename-passkey", { id: "schluessel-1", name: "a\nb" }, fresh)).init?.status).toBe(400);
    // Someone else's or an unknown passkey: 404, nothing changed.
    expect((await act("remove-passkey", { id: "fremd" }, fresh)).init?.status).toBe(404);
    // An ID that no credential can have (a NUL byte, which PostgreSQL's text refuses): 404, not 500.
    for (const intent of ["remove-passkey", "rename-passkey"]) {
      const answer = await act(intent, { id: "schluessel-1\u0000", name: "Neu" }, fresh);
      expect(answer.init?.status, intent).toBe(404);
    }
  });

  test("'nur mit Passkey oder zweitem Faktor' needs a factor, and keeps the last one", async ({ db }) => {
    const admin = await createAdmin(db, { email: "owner@example.com", password: PASSWORD });
    const { token } = await createSession(db, admin.id);
    const session = (await validateSession(db, token))!.session;
    const act = (intent: string, fields: Record<string, string> = {}) =>
      securityAction(db, {
        session,
        intent,
        form: profileForm({ intent, ...fields }),
        clientAddress: "203.0.113.8",
        request: new Request("http://localhost/admin/profil"),
      });

    const refused = await act("second-factor-only", { enabled: "on" });
    expect(refused.init?.status).toBe(409);
    expect(refused.data.message).toContain("Richte zuerst einen Passkey oder den zweiten Faktor ein");
    await db
      .insert(passkeys)
      .values({ id: "einziger", user_id: admin.id, name: "Telefon", public_key: "AAAA" });
    expect((await act("second-factor-only", { enabled: "on" })).data.ok).toBe(true);
    expect((await findAdminById(db, admin.id))!.require_second_factor).toBe(true);
    expect((await act("remove-passkey", { id: "einziger" })).init?.status).toBe(409);
    expect((await act("second-factor-only", { enabled: "off" })).data.ok).toBe(true);
    expect((await act("remove-passkey", { id: "einziger" })).data.ok).toBe(true);
  });
});

test("device names from User-Agents", () => {
  expect(
    describeUserAgent(
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    ),
  ).toBe("Chrome auf macOS");
  expect(
    describeUserAgent("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"),
  ).toBe("Firefox auf Windows");
  expect(
    describeUserAgent(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
    ),
  ).toBe("Safari auf iOS");
  expect(
    describeUserAgent(
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    ),
  ).toBe("Edge auf Windows");
  expect(describeUserAgent("curl/8.5.0")).toBe("Unbekannter Browser");
});

test("over HTTP: with the setting on, the password alone is refused; with TOTP it leads to the code; reset-password turns both off and removes the passkeys", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-sign-in-"));
  const email = `owner-${randomBytes(3).toString("hex")}@example.org`;
  const seed = await openDatabase({ dataDir });
  try {
    const admin = await createAdmin(seed.db, { email, password: PASSWORD });
    await seed.db
      .insert(passkeys)
      .values({ id: "telefon", user_id: admin.id, name: "Telefon", public_key: "AAAA" });
    await seed.db.update(adminUsers).set({ require_second_factor: true }).where(eq(adminUsers.id, admin.id));
  } finally {
    await seed.close();
  }
  const signIn = async (url: string, password = PASSWORD) =>
    fetch(`${url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
      body: new URLSearchParams({ email, password }).toString(),
    });

  let server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  try {
    await waitUntilHealthy(server);
    const refused = await signIn(server.url);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("nur mit Passkey oder zweitem Faktor");
    expect(sessionCookieOf(refused)).toBeUndefined();
  } finally {
    await server.stop();
  }

  // With TOTP as well, the right password leads to the code, not to a session.
  const withTotp = await openDatabase({ dataDir });
  try {
    await withTotp.db.update(adminUsers).set({ totp_secret: SECRET });
  } finally {
    await withTotp.close();
  }
  server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  try {
    await waitUntilHealthy(server);
    const step = await signIn(server.url);
    expect(step.status).toBe(302);
    expect(step.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin");
    expect(sessionCookieOf(step)).toBeUndefined();
    expect(step.headers.get("set-cookie")).toMatch(/^signin-step=[\w-]{40,};.*HttpOnly/);
  } finally {
    await server.stop();
  }

  // The owner lost every device: the terminal's reset turns the setting and TOTP off.
  const reset = spawnSync(
    process.execPath,
    ["scripts/admin.js", "reset-password", "--email", email, "--password", "Neu-und-lang-2026!"],
    {
      cwd: path.resolve(import.meta.dirname, "..", ".."),
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
      encoding: "utf8",
    },
  );
  expect(reset.status, reset.stderr).toBe(0);
  expect(reset.stdout).toContain("second factor (authenticator app) is turned off");
  expect(reset.stdout).toContain('"Anmeldung nur mit Passkey oder zweitem Faktor" is turned off');
  expect(reset.stdout).toContain("The passkey is removed.");
  const after = await openDatabase({ dataDir });
  try {
    const [row] = await after.db.select().from(adminUsers);
    expect(row).toMatchObject({ require_second_factor: false, totp_secret: null });
    // with a passkey left, the password alone could not confirm in Profil again.
    expect(await after.db.select({ id: passkeys.id }).from(passkeys)).toEqual([]);
    const [mail] = await after.db.select().from(outbox);
    expect(mail).toMatchObject({
      to: email,
      subject: "Sicherheitshinweis: Das Passwort deines Admin-Kontos wurde zurückgesetzt",
    });
    expect(mail!.text).toContain("Gerät: Terminal auf dem Server (npm run admin)");
    expect(mail!.text).toContain("Der Passkey wurde entfernt.");
    expect(mail!.text).not.toContain("Neu-und-lang-2026!");
  } finally {
    await after.close();
  }
  server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  try {
    await waitUntilHealthy(server);
    const back = await signIn(server.url, "Neu-und-lang-2026!");
    expect(back.status).toBe(302);
    expect(sessionCookieOf(back)).toBeTruthy();
  } finally {
    await server.stop();
  }
}, 120_000);

test("over HTTP: 'Alles löschen' with a confirmation older than 10 minutes erases nothing and asks for one", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-erase-"));
  const email = "anfrage@example.org";
  const token = randomBytes(32).toString("base64url");
  const seed = await openDatabase({ dataDir });
  try {
    const admin = await createAdmin(seed.db, { email: "owner@example.com", password: PASSWORD });
    const { token: sessionToken } = await createSession(seed.db, admin.id);
    await seed.db
      .update(sessions)
      .set({ id: sha256Hex(token), verified_at: new Date(Date.now() - REAUTH_MS - 60_000) })
      .where(eq(sessions.id, sha256Hex(sessionToken)));
    await seed.db
      .insert(contactSubmissions)
      .values({ name: "Anna", email, subject: "Frage", message: "Hallo" });
  } finally {
    await seed.close();
  }
  const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  try {
    await waitUntilHealthy(server);
    const response = await fetch(`${server.url}/admin/datenschutz`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.url,
        Cookie: `session=${token}`,
      },
      body: new URLSearchParams({ intent: "erase", email, block: "on" }).toString(),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/profil?redirectTo=%2Fadmin%2Fdatenschutz");
    expect(decodeURIComponent(response.headers.get("set-cookie") ?? "")).toMatch(/flash=/);
  } finally {
    await server.stop();
  }
  const after = await openDatabase({ dataDir });
  try {
    expect(await after.db.select({ email: contactSubmissions.email }).from(contactSubmissions)).toEqual([
      { email },
    ]);
  } finally {
    await after.close();
  }
}, 60_000);
