import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql, type SQL } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { createAdmin, findAdminByEmail } from "~/features/auth/admin-users.server";
import {
  getProject,
  listHomepageProjects,
  listProjects,
  listProjectsByCategory,
} from "~/features/projects/queries.server";
import { adminUsers, appMeta, images, imageVariants, rateLimits, sessions } from "~/platform/db/schema";
import { isSafeLink, type ProjectFormValues } from "~/features/projects/project-form";
import { removeProject, saveProject } from "~/features/projects/admin-projects.server";
import { AUTH_MESSAGES, LOGIN_LIMIT, setPassword, signIn } from "~/features/auth/sign-in-limits.server";
import { csvCell, isoDay, toCsv } from "~/platform/csv";
import {
  findVariant,
  IMAGE_MESSAGES,
  MAX_UPLOAD_BYTES,
  storeUploadedImage,
} from "~/features/media/images.server";
import { newPasswordProblem } from "~/features/auth/password-rules.server";
import { sha256Hex } from "~/platform/db/installation-secret.server";
import {
  createSession,
  deleteOtherSessions,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  validateSession,
} from "~/features/auth/session.server";
import { claimSetupToken, createSetupLink, isValidSetupToken } from "~/features/auth/setup-link.server";
import { test, testDatabases } from "../setup/databases";

/**
 * The admin area's building blocks against a real database: sign-in throttling (per
 * client and per account and client; the account as a whole only slows down), sessions, the setup link, uploads, the project editor's server checks, the
 * CSV export and the password rules.
 */

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "..", "fixtures", name));
const PASSWORD = "Korrektes-Pferd-Batterie-42";
const MINUTE = 60_000;
const tokenOf = (link: string) => new URL(link).searchParams.get("token");

/** Ages every rate-limit window so that it has ended (as if 16 minutes had passed). */
const ageRateLimits = (db: Parameters<typeof signIn>[0]) =>
  db.update(rateLimits).set({ window_start: sql`now() - interval '16 minutes'` });

const blankProject = (overrides: Partial<ProjectFormValues> = {}): ProjectFormValues => ({
  id: randomUUID(),
  title: "Testprojekt",
  description: "Beschreibung",
  details: "",
  image: "https://example.com/bild.jpg",
  image_focus_x: "50",
  image_focus_y: "50",
  category: "project",
  url: "",
  admin_url: "",
  show_on_homepage: false,
  tags: [],
  date: "2026-03-04",
  status: "published",
  ...overrides,
});

describe.each(testDatabases)("admin backend on $name", (database) => {
  test.override({ database });

  test("five failures from one client throttle it (for every account) with the time to wait", async ({
    db,
  }) => {
    await createAdmin(db, { email: "owner@example.com", password: PASSWORD });
    // Five different (unknown) accounts, so only the per-client limit can apply.
    for (let i = 1; i <= LOGIN_LIMIT.failures; i++) {
      expect(await signIn(db, `unbekannt-${i}@example.com`, "falsch-falsch", "203.0.113.5")).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
    const throttled = await signIn(db, "owner@example.com", PASSWORD, "203.0.113.5");
    expect(throttled).toMatchObject({ ok: false, reason: "throttled" });
    const wait = (throttled as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(AUTH_MESSAGES.throttled(Math.ceil(wait / 60))).toBe(
      "Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es in 15 Minuten erneut.",
    );
    expect(AUTH_MESSAGES.throttled(1)).toContain("in 1 Minute erneut");
    // A paused code step of 12 hours says hours, not 720 minutes.
    expect(AUTH_MESSAGES.throttled(720)).toContain("in 12 Stunden erneut");

    // Another client is not affected; the window's end frees the first one.
    expect((await signIn(db, "owner@example.com", PASSWORD, "203.0.113.6")).ok).toBe(true);
    await ageRateLimits(db);
    expect((await signIn(db, "owner@example.com", PASSWORD, "203.0.113.5")).ok).toBe(true);
  });

  test("one client's wrong passwords for an account block that client, not the owner elsewhere", async ({
    db,
  }) => {
    await createAdmin(db, { email: "owner@example.com", password: PASSWORD });
    for (let i = 1; i <= LOGIN_LIMIT.failures; i++) {
      expect((await signIn(db, "owner@example.com", "falsch-falsch", "198.51.100.7")).ok).toBe(false);
    }
    // That client is refused even with the right password, for the rest of the window…
    const refused = await signIn(db, "OWNER@example.com", PASSWORD, "198.51.100.7");
    expect(refused).toMatchObject({ ok: false, reason: "throttled" });
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(14 * 60);
    // …while the owner, on another client, signs in.
    expect(
      (await signIn(db, "owner@example.com", PASSWORD, "198.51.100.8", { wait: async () => {} })).ok,
    ).toBe(true);
    // The counters keep no readable trace of the e-mail or the address.
    const keys = (await db.select().from(rateLimits)).map((row) => row.key).join(" ");
    expect(keys).not.toContain("owner");
    expect(keys).not.toContain("198.51.100");
  });

  test("a flood of wrong passwords from many clients only slows the account down; the owner still gets in", async ({
    db,
  }) => {
    const admin = await createAdmin(db, { email: "owner@example.com", password: PASSWORD });
    for (const account of ["owner@example.com", "niemand@example.com"]) {
      const waits: number[] = [];
      const wait = async (ms: number) => void waits.push(ms);
      for (let i = 1; i <= 12; i++) {
        expect(await signIn(db, account, `falsch-${i}-falsch`, `192.0.2.${i}`, { wait })).toEqual({
          ok: false,
          reason: "invalid",
        });
      }
      // Free at first, then a growing delay; an unknown account behaves the same.
      expect(waits).toEqual([250, 500, 1000, 2000, 4000, 8000, 8000]);
    }
    // The right password from a fresh client: delayed, never refused.
    const waits: number[] = [];
    const result = await signIn(db, "owner@example.com", PASSWORD, "192.0.2.200", {
      wait: async (ms) => void waits.push(ms),
    });
    expect(result.ok).toBe(true);
    expect(waits).toEqual([8000]);
    // The success ends the slow-down.
    waits.length = 0;
    await signIn(db, "owner@example.com", "falsch", "192.0.2.201", {
      wait: async (ms) => void waits.push(ms),
    });
    expect(waits).toEqual([]);
    const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, admin.id));
    expect(row!.locked_until).toBeNull();
  });

  test("a password reset (npm run admin -- reset-password) ends the account's limits; a block ends with its window", async ({
    db,
  }) => {
    const admin = await createAdmin(db, { email: "owner@example.com", password: PASSWORD });
    for (let i = 1; i <= 8; i++)
      await signIn(db, "owner@example.com", "falsch", `192.0.2.${i}`, { wait: async () => {} });
    for (let i = 1; i <= LOGIN_LIMIT.failures; i++) {
      await signIn(db, "owner@example.com", "falsch", "192.0.2.99", { wait: async () => {} });
    }
    await setPassword(db, admin.id, "Ganz-Neues-Passwort-2026");
    const waits: number[] = [];
    const wait = async (ms: number) => void waits.push(ms);
    expect((await signIn(db, "owner@example.com", PASSWORD, "192.0.2.150", { wait })).ok).toBe(false);
    expect(
      (await signIn(db, "owner@example.com", "Ganz-Neues-Passwort-2026", "192.0.2.151", { wait })).ok,
    ).toBe(true);
    expect(waits).toEqual([]); // no slow-down left
    // The blocked client's own limit is not the account's: it ends with its window.
    expect(
      await signIn(db, "owner@example.com", "Ganz-Neues-Passwort-2026", "192.0.2.99", { wait }),
    ).toMatchObject({
      reason: "throttled",
    });
    await ageRateLimits(db);
    expect(
      (await signIn(db, "owner@example.com", "Ganz-Neues-Passwort-2026", "192.0.2.99", { wait })).ok,
    ).toBe(true);
  });

  test("a successful sign-in clears the account's failures", async ({ db }) => {
    await createAdmin(db, { email: "owner@example.com", password: PASSWORD });
    const fail = (n: number) => signIn(db, "owner@example.com", "falsch-falsch", `192.0.2.${n}`);
    for (let i = 1; i < LOGIN_LIMIT.failures; i++) expect((await fail(i)).ok).toBe(false);
    expect((await findAdminByEmail(db, "owner@example.com"))!.failed_attempts).toBe(4);
    expect((await signIn(db, "owner@example.com", PASSWORD, "192.0.2.50")).ok).toBe(true);
    expect((await findAdminByEmail(db, "owner@example.com"))!.failed_attempts).toBe(0);
    // Four more failures: without the reset these would be 8 and lock the account out.
    for (let i = 11; i < 11 + LOGIN_LIMIT.failures - 1; i++) expect((await fail(i)).ok).toBe(false);
    expect((await signIn(db, "owner@example.com", PASSWORD, "192.0.2.51")).ok).toBe(true);
    // A wrong password is simply invalid, and so is an unknown account.
    expect(await signIn(db, "owner@example.com", "", "192.0.2.60")).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await signIn(db, "keiner@example.com", PASSWORD, "192.0.2.61")).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  test("sessions: only the token's SHA-256 is stored; HttpOnly, SameSite=Lax cookie", async ({ db }) => {
    const admin = await createAdmin(db, {
      email: "owner@example.com",
      password: PASSWORD,
      name: "Inhaberin",
    });
    const { token, cookie } = await createSession(db, admin.id);
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    const rows = await db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(cookie).toMatch(new RegExp(`^session=${token};`));
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain(`Max-Age=${SESSION_IDLE_MS / 1000}`);
    const expiresIn = rows[0]!.expires_at.getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(SESSION_IDLE_MS - MINUTE);

    const valid = await validateSession(db, token);
    expect(valid?.admin).toEqual({ id: admin.id, email: "owner@example.com", name: "Inhaberin" });
    expect(valid?.refreshedCookie).toBeUndefined();
    // The stored hash is no key: presenting it (or anything else) finds nothing.
    expect(await validateSession(db, rows[0]!.id)).toBeUndefined();
    const altered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    expect(await validateSession(db, altered)).toBeUndefined();
    expect(await validateSession(db, "kurz")).toBeUndefined();
    expect(await validateSession(db, undefined)).toBeUndefined();
  });

  test("sessions: an expired one is deleted; past half the idle time (24 h) it slides; 14 days at most", async ({
    db,
  }) => {
    const admin = await createAdmin(db, { email: "owner@example.com", password: PASSWORD });
    const set = (token: string, values: { expires_at?: SQL; created_at?: SQL }) =>
      db
        .update(sessions)
        .set(values)
        .where(eq(sessions.id, sha256Hex(token)));
    const stored = async (token: string) =>
      (
        await db
          .select()
          .from(sessions)
          .where(eq(sessions.id, sha256Hex(token)))
      )[0];

    const expired = (await createSession(db, admin.id)).token;
    await set(expired, { expires_at: sql`now() - interval '1 minute'` });
    expect(await validateSession(db, expired)).toBeUndefined();
    expect(await stored(expired)).toBeUndefined();

    // More than half the idle time left: no write, no new cookie.
    const fresh = (await createSession(db, admin.id)).token;
    await set(fresh, { expires_at: sql`now() + interval '20 hours'` });
    expect((await validateSession(db, fresh))?.refreshedCookie).toBeUndefined();
    expect((await stored(fresh))!.expires_at.getTime() - Date.now()).toBeLessThan(20 * 60 * MINUTE + 1_000);

    // Less than half left: extended to the full idle time, with a renewed cookie.
    const active = (await createSession(db, admin.id)).token;
    await set(active, { expires_at: sql`now() + interval '6 hours'` });
    const refreshed = await validateSession(db, active);
    expect(refreshed?.refreshedCookie).toMatch(new RegExp(`^session=${active};.*HttpOnly`));
    expect((await stored(active))!.expires_at.getTime() - Date.now()).toBeGreaterThan(
      SESSION_IDLE_MS - MINUTE,
    );

    // Never beyond 14 days after sign-in ...
    const old = (await createSession(db, admin.id)).token;
    await set(old, {
      created_at: sql`now() - interval '13 days' - interval '20 hours'`,
      expires_at: sql`now() + interval '2 hours'`,
    });
    expect((await validateSession(db, old))?.refreshedCookie).toBeDefined();
    const capped = (await stored(old))!.expires_at.getTime() - Date.now();
    expect(capped).toBeLessThan(4 * 60 * MINUTE + MINUTE);
    expect(capped).toBeGreaterThan(4 * 60 * MINUTE - 2 * MINUTE);

    // ... and gone after them, however recently it was used.
    const ancient = (await createSession(db, admin.id)).token;
    await set(ancient, {
      created_at: sql`now() - interval '14 days' - interval '1 minute'`,
      expires_at: sql`now() + interval '20 hours'`,
    });
    expect(SESSION_MAX_MS).toBe(14 * 24 * 60 * MINUTE);
    expect(SESSION_IDLE_MS).toBe(24 * 60 * MINUTE);
    expect(await validateSession(db, ancient)).toBeUndefined();
    expect(await stored(ancient)).toBeUndefined();
  });

  test("deleteOtherSessions ends every session of that admin but the current one", async ({ db }) => {
    const admin = await createAdmin(db, { email: "owner@example.com", password: PASSWORD });
    const other = await createAdmin(db, { email: "zweite@example.com", password: PASSWORD });
    const current = await createSession(db, admin.id);
    const laptop = await createSession(db, admin.id);
    const phone = await createSession(db, admin.id);
    const someoneElse = await createSession(db, other.id);

    await deleteOtherSessions(db, admin.id, sha256Hex(current.token));
    expect(await validateSession(db, current.token)).toBeDefined();
    expect(await validateSession(db, laptop.token)).toBeUndefined();
    expect(await validateSession(db, phone.token)).toBeUndefined();
    expect(await validateSession(db, someoneElse.token)).toBeDefined();

    await deleteOtherSessions(db, admin.id);
    expect(await validateSession(db, current.token)).toBeUndefined();
    expect(await validateSession(db, someoneElse.token)).toBeDefined();
  });

  test("the setup link exists only without an admin and works once", async ({ db }) => {
    const link = await createSetupLink(db, "https://www.example.com");
    expect(link).toMatch(/^https:\/\/www\.example\.com\/admin\/setup\?token=[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link!);
    const [stored] = await db.select().from(appMeta).where(eq(appMeta.key, "setup_token"));
    expect(stored!.value).toBe(sha256Hex(token!));
    expect(await isValidSetupToken(db, token)).toBe(true);
    expect(await isValidSetupToken(db, `${token}x`)).toBe(false);
    expect(await isValidSetupToken(db, null)).toBe(false);
    expect(await isValidSetupToken(db, "")).toBe(false);

    // A restart before the setup prints a new link; the old one is void.
    const second = await createSetupLink(db, "https://www.example.com");
    expect(await isValidSetupToken(db, token)).toBe(false);
    expect(await isValidSetupToken(db, tokenOf(second!))).toBe(true);
    // It works once, and only within the hour after it was made.
    expect(await claimSetupToken(db, tokenOf(second!)!)).toBe(true);
    expect(await isValidSetupToken(db, tokenOf(second!))).toBe(false);
    expect(await claimSetupToken(db, tokenOf(second!)!)).toBe(false);
    const late = await createSetupLink(db, "https://www.example.com");
    await db
      .update(appMeta)
      .set({ updated_at: sql`now() - interval '61 minutes'` })
      .where(eq(appMeta.key, "setup_token"));
    expect(await isValidSetupToken(db, tokenOf(late!))).toBe(false);
    expect(await claimSetupToken(db, tokenOf(late!)!)).toBe(false);

    // Two requests with the same link at the same moment: one admin, never two.
    const shared = tokenOf((await createSetupLink(db, "https://www.example.com"))!)!;
    const attempts = await Promise.allSettled(
      ["erste@example.com", "zweite@example.com"].map((email) =>
        db.transaction(async (tx) => {
          if (!(await claimSetupToken(tx, shared))) throw new Error("used");
          return createAdmin(tx, { email, password: PASSWORD });
        }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(1);
    expect(await db.select().from(adminUsers)).toHaveLength(1);

    // Once an admin exists there is no link.
    expect(await createSetupLink(db, "https://www.example.com")).toBeUndefined();
  });

  test("an uploaded JPEG is stored without EXIF/GPS, with WebP variants", async ({ db }) => {
    const input = fixture("photo-with-gps.jpg");
    // The fixture really carries the position this test expects to disappear.
    const inputMetadata = await sharp(input).metadata();
    expect(inputMetadata.exif?.toString("latin1")).toContain("Testkamera");

    const { src } = await storeUploadedImage(
      db,
      new File([new Uint8Array(input)], "urlaub.jpg", { type: "image/jpeg" }),
    );
    const id = src.match(/^\/media\/([0-9a-f-]{36})$/)?.[1];
    expect(id).toBeDefined();
    const [original] = await db.select().from(images).where(eq(images.id, id!));
    expect(original).toMatchObject({ content_type: "image/jpeg", width: 1000, height: 667 });
    const stored = await sharp(original!.original).metadata();
    expect(stored.format).toBe("jpeg");
    expect(stored.exif).toBeUndefined();
    expect(original!.original.includes(Buffer.from("Testkamera"))).toBe(false);

    const variants = await db.select().from(imageVariants).where(eq(imageVariants.image_id, id!));
    expect(variants.map((variant) => variant.width).sort((a, b) => a - b)).toEqual([480, 800]);
    for (const variant of variants) {
      const metadata = await sharp(variant.data).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.width).toBe(variant.width);
      expect(metadata.exif).toBeUndefined();
    }
    expect((await findVariant(db, id!, 800))?.width).toBe(800);
    expect((await findVariant(db, id!, 1600))?.width).toBe(800);
    expect((await findVariant(db, id!, 100))?.width).toBe(480);

    const { src: png } = await storeUploadedImage(
      db,
      new File([new Uint8Array(fixture("graphic.png"))], "grafik.png"),
    );
    const [pngRow] = await db
      .select()
      .from(images)
      .where(eq(images.id, png.slice("/media/".length)));
    expect(pngRow).toMatchObject({ content_type: "image/png", width: 640, height: 400 });
  });

  test("a text file named .jpg and a file over 8 MB are refused in German, nothing stored", async ({
    db,
  }) => {
    const text = new File([new Uint8Array(fixture("not-an-image.jpg"))], "foto.jpg", {
      type: "image/jpeg",
    });
    await expect(storeUploadedImage(db, text)).rejects.toThrow(IMAGE_MESSAGES.notAnImage);
    expect(IMAGE_MESSAGES.notAnImage).toBe(
      "Die Datei ist kein unterstütztes Bild (JPEG, PNG, WebP, AVIF oder GIF).",
    );

    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], "riesig.jpg", { type: "image/jpeg" });
    await expect(storeUploadedImage(db, big)).rejects.toThrow(IMAGE_MESSAGES.tooLarge);
    expect(IMAGE_MESSAGES.tooLarge).toBe("Das Bild ist zu groß: höchstens 8 MB.");
    expect(await db.select({ id: images.id }).from(images)).toEqual([]);

    // Through the editor the refusal is the create error with the German reason.
    const result = await saveProject(db, "create", blankProject({ image: "" }), text);
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      message: `Error creating project: ${IMAGE_MESSAGES.notAnImage}`,
    });
    expect(await listProjects(db)).toEqual([]);
  });

  test("the project editor's server checks: required fields, safe links, ids (spec §5, §8)", async ({
    db,
  }) => {
    expect(await saveProject(db, "create", blankProject({ title: "  " }), null)).toMatchObject({
      ok: false,
      message: "Title, description and image are required",
    });
    expect(await saveProject(db, "create", blankProject({ image: "" }), null)).toMatchObject({
      ok: false,
      message: "Title, description and image are required",
    });
    for (const field of ["url", "admin_url", "image"] as const) {
      const refused = await saveProject(db, "create", blankProject({ [field]: "javascript:alert(1)" }), null);
      expect(refused).toMatchObject({ ok: false, status: 400 });
      expect((refused as { message: string }).message).toMatch(/^Error creating project: /);
      expect((refused as { errors?: Record<string, string> }).errors?.[field]).toBeTruthy();
    }
    expect(await listProjects(db)).toEqual([]);

    const values = blankProject({
      url: "/contact",
      admin_url: "https://cms.example.com/edit",
      tags: ["A", "B"],
    });
    expect(await saveProject(db, "create", values, null)).toEqual({
      ok: true,
      message: "Project created successfully",
    });
    const created = await getProject(db, values.id);
    expect(created).toMatchObject({
      url: "/contact",
      admin_url: "https://cms.example.com/edit",
      tags: ["A", "B"],
    });

    expect(await saveProject(db, "update", { ...values, id: "" }, null)).toMatchObject({
      ok: false,
      message: "Invalid project ID for update",
    });
    const missing = randomUUID();
    expect(await saveProject(db, "update", { ...values, id: missing }, null)).toMatchObject({
      ok: false,
      message: `Error updating project: No project found with id ${missing}`,
    });
    expect(await saveProject(db, "update", { ...values, title: "Neu" }, null)).toEqual({
      ok: true,
      message: "Project updated successfully",
    });
    expect((await getProject(db, values.id))?.title).toBe("Neu");

    expect(await removeProject(db, "")).toMatchObject({
      ok: false,
      message: "Invalid project ID for delete",
    });
    expect(await removeProject(db, missing)).toMatchObject({
      ok: false,
      message: `Error deleting project: No project found with id ${missing}`,
    });
    expect(await removeProject(db, values.id)).toEqual({
      ok: true,
      message: "Project deleted successfully",
    });
    expect(await getProject(db, values.id)).toBeUndefined();
  });

  test("a project saved as a draft stays out of every public list until it is published", async ({ db }) => {
    const draft = blankProject({ title: "Noch geheim", status: "draft", show_on_homepage: true });
    expect(await saveProject(db, "create", draft, null)).toMatchObject({ ok: true });
    const publicTitles = async () => [
      ...(await listProjects(db)).map((p) => p.title),
      ...(await listProjectsByCategory(db, "project")).map((p) => p.title),
      ...(await listHomepageProjects(db)).map((p) => p.title),
    ];
    expect(await publicTitles()).not.toContain("Noch geheim");
    expect(await getProject(db, draft.id)).toBeUndefined();
    expect((await listProjects(db, { drafts: true })).map((p) => p.title)).toContain("Noch geheim");
    expect((await getProject(db, draft.id, { drafts: true }))?.status).toBe("draft");

    expect(await saveProject(db, "update", { ...draft, status: "published" }, null)).toMatchObject({
      ok: true,
    });
    expect(await publicTitles()).toEqual(["Noch geheim", "Noch geheim", "Noch geheim"]);
    expect(await saveProject(db, "update", { ...draft, status: "geheim" }, null)).toMatchObject({
      ok: false,
    });
  });
});

describe("CSV export for German Excel", () => {
  test("BOM, header, CRLF, quoting, and formula characters neutralised", () => {
    const csv = toCsv([
      ["Email", "Abonniert am"],
      ["=cmd@example.com", "2026-01-02"],
      ["+49@example.com", "-1+1"],
      ["@sum@example.com", "\tTab"],
      ["\rcr@example.com", "Unbekannt"],
      ['"Zitat", Komma', "normal@example.com"],
    ]);
    expect(csv).toBe(
      "\uFEFFEmail,Abonniert am\r\n" +
        "'=cmd@example.com,2026-01-02\r\n" +
        "'+49@example.com,'-1+1\r\n" +
        "'@sum@example.com,'\tTab\r\n" +
        '"\'\rcr@example.com",Unbekannt\r\n' +
        '"""Zitat"", Komma",normal@example.com\r\n',
    );
    expect(Buffer.from(csv, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csvCell("harmlos@example.com")).toBe("harmlos@example.com");
    expect(csvCell("a=b")).toBe("a=b");
  });

  test("dates as YYYY-MM-DD in German time, 'Unbekannt' when missing", () => {
    expect(isoDay(new Date("2026-03-04T10:00:00Z"))).toBe("2026-03-04");
    // 23:30 UTC is already the next day in Berlin.
    expect(isoDay(new Date("2026-03-04T23:30:00Z"))).toBe("2026-03-05");
    expect(isoDay(null)).toBe("Unbekannt");
    expect(isoDay(undefined)).toBe("Unbekannt");
    expect(isoDay(new Date("kein Datum"))).toBe("Unbekannt");
  });
});

test("links of projects: http(s) and site paths only", () => {
  for (const ok of [
    "https://example.com",
    "http://example.com/pfad?x=1#a",
    "/contact",
    "/projects?kategorie=projekt",
  ]) {
    expect(isSafeLink(ok), ok).toBe(true);
  }
  for (const refused of [
    "javascript:alert(1)",
    "JavaScript:alert(document.cookie)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//evil.example/x",
    "/\\evil.example",
    "https://",
    "ftp://example.com/datei",
    "mailto:someone@example.com",
    "kontakt",
    "",
  ]) {
    expect(isSafeLink(refused), refused).toBe(false);
  }
});

test("password rules: 10 to 128 characters and hard to guess by zxcvbn's estimate, with the reason in German", async () => {
  expect(await newPasswordProblem("kurz-123")).toBe("Das Passwort muss mindestens 10 Zeichen lang sein.");
  expect(await newPasswordProblem("x".repeat(129))).toBe(
    "Das Passwort darf höchstens 128 Zeichen lang sein.",
  );
  // a fresh install accepted "passwort123" (it is not on the list of common passwords).
  for (const weak of [
    "passwort123",
    "password123",
    "qwertyuiop",
    "1234567890",
    "Password123",
    "Sommer2024!",
  ]) {
    expect(await newPasswordProblem(weak), weak).toMatch(/^Dieses Passwort ist zu leicht zu erraten\. \S/);
  }
  expect(await newPasswordProblem("passwort123")).toBe(
    "Dieses Passwort ist zu leicht zu erraten. Das ähnelt einem oft verwendeten Passwort. Füge weitere, weniger gebräuchliche Wörter hinzu.",
  );
  expect(await newPasswordProblem("Z" + "y".repeat(127))).toContain("Wiederholte Zeichen");
  // The owner's own address and name are easy to guess.
  expect(await newPasswordProblem("erika.musterfrau@example.org")).toBeUndefined();
  expect(
    await newPasswordProblem("erika.musterfrau@example.org", [
      "erika.musterfrau@example.org",
      "Erika Musterfrau",
    ]),
  ).toContain("weder deinen Namen noch deine E-Mail-Adresse");
  // The passwords of the test suites pass.
  for (const strong of [
    "Korrektes-Pferd-Batterie-42",
    "e2e-Admin-Passwort-2026",
    "Eigenes-Admin-Passwort-2026",
  ]) {
    expect(await newPasswordProblem(strong), strong).toBeUndefined();
  }
});
