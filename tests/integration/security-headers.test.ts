import { createHash, randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { CATEGORY_PAGES } from "~/features/projects/categories";
import { SERVICE_PAGES } from "~/features/pages/services";
import { engineNeutralDatabases } from "../setup/databases";
import { get, postForm, sessionCookieOf, withServer } from "../setup/http";
import { tokenize } from "../setup/html";
import { actionUrl, isAdminUrl, routeEndpoints } from "../setup/routes";

/**
 * Security headers on every HTML response — every page of app/routes.ts, the admin
 * pages signed in and out, 404 and error answers: a CSP whose scripts are bound to a nonce or to
 * sha256 hashes (cached pages may use hashes) and that forbids plugins, <base> and framing,
 * nosniff and a Referrer-Policy everywhere, HSTS exactly when PUBLIC_URL is https, and the
 * session cookie of the admin issue (HttpOnly, SameSite=Lax, Path=/; __Host- and Secure on https).
 */

const unique = randomBytes(4).toString("hex");
const ADMIN = { email: `headers-owner-${unique}@example.org`, password: "Kopfzeilen-Test-2026" };
const REFERRER_POLICIES = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"];

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** What is wrong with the headers of one HTML response (empty when nothing is). */
function htmlHeaderProblems(response: Response, html: string, https: boolean): string[] {
  const problems: string[] = [];
  const header = (name: string) => response.headers.get(name);
  const csp = header("content-security-policy");
  if (!csp) return ["no Content-Security-Policy"];
  const policy = directives(csp);
  const scripts = policy.get("script-src") ?? policy.get("default-src") ?? [];
  const nonces = scripts
    .filter((value) => /^'nonce-[A-Za-z0-9+/_=-]+'$/.test(value))
    .map((v) => v.slice(7, -1));
  const hashes = scripts
    .filter((value) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(value))
    .map((v) => v.slice(8, -1));
  if (nonces.length === 0 && hashes.length === 0) problems.push(`script-src without nonce or sha256: ${csp}`);
  if (
    scripts.some((value) =>
      ["'unsafe-inline'", "'unsafe-eval'", "*", "data:", "http:", "https:"].includes(value),
    )
  )
    problems.push(`script-src allows more than own scripts: ${scripts.join(" ")}`);
  for (const [name, value] of [
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["frame-ancestors", "'none'"],
  ] as const) {
    if (policy.get(name)?.join(" ") !== value) problems.push(`${name} is ${policy.get(name)?.join(" ")}`);
  }
  // Every script of the page is allowed by the policy: inline ones by nonce or hash.
  for (const [index, token] of tokenize(html).entries()) {
    if (token.type !== "start" || token.name !== "script") continue;
    const attrs = new Map(token.attrs);
    const next = tokenize(html)[index + 1];
    const content = next?.type === "raw" ? next.text : "";
    const type = attrs.get("type") ?? "";
    if (attrs.has("src")) {
      if (!/^\/(?!\/)/.test(attrs.get("src")!)) problems.push(`script from elsewhere: ${attrs.get("src")}`);
      continue;
    }
    if (type === "application/ld+json" || type === "application/json") continue; // data, never run
    const hash = createHash("sha256").update(content).digest("base64");
    if (!nonces.includes(attrs.get("nonce") ?? "\0") && !hashes.includes(hash))
      problems.push(`inline script allowed by neither nonce nor hash: ${content.slice(0, 80)}`);
  }
  if (header("x-content-type-options") !== "nosniff") problems.push("no X-Content-Type-Options: nosniff");
  if (!REFERRER_POLICIES.includes(header("referrer-policy") ?? ""))
    problems.push(`Referrer-Policy ${header("referrer-policy")}`);
  const hsts = header("strict-transport-security");
  if (https) {
    const maxAge = Number(hsts?.match(/max-age=(\d+)/)?.[1] ?? 0);
    if (maxAge < 31_536_000) problems.push(`HSTS ${hsts}`);
  } else if (hsts) problems.push(`HSTS over http: ${hsts}`);
  return problems;
}

function cookieAttributes(setCookie: string) {
  const [pair, ...attributes] = setCookie.split(";").map((part) => part.trim());
  const map = new Map(
    attributes.map((attribute) => {
      const [key, ...value] = attribute.split("=");
      return [key!.toLowerCase(), value.join("=")] as const;
    }),
  );
  return { name: pair!.split("=")[0]!, value: pair!.split("=").slice(1).join("="), map };
}

test("the header check fails a page that misses a protection", () => {
  const good = {
    "content-security-policy":
      "default-src 'self'; script-src 'self' 'nonce-abc'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "content-type": "text/html",
  };
  const page = `<script nonce="abc">go()</script><script src="/assets/a.js"></script>`;
  const problems = (headers: Record<string, string>, html = page, https = false) =>
    htmlHeaderProblems(new Response(html, { headers }), html, https);
  expect(problems(good)).toEqual([]);
  const hash = createHash("sha256").update("go()").digest("base64");
  const hashed = good["content-security-policy"].replace("'nonce-abc'", `'sha256-${hash}'`);
  expect(problems({ ...good, "content-security-policy": hashed }, "<script>go()</script>")).toEqual([]);
  const broken: [Record<string, string>, string?, boolean?][] = [
    [{ ...good, "content-security-policy": good["content-security-policy"].replace("'nonce-abc'", "") }],
    [
      {
        ...good,
        "content-security-policy": good["content-security-policy"].replace("'nonce-abc'", "'unsafe-inline'"),
      },
    ],
    [
      {
        ...good,
        "content-security-policy": good["content-security-policy"].replace("object-src 'none'", ""),
      },
    ],
    [{ ...good, "content-security-policy": good["content-security-policy"].replace("base-uri 'none'", "") }],
    [
      {
        ...good,
        "content-security-policy": good["content-security-policy"].replace("frame-ancestors 'none'", ""),
      },
    ],
    [{ ...good, "x-content-type-options": "" }],
    [{ ...good, "referrer-policy": "unsafe-url" }],
    [good, `<script>go()</script>`],
    [good, `<script nonce="other">go()</script>`],
    [good, `<script src="https://cdn.example/x.js"></script>`],
    [good, page, true],
    [{ ...good, "strict-transport-security": "max-age=63072000" }],
  ];
  for (const [headers, html, https] of broken) expect(problems(headers, html, https)).not.toEqual([]);
});

describe.each(engineNeutralDatabases)("response headers on $name", (database) => {
  for (const https of [false, true]) {
    test(`every HTML answer carries the security headers (PUBLIC_URL ${https ? "https" : "http"})`, async () => {
      await withServer(database, {
        env: {
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          ...(https ? { PUBLIC_URL: "https://portfolio.example" } : {}),
        },
        run: async ({ url }) => {
          // ── The session cookie ──
          const login = await postForm(url, "/admin/login", ADMIN);
          expect(login.status).toBe(302);
          const sessionHeader = login.headers
            .getSetCookie()
            .find((value) => /^(__Host-)?session=/.test(value))!;
          const cookie = cookieAttributes(sessionHeader);
          expect(cookie.name).toBe(https ? "__Host-session" : "session");
          expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
          expect(cookie.map.has("httponly")).toBe(true);
          expect(cookie.map.get("samesite")?.toLowerCase()).toBe("lax");
          expect(cookie.map.get("path")).toBe("/");
          expect(cookie.map.has("domain")).toBe(false);
          expect(cookie.map.has("secure")).toBe(https);
          expect(Number(cookie.map.get("max-age"))).toBeGreaterThan(0);
          const session = sessionCookieOf(login)!;
          const flashes = login.headers.getSetCookie().filter((value) => value.startsWith("flash="));
          expect(flashes.length, "signing in greets with a toast").toBeGreaterThan(0);
          for (const flash of flashes) {
            const attributes = cookieAttributes(flash).map;
            expect(attributes.has("httponly") && attributes.get("samesite")?.toLowerCase() === "lax").toBe(
              true,
            );
            expect(attributes.has("secure")).toBe(https);
          }

          // ── Every HTML page: public, admin signed out and signed in, 404 ──
          const sitemap = await (await get(url, "/sitemap.xml")).text();
          const projectId = sitemap.match(/\/project\/([0-9a-f-]{36})</)![1]!;
          const endpoints = routeEndpoints({
            id: projectId,
            file: "800.webp",
            page: "impressum",
            slug: "projects",
            key: "ueber-mich",
          });
          const paths = [
            ...new Set([
              ...endpoints.map((endpoint) => actionUrl(endpoint)),
              ...SERVICE_PAGES.map((page) => page.path),
              ...CATEGORY_PAGES.map((page) => `/category/${page.slug}`),
              "/datenschutz",
              "/cookies",
              "/admin/setup?token=falsch",
              "/newsletter/bestaetigen?token=falsch",
              "/gibt/es/nicht",
            ]),
          ];
          const problems: string[] = [];
          const seen = { html: 0, statuses: new Set<number>() };
          const inspect = async (what: string, response: Response) => {
            const body = await response.text();
            seen.statuses.add(response.status);
            // Every answer, HTML or not, is nosniff with a Referrer-Policy.
            if (response.headers.get("x-content-type-options") !== "nosniff")
              problems.push(`${what}: no nosniff`);
            if (!REFERRER_POLICIES.includes(response.headers.get("referrer-policy") ?? ""))
              problems.push(`${what}: no Referrer-Policy`);
            if (!response.headers.get("content-type")?.includes("text/html")) return;
            seen.html++;
            for (const problem of htmlHeaderProblems(response, body, https))
              problems.push(`${what}: ${problem}`);
          };
          for (const path of paths) {
            await inspect(`GET ${path}`, await get(url, path));
            if (isAdminUrl(path.split("?")[0]!)) {
              const signedIn = await get(url, path, session);
              await inspect(`GET ${path} (signed in)`, signedIn);
              if (signedIn.status === 200 && !signedIn.headers.get("content-type")?.includes("csv"))
                expect(signedIn.headers.get("cache-control"), path).toBe("no-store");
            }
          }
          // Error answers: a failed sign-in, an invalid form, a cross-site or oversized POST, a
          // method no route takes, a missing asset.
          await inspect(
            "POST /admin/login (wrong)",
            await postForm(url, "/admin/login", { ...ADMIN, password: "x" }),
          );
          await inspect("POST /contact (invalid)", await postForm(url, "/contact", { intent: "contact" }));
          await inspect("POST /projects", await postForm(url, "/projects", {}));
          await inspect(
            "POST /contact (cross-site)",
            await postForm(url, "/contact", {}, { Origin: "https://evil.example" }),
          );
          await inspect(
            "POST /contact (too large)",
            await postForm(url, "/contact", { message: "x".repeat(20_000) }),
          );
          await inspect("GET /assets/nicht-da.js", await get(url, "/assets/nicht-da.js"));
          await inspect("GET /healthz", await get(url, "/healthz"));
          await inspect("GET /contact.data", await get(url, "/contact.data"));
          expect(problems).toEqual([]);
          // Every public page, and the admin pages signed in, answered with HTML.
          expect(seen.html).toBeGreaterThan(paths.filter((path) => !isAdminUrl(path.split("?")[0]!)).length);
          for (const status of [200, 302, 400, 401, 403, 404, 405, 413])
            expect(seen.statuses).toContain(status);

          // A nonce is never reused: two answers of the same page have different ones (pages
          // served from a cache must bind their scripts by hash instead).
          for (const path of ["/", "/projects", "/about"]) {
            const nonceOf = async () =>
              (await get(url, path)).headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)?.[1];
            const [first, second] = [await nonceOf(), await nonceOf()];
            if (first || second) expect(first, path).not.toBe(second);
          }

          // Signing out clears the cookie with the same attributes.
          const logout = await postForm(url, "/admin/logout", {}, { Cookie: session });
          const cleared = cookieAttributes(
            logout.headers.getSetCookie().find((value) => value.startsWith(`${cookie.name}=`))!,
          );
          expect(cleared.value).toBe("");
          expect(cleared.map.get("max-age")).toBe("0");
          expect(cleared.map.get("path")).toBe("/");
          expect(cleared.map.has("secure")).toBe(https);
        },
      });
    }, 180_000);
  }
});
