import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPostgresDatabase } from "../setup/postgres-database";
import { formTokenIn, signInOverHttp } from "../setup/http";
import { startServer, waitUntilHealthy, type ServerProcess } from "../setup/server-process";
import { startSmtpReceiver } from "../setup/smtp-receiver";

/**
 * Several instances on one PostgreSQL database: everything an instance keeps between
 * requests lives in the database, and cached pages are dropped on every instance when content
 * changes. Needs TEST_DATABASE_URL (CI sets it).
 */
const ADMIN = { email: "multi-owner@example.com", password: "Mehrere-Instanzen-2026" };

// Only with PostgreSQL: the embedded database belongs to one process. (describe.each over an
// empty list left the file without a suite, which Vitest fails on a machine without PostgreSQL.)
describe.runIf(process.env.TEST_DATABASE_URL)("two instances on postgres", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    smtp = await startSmtpReceiver();
    const env = () => ({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "portfolio-multi-")),
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      MAIL_MAX_PER_HOUR: "1000",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: "X-Forwarded-For",
      FORM_MIN_FILL_MS: "0",
      LOG_LEVEL: "warn",
    });
    // Both start at once on the empty database: the migrations run once, under an advisory lock.
    [a, b] = await Promise.all([startServer(env()), startServer(env())]);
    await Promise.all([waitUntilHealthy(a, 90_000), waitUntilHealthy(b, 90_000)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
    await database?.drop();
  });

  const post = (server: ServerProcess, pathname: string, body: URLSearchParams | FormData, headers = {}) =>
    fetch(`${server.url}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, ...headers },
      body,
    });

  const signIn = (server: ServerProcess) => signInOverHttp(server.url, ADMIN.email, ADMIN.password);

  const isSignedIn = async (server: ServerProcess, session: string) => {
    const response = await fetch(`${server.url}/admin/kontaktanfragen`, {
      redirect: "manual",
      headers: { Cookie: session },
    });
    return response.status === 200;
  };

  test("both applied the migrations, once", async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ hash: string }>("select hash from drizzle.__drizzle_migrations");
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((row) => row.hash)).size).toBe(rows.length);
    } finally {
      await client.end();
    }
  });

  test("a project saved through one instance is served at once by the other", async () => {
    const title = `Zwei Instanzen ${Date.now()}`;
    expect(await (await fetch(`${b.url}/projects`)).text()).not.toContain(title); // cached on b now
    const form = new FormData();
    form.set("intent", "create");
    form.set("title", title);
    form.set("description", "Gespeichert auf der einen, gezeigt von der anderen Instanz.");
    form.set("category", "project");
    form.set("image", "/favicon.svg");
    form.set("date", "2026-11-21");
    const saved = await post(a, "/admin?index", form, { Cookie: await signIn(a) });
    expect(saved.status).toBeLessThan(400);
    // The change is announced by the database (NOTIFY); b hears it within moments.
    await expect
      .poll(async () => (await fetch(`${b.url}/projects`)).text(), { timeout: 2_000 })
      .toContain(title);
  });

  test("a setting saved on one instance is served by the other within 2 s", async () => {
    const brand = `Zweite Instanz ${Date.now()}`;
    expect(await (await fetch(`${b.url}/impressum`)).text()).not.toContain(brand); // cached on b now
    const saved = await post(
      a,
      "/admin/einstellungen",
      new URLSearchParams({
        intent: "website",
        brand,
        tagline: "",
        mainUrl: "",
        productsUrl: "",
        ideasUrl: "",
        videosUrl: "",
        eventsUrl: "",
        blogUrl: "",
      }),
      { Cookie: await signIn(a) },
    );
    expect(saved.status).toBe(200);
    await expect
      .poll(async () => (await fetch(`${b.url}/impressum`)).text(), { timeout: 2_000, interval: 100 })
      .toContain(brand);
    const page = await (await fetch(`${b.url}/`)).text();
    expect(page).toContain(brand);
    expect(page).not.toContain("https://videos.example.com");
  });

  test("a session made on one instance is valid on the other; signing out on one ends it on both", async () => {
    const session = await signIn(a);
    expect(await isSignedIn(a, session)).toBe(true);
    expect(await isSignedIn(b, session)).toBe(true);
    const out = await post(b, "/admin/logout", new URLSearchParams(), { Cookie: session });
    expect(out.status).toBeLessThan(400);
    expect(await isSignedIn(a, session)).toBe(false);
    expect(await isSignedIn(b, session)).toBe(false);
  });

  test("the sign-in throttle counts failures on both instances together", async () => {
    const address = "198.51.100.3";
    const wrong = new URLSearchParams({ email: ADMIN.email, password: "ganz-falsches-Passwort" });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const server = i % 2 === 0 ? a : b;
      statuses.push((await post(server, "/admin/login", wrong, { "X-Forwarded-For": address })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
  });

  test("100 contact submissions spread over both: 100 rows and 100 mails, none twice", async () => {
    const tokenOf = async (server: ServerProcess) =>
      formTokenIn(await (await fetch(`${server.url}/contact`)).text());
    const tokens = { a: await tokenOf(a), b: await tokenOf(b) };
    const marker = `multi-${Date.now()}`;
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, n) => {
        const server = n % 2 === 0 ? a : b;
        return post(
          server,
          "/contact",
          new URLSearchParams({
            intent: "contact",
            formToken: n % 2 === 0 ? tokens.a : tokens.b,
            name: `Person ${n}`,
            email: `${marker}-${n}@example.com`,
            subject: `${marker} Anfrage ${n}`,
            message: "Über zwei Instanzen verteilt.",
          }),
          { "X-Forwarded-For": `203.0.113.${n}`, "Content-Type": "application/x-www-form-urlencoded" },
        );
      }),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(100).fill(200));

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: number }>(
        "select count(*)::int as count from contact_submissions where email like $1",
        [`${marker}-%`],
      );
      expect(rows[0]!.count).toBe(100);
    } finally {
      await client.end();
    }
    const subjects = () =>
      smtp.messages.flatMap(
        (raw) => raw.match(new RegExp(`^Subject: .*(${marker} Anfrage \\d+)`, "m"))?.[1] ?? [],
      );
    await expect
      .poll(() => subjects().length, { timeout: 60_000, interval: 250 })
      .toBeGreaterThanOrEqual(100);
    expect(new Set(subjects()).size).toBe(100);
    expect(subjects()).toHaveLength(100);
  }, 90_000);
});
