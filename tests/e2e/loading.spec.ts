import { acceptCookiesUpFront, expect, test, waitForHydration } from "./fixtures";

/**
 * Pages appear before their JavaScript is fetched, then hydrate
 * (docs/decisions/0010-deferred-hydration.md). A script the CSP refuses is a console error, which
 * the automatic consoleGuard fixture fails the test on.
 */

test(
  "the server HTML preloads no module and keeps React Router's script inert",
  { tag: "@desktop-only" },
  async ({ request }) => {
    for (const path of ["/", "/contact", "/admin/login"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toContain('rel="modulepreload"');
      expect(html, path).not.toMatch(/<script[^>]* type="module"/);
      expect(html, path).toMatch(/<script[^>]* type="text\/x-deferred-module" id="deferred-modules">/);
    }
  },
);

for (const path of ["/", "/projects", "/contact", "/service/webdesign"]) {
  test(`${path}: no script is fetched before the first contentful paint, and the page hydrates`, async ({
    page,
  }) => {
    await acceptCookiesUpFront(page);
    await page.goto(path);
    await waitForHydration(page);

    const timing = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
    }));
    expect(timing.firstContentfulPaint).toBeGreaterThan(0);
    expect(timing.scripts.length).toBeGreaterThan(0);
    for (const script of timing.scripts) {
      expect(script.startTime, script.name).toBeGreaterThanOrEqual(timing.firstContentfulPaint!);
    }
    await expect(page.locator("#deferred-modules")).toHaveCount(0);
  });
}

test("a page rendered for one request (nonce, not hashes) hydrates as well", async ({ page }) => {
  const response = await page.goto("/admin/login");
  expect(response?.headers()["content-security-policy"]).toMatch(/'nonce-/);
  await expect(page.locator("#deferred-modules")).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(true);
});
