import { createHash } from "node:crypto";
import { acceptCookiesUpFront, expect, test, waitForHydration } from "./fixtures";

/** What the production server adds around the pages: security headers, caching, compression. */

test("HTML responses carry the security headers", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers["content-type"]).toContain("text/html");

  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).not.toContain("unsafe-eval");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBeTruthy();
  // Plain http: HSTS would be meaningless and is left out.
  expect(headers["strict-transport-security"]).toBeUndefined();

  // Public pages come from the page cache: every inline script is allowed by its hash, and no
  // other inline script would run (docs/decisions/0008-page-cache.md). JSON-LD is data, not run.
  const scriptSources = csp.match(/(?:^|;)\s*script-src ([^;]*)/)![1]!;
  expect(scriptSources).not.toContain("unsafe-inline");
  const html = await response.text();
  const inline = [
    ...html.matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
  ].map((m) => m[1]!);
  expect(inline.length).toBeGreaterThan(0);
  for (const script of inline) {
    const hash = createHash("sha256").update(script).digest("base64");
    expect(scriptSources).toContain(`'sha256-${hash}'`);
  }
});

test("hashed assets are cached for a year with a subresource's headers, other files are not", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const assets = [...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map(([path]) => path);
  const script = assets.find((path) => path.endsWith(".js"));
  const stylesheet = assets.find((path) => path.endsWith(".css"));
  expect(script).toBeDefined();
  expect(stylesheet).toBeDefined();

  for (const path of [script!, stylesheet!]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const cacheControl = response.headers()["cache-control"] ?? "";
    expect(cacheControl, path).toContain("immutable");
    expect(cacheControl, path).toContain("max-age=31536000");
    // A subresource carries what it needs, not the documents' policies (bytes).
    expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(response.headers()["content-security-policy"], path).toBeUndefined();
    expect(response.headers()["permissions-policy"], path).toBeUndefined();
  }

  const favicon = await request.get("/favicon.svg");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["cache-control"] ?? "").not.toContain("immutable");
});

test("HTML is compressed when the client accepts it", async ({ request }) => {
  const compressed = await request.get("/", { headers: { "Accept-Encoding": "gzip, br" } });
  expect(compressed.status()).toBe(200);
  expect(compressed.headers()["content-encoding"]).toMatch(/^(gzip|br)$/);
  expect(await compressed.text()).toContain("Willkommen in meiner Welt");

  const plain = await request.get("/", { headers: { "Accept-Encoding": "identity" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
});

test("public pages load nothing from other origins", async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(`${baseURL}/`) && !url.startsWith("data:") && !url.startsWith("blob:")) {
      foreign.push(url);
    }
  });
  const seen: string[] = [];
  page.on("requestfinished", (request) => seen.push(request.url()));

  await acceptCookiesUpFront(page);
  for (const path of ["/", "/impressum", "/datenschutz", "/cookies"]) {
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
  }
  // The recording itself worked: scripts, styles and images came from our origin.
  expect(seen.some((url) => url.includes("/assets/") && url.endsWith(".js"))).toBe(true);
  expect(seen.some((url) => url.includes("/assets/") && url.endsWith(".css"))).toBe(true);
  expect(seen.some((url) => url.includes("/images/"))).toBe(true);
  expect(foreign).toEqual([]);
});
