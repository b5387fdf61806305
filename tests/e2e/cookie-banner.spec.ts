import type { Page } from "@playwright/test";
import { COOKIE_BANNER_TEXT } from "~/features/site/messages";
import { expect, pauseClock, test, waitForHydration, withMotion } from "./fixtures";

/**
 * Cookie banner (spec §2 "Cookie banner", §4, §9): appears 1.5 s after load unless the stored
 * flag cookiesAccepted exists; "Akzeptieren" and the close icon store the flag as "true".
 * Not in the admin area. These tests never pre-set the flag; the clock is paused so the delay is
 * measured exactly.
 */

const banner = (page: Page) => page.getByRole("region", { name: "Wir verwenden Cookies" });
/** The floating "Nach oben" button: in the page but hidden until it is scrolled. */
const scrollTopButton = (page: Page) =>
  page.getByRole("button", { name: "Zum Seitenanfang scrollen", includeHidden: true });
const storedFlag = (page: Page) => page.evaluate(() => window.localStorage.getItem("cookiesAccepted"));

/** Opens `path` with a paused clock and lets the banner delay pass. */
async function openWithBanner(page: Page, path = "/") {
  await pauseClock(page);
  await page.goto(path);
  await waitForHydration(page);
  await page.clock.runFor(1_500);
  await expect(banner(page)).toBeVisible();
}

/** Reloads and lets far more than the delay pass: the banner must not come back. */
async function expectBannerStaysAway(page: Page) {
  await page.reload();
  await waitForHydration(page);
  await page.clock.runFor(5_000);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
}

test("the cookie banner appears 1.5 s after load with its text and actions, but not in the admin area", async ({
  page,
}) => {
  await withMotion(page);
  await pauseClock(page);
  await page.goto("/");
  await waitForHydration(page);
  await expect(banner(page)).toHaveCount(0);

  await page.clock.runFor(1_400);
  await expect(banner(page)).toHaveCount(0);

  await page.clock.runFor(200);
  const region = banner(page);
  await expect(region).toBeVisible();
  await expect(region.getByRole("heading", { level: 2 })).toHaveText("Wir verwenden Cookies");
  // Only necessary storage, so nothing to choose: the text says that Akzeptieren just hides it.
  await expect(region).toContainText(COOKIE_BANNER_TEXT);
  expect(COOKIE_BANNER_TEXT).toContain("nur technisch notwendige");
  expect(COOKIE_BANNER_TEXT).toContain("„Akzeptieren“ blendet diesen Hinweis nur aus");
  await expect(region.getByRole("link", { name: "Datenschutzerklärung" })).toHaveAttribute(
    "href",
    "/datenschutz",
  );
  await expect(region.getByRole("button", { name: "Akzeptieren" })).toBeVisible();
  await expect(region.getByRole("link", { name: "Mehr erfahren" })).toHaveAttribute("href", "/cookies");
  await expect(region.getByRole("button", { name: "Cookie-Hinweis schließen" })).toBeVisible();
  // It slides in (0.4 s) unless reduced motion is asked for, see the next test.
  await expect(region).toHaveCSS("animation-name", "banner-in");
  await expect(region).toHaveCSS("animation-duration", "0.4s");
  expect(await storedFlag(page)).toBeNull();
  await expect(scrollTopButton(page)).toHaveCount(1);

  // The admin area (here its sign-in page) stores nothing a visitor is told about, and a floating
  // "Nach oben" button would cover its sticky bars: neither is there, though nothing was accepted.
  await page.goto("/admin");
  await waitForHydration(page);
  await page.clock.runFor(5_000);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await expect(scrollTopButton(page)).toHaveCount(0);
  expect(await storedFlag(page)).toBeNull();
});

test("with reduced motion the cookie banner appears without animation", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openWithBanner(page);
  const duration = await banner(page).evaluate((element) => getComputedStyle(element).animationDuration);
  expect(parseFloat(duration)).toBeLessThan(0.001);
});

test("Akzeptieren hides the banner for good", async ({ page }) => {
  await openWithBanner(page);
  await banner(page).getByRole("button", { name: "Akzeptieren" }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await storedFlag(page)).toBe("true");
  await expectBannerStaysAway(page);
});

test("the close icon hides the banner for good", async ({ page }) => {
  await openWithBanner(page);
  await banner(page).getByRole("button", { name: "Cookie-Hinweis schließen" }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await storedFlag(page)).toBe("true");
  await expectBannerStaysAway(page);
});

test("Mehr erfahren leads to the cookie policy", async ({ page }) => {
  await openWithBanner(page);
  await banner(page).getByRole("link", { name: "Mehr erfahren" }).click();
  await expect(page).toHaveURL("/cookies");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cookie-Richtlinie");
  // Reading more is not consent.
  expect(await storedFlag(page)).toBeNull();
});

test("the banner can be accepted with the keyboard alone", async ({ page }) => {
  await openWithBanner(page);
  const accept = banner(page).getByRole("button", { name: "Akzeptieren" });

  let reached = false;
  for (let press = 0; press < 80 && !reached; press++) {
    await page.keyboard.press("Tab");
    reached = await accept.evaluate((element) => element === document.activeElement);
  }
  expect(reached, "Tab reaches the Akzeptieren button").toBe(true);
  await page.keyboard.press("Enter");
  await expect(banner(page)).toHaveCount(0);
  expect(await storedFlag(page)).toBe("true");
});
