import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { formTokenIn, signInOverHttp } from "../setup/http";
import { startServer, waitUntilHealthy, type ServerProcess } from "../setup/server-process";

/**
 * The page cache (docs/decisions/0008-page-cache.md), observed from outside: what a visitor gets
 * is correct and fresh, whatever was cached before.
 */
const ADMIN = { email: "cache-owner@example.com", password: "Cache-Test-Passwort-2026" };

let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "portfolio-cache-")),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    FORM_MIN_FILL_MS: "1000",
    LOG_LEVEL: "warn",
  });
  await waitUntilHealthy(server, 90_000);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${pathname}`, { headers });

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The inline scripts of a page: those that run, and the data blocks (JSON-LD), which never do. */
function inlineScripts(html: string): { code: string[]; data: string[] } {
  const scripts = [...html.matchAll(/<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
  const isData = (attributes: string) => attributes.includes('type="application/ld+json"');
  return {
    code: scripts.filter(([, attributes]) => !isData(attributes!)).map(([, , content]) => content!),
    data: scripts.filter(([, attributes]) => isData(attributes!)).map(([, , content]) => content!),
  };
}

/** The bytes as sent, without fetch's decoding. */
function rawGet(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpGet(`${server.url}${pathname}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

const signIn = () => signInOverHttp(server.url, ADMIN.email, ADMIN.password);

describe("page cache", () => {
  test("every copy of a page allows exactly its own inline scripts, by hash", async () => {
    for (let i = 0; i < 2; i++) {
      const response = await get("/");
      expect(response.status).toBe(200);
      const html = await response.text();
      const policy = response.headers.get("content-security-policy")!;
      const scripts = inlineScripts(html);
      expect(scripts.code.length).toBeGreaterThan(0);
      for (const script of scripts.code) expect(policy).toContain(sha256(script));
      // The JSON-LD, built from what the owner entered, is no script the server runs: it gets no
      // hash (only the scripts the server marked when rendering do).
      expect(scripts.data.length).toBeGreaterThan(0);
      for (const data of scripts.data) expect(policy).not.toContain(sha256(data));
      expect(policy.match(/'sha256-/g)).toHaveLength(new Set(scripts.code).size);
      expect(policy).not.toContain("'unsafe-inline' 'self'");
      expect(html).not.toMatch(/\bnonce="/);
    }
  });

  test("brotli, gzip and plain copies carry the same page; a matching ETag gets 304", async () => {
    const plain = await rawGet("/about");
    const br = await rawGet("/about", { "Accept-Encoding": "gzip, deflate, br" });
    const gzip = await rawGet("/about", { "Accept-Encoding": "gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    expect(gunzipSync(gzip.body).toString()).toBe(plain.body.toString());
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(br.headers.vary).toContain("Accept-Encoding");

    const etag = String(br.headers.etag);
    expect(etag).toBeTruthy();
    expect((await get("/about", { "If-None-Match": etag })).status).toBe(304);
  });

  test("a form from a cached page is still refused when sent at once (minimum fill time)", async () => {
    await get("/contact"); // the page is cached now
    const shownAt = Date.now();
    await expect.poll(() => Date.now() - shownAt, { interval: 100, timeout: 5_000 }).toBeGreaterThan(1_200);
    const html = await (await get("/contact")).text();
    const formToken = formTokenIn(html);
    const response = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "contact",
        formToken,
        name: "Schnell",
        email: "schnell@example.com",
        subject: "Zu schnell",
        message: "Gleich nach dem Laden abgeschickt.",
      }).toString(),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Das ging sehr schnell");
  });

  test("a project saved in the admin is on the public pages with the next request", async () => {
    const title = `Cache-Probe ${Date.now()}`;
    expect(await (await get("/projects")).text()).not.toContain(title);
    const session = await signIn();
    const form = new FormData();
    form.set("intent", "create");
    form.set("title", title);
    form.set("description", "Ein Projekt, das sofort sichtbar sein muss.");
    form.set("category", "project");
    form.set("image", "/favicon.svg");
    form.set("date", "2026-11-21");
    const saved = await fetch(`${server.url}/admin?index`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, Cookie: session },
      body: form,
    });
    expect(saved.status).toBeLessThan(400);
    expect(await (await get("/projects")).text()).toContain(title);
  });

  test("a POST to the admin area without a session leaves the cached pages alone", async () => {
    const token = async () => formTokenIn(await (await get("/contact")).text());
    const cached = await token();
    await expect.poll(() => Date.now() - Number(cached.split(".")[0]), { interval: 50 }).toBeGreaterThan(5);
    for (const url of ["/admin", "/admin/kontaktanfragen", "/admin.data"]) {
      await fetch(`${server.url}${url}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=delete&id=x",
      });
    }
    // The same rendering, with its form token: still from the cache.
    expect(await token()).toBe(cached);
    // A signed-in admin's change drops it.
    const session = await signIn();
    await fetch(`${server.url}/admin/kontaktanfragen`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, Cookie: session, "Content-Type": "application/x-www-form-urlencoded" },
      body: "id=00000000-0000-4000-8000-000000000000",
    });
    expect(await token()).not.toBe(cached);
  });

  test("a query no page reads is redirected away: 300 junk query strings store nothing", async () => {
    const pages = ["/", "/about", "/contact", "/projects?category=product&"];
    // Distinct junk, as an attacker cycling the cache would send (200 entries at most).
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, n) => {
        const page = pages[n % pages.length]!;
        const junk = `${page.includes("?") ? "" : "?"}utm_source=x${n}&q=${n}`;
        return fetch(`${server.url}${page}${junk}`, { redirect: "manual" }).then((response) => ({
          page,
          status: response.status,
          location: response.headers.get("location"),
        }));
      }),
    );
    for (const { page, status, location } of answers) {
      expect(status, page).toBe(301);
      expect(location, page).toBe(page.replace(/&$/, ""));
    }
    // The pages themselves, and the parameters a page reads, are answered as before.
    expect((await get("/about")).status).toBe(200);
    expect((await fetch(`${server.url}/projects?category=product`, { redirect: "manual" })).status).toBe(200);
    // `?index` means the index route only to React Router's data requests: a document is the page.
    expect((await fetch(`${server.url}/?index`, { redirect: "manual" })).headers.get("location")).toBe("/");
    // A redirect never leaves the site, whatever the path.
    const offSite = await fetch(`${server.url}//elsewhere?x=1`, { redirect: "manual" });
    expect(offSite.headers.get("location")).toBe("/elsewhere");
    // What is never cached passes untouched: a preview, the newsletter's links, route discovery.
    for (const path of [
      "/about?vorschau",
      "/newsletter/abmelden?id=x&sig=y",
      "/newsletter/bestaetigen?token=x",
      "/__manifest?paths=%2Fabout&version=x",
    ]) {
      expect((await fetch(`${server.url}${path}`, { redirect: "manual" })).status, path).not.toBe(301);
    }
  });

  test("the canonical link names a category only when it is one", async () => {
    const canonical = async (path: string, cookie?: string) => {
      const response = await fetch(`${server.url}${path}`, {
        redirect: "manual",
        headers: cookie ? { Cookie: cookie } : {},
      });
      expect(response.status, path).toBe(200);
      const href = (await response.text()).match(/<link rel="canonical" href="([^"]+)"/)?.[1];
      const url = new URL(href!);
      return url.pathname + url.search;
    };
    expect(await canonical("/projects?category=consulting")).toBe("/projects?category=consulting");
    // The owner's pages are rendered for them, past the cache: the link is checked all the same.
    const session = await signIn();
    for (const category of ["unbekannt", '"><b>x</b>', "PRODUCT"]) {
      expect(await canonical(`/projects?category=${encodeURIComponent(category)}`, session)).toBe(
        "/projects",
      );
    }
    const unknown = await fetch(`${server.url}/projects?category=unbekannt`, { redirect: "manual" });
    expect(unknown.status).toBe(301);
    expect(unknown.headers.get("location")).toBe("/projects");
  });

  test("signed-in and flash requests are rendered for themselves, not served from the cache", async () => {
    const session = await signIn();
    const response = await get("/", { Cookie: session });
    expect(response.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
  });
});
