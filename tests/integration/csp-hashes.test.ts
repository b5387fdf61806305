import { createHash } from "node:crypto";
import { Hono } from "hono";
import { expect, test } from "vitest";
import { pageCache, type PageCacheVariables } from "../../server/page-cache";

/**
 * A page from the page cache allows inline scripts by their hashes (no nonce in shared bytes).
 * Only the scripts the server rendered, marked with the render's nonce, get one: an inline script
 * that content smuggled into the page does not run.
 */

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

test("a cached page allows the server's own inline scripts by hash, not one that content smuggled in", async () => {
  const app = new Hono<{ Variables: PageCacheVariables }>();
  app.use(pageCache({ https: false }));
  let renders = 0;
  app.get("/projekt", (c) => {
    renders++;
    const nonce = c.get("pageCacheNonce");
    // As the renderer writes a page: its own scripts carry the nonce; the owner's text here
    // (had it slipped past escaping) brings a script without it, and one with a guessed nonce.
    return c.html(
      `<!DOCTYPE html><html><head><script nonce="${nonce}">own()</script></head><body>` +
        `<p>Projekt</p><script>smuggled()</script><script nonce="abc">guessed()</script>` +
        `<script nonce="${nonce}" type="module" src="/assets/entry.js"></script>` +
        `<script nonce="${nonce}" type="text/x-deferred-module" id="deferred-modules">import("/a.js");</script>` +
        `</body></html>`,
    );
  });

  // The render, then the same bytes from the cache.
  for (let i = 0; i < 2; i++) {
    const response = await app.request("/projekt");
    expect(response.status).toBe(200);
    const policy = response.headers.get("content-security-policy")!;
    const scriptSources = policy.match(/script-src ([^;]*)/)![1]!.split(" ");
    expect(scriptSources.toSorted()).toEqual(
      ["'self'", sha256("own()"), sha256('import("/a.js");')].toSorted(),
    );
    const html = await response.text();
    expect(html).toContain("<script>own()</script>");
    expect(html).toContain('<script type="module" src="/assets/entry.js"></script>');
    expect(html).toContain('<script nonce="abc">guessed()</script>');
    // The marker is not in the bytes that many visitors share.
    expect(html).not.toMatch(/nonce="(?!abc")/);
  }
  expect(renders).toBe(1);
});

test("each render through the cache has a nonce of its own", async () => {
  const app = new Hono<{ Variables: PageCacheVariables }>();
  app.use(pageCache({ https: false }));
  const nonces: string[] = [];
  app.get("*", (c) => {
    nonces.push(c.get("pageCacheNonce")!);
    return c.html(
      `<!DOCTYPE html><html><body><script nonce="${c.get("pageCacheNonce")}">go()</script></body></html>`,
    );
  });
  for (const path of ["/a", "/b", "/c"]) {
    const response = await app.request(path);
    expect(response.headers.get("content-security-policy")).toContain(sha256("go()"));
  }
  expect(new Set(nonces).size).toBe(3);
  for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
});
