import { acceptCookiesUpFront, expect, test, waitForHydration } from "./fixtures";

/** Route table edge cases (spec §2): unknown single-segment paths, the 404 page, health check. */

for (const path of ["/foo", "/irgendwas"]) {
  test(`the unknown single-segment path ${path} redirects to the home page`, async ({ page, request }) => {
    const redirect = await request.get(path, { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers()["location"]).toBe("/");

    await acceptCookiesUpFront(page);
    const response = await page.goto(path);
    const first = response?.request().redirectedFrom();
    expect(first, "the first response of the chain is a redirect").toBeTruthy();
    expect((await first!.response())?.status()).toBe(302);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Willkommen in meiner Welt");
  });
}

for (const path of ["/gibt/es/nicht", "/not-found"]) {
  test(`${path} renders the 404 page with status 404`, async ({ page, baseURL, consoleGuard }) => {
    // Chromium reports every 404 document in the console; only this one is expected.
    consoleGuard.allow(/status of 404/, new URL(path, baseURL).href);
    await acceptCookiesUpFront(page);

    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
    // The specification's English lines on a German page are marked as English.
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByText("Oops! Page not found", { exact: true })).toBeVisible();
    await expect(page.getByText("Oops! Page not found", { exact: true })).toHaveAttribute("lang", "en");

    const home = page.getByRole("link", { name: "Return to Home" });
    await expect(home).toHaveAttribute("href", "/");
    await expect(home).toHaveAttribute("lang", "en");
    await home.click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Willkommen in meiner Welt");
  });
}

test("/healthz reports ok as JSON", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  expect(await response.json()).toEqual({ status: "ok" });
});
