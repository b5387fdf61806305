import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  DEFERRED_HYDRATION_MARKUP,
  DEFERRED_MODULE_TYPE,
  rewriteForDeferredHydration,
} from "~/platform/react-router-internals/deferred-hydration.server";
import { splitAtFormToken } from "~/platform/react-router-internals/form-token";
import { startServer, waitUntilHealthy, type ServerProcess } from "../setup/server-process";

/**
 * The server rewrites two things in the HTML React Router renders, relying on its markup: the
 * module scripts (deferred hydration, app/platform/react-router-internals/deferred-hydration.server.ts) and the form token of
 * a cached page (server/page-cache.ts). In production a rewrite that finds nothing only logs a
 * warning and the page is served as rendered; here, on the real production build's pages, it
 * fails and names the markup that was not found (a React Router or React upgrade changed it).
 */

const PAGES = ["/", "/contact"];

let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "portfolio-rewrites-")),
    LOG_LEVEL: "warn",
  });
  await waitUntilHealthy(server, 90_000);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

async function page(pathname: string): Promise<string> {
  const response = await fetch(`${server.url}${pathname}`);
  expect(response.status, pathname).toBe(200);
  return response.text();
}

const upgraded = (pathname: string, markup: string) =>
  `${pathname}: ${markup} was not found, so pages hydrate at once (did React Router's markup change?)`;

test("every page's module scripts are held back until the page has painted (deferred hydration)", async () => {
  for (const pathname of PAGES) {
    const html = await page(pathname);
    expect(html, upgraded(pathname, DEFERRED_HYDRATION_MARKUP.moduleScript)).toMatch(
      new RegExp(`<script type="${DEFERRED_MODULE_TYPE}" id="deferred-modules">`),
    );
    expect(html, `${pathname}: a module script still runs as React Router emitted it`).not.toMatch(
      /<script\b[^>]*\btype="module"/,
    );
    expect(html, upgraded(pathname, DEFERRED_HYDRATION_MARKUP.preloads)).not.toMatch(
      /<link\b[^>]*\brel="modulepreload"/,
    );

    // The inline loader got React Router's preloads and its entry module.
    const args = html.match(/\)\("deferred-modules",(\[[^\]]*\]),("[^"]*")/);
    expect(args, `${pathname}: the loader of the deferred modules is missing`).not.toBeNull();
    const preloads = JSON.parse(args![1]!) as string[];
    const entry = JSON.parse(args![2]!) as string;
    expect(preloads.length, upgraded(pathname, DEFERRED_HYDRATION_MARKUP.preloads)).toBeGreaterThan(0);
    expect(entry, upgraded(pathname, DEFERRED_HYDRATION_MARKUP.entry)).not.toBe("");
    expect(preloads).toContain(entry);
    const inert = html.match(
      /<script type="text\/x-deferred-module" id="deferred-modules">([\s\S]*?)<\/script>/,
    );
    expect(inert?.[1]).toContain(`import(${JSON.stringify(entry)});`);

    // What was sent is the rewrite's output: run again, it finds no React Router script left.
    expect(rewriteForDeferredHydration(html)).toEqual({
      html,
      notFound: [DEFERRED_HYDRATION_MARKUP.moduleScript],
    });
  }
  expect(server.output()).not.toContain("deferred hydration is off");
});

test("a cached page's form token is replaced by a fresh one (page cache)", async () => {
  for (const pathname of PAGES) {
    const first = await page(pathname);
    // Read independently of the page cache's pattern: the hidden fields (one per form), whatever
    // their attribute order, all with the same token.
    const fields = [...first.matchAll(/<input\b[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => /\bname="formToken"/.test(tag));
    expect(fields.length, `${pathname}: no form token field in the page`).toBeGreaterThan(0);
    const values = new Set(fields.map((tag) => tag.match(/\bvalue="([^"]+)"/)?.[1]));
    expect([...values], `${pathname}: form token fields without one shared value: ${fields}`).toEqual([
      expect.any(String),
    ]);
    const [shown] = values;

    const { token, parts } = splitAtFormToken(first);
    expect(
      token,
      `${pathname}: the page cache did not find the form token in ${fields[0]} (it looks for ` +
        `name="formToken" value="…"): a cached page would keep the token it was rendered with`,
    ).toBe(shown);
    expect(parts.join(shown!)).toBe(first);

    // From the cache, a little later: the same page around a fresh token.
    const shownAt = Date.now();
    await expect.poll(() => Date.now() - shownAt, { interval: 50, timeout: 2_000 }).toBeGreaterThan(300);
    const second = await page(pathname);
    const fresh = splitAtFormToken(second);
    expect(fresh.token, `${pathname}: the cached page still carries the token it was rendered with`).not.toBe(
      shown,
    );
    expect(fresh.parts, `${pathname}: more than the form token changed`).toEqual(parts);
  }
  expect(server.output()).not.toContain("page cache: a form token field");
});
