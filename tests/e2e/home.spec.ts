import type { Page } from "@playwright/test";
import { CATEGORY_PAGES } from "~/features/projects/categories";
import { fallbackProjects } from "~/features/projects/fallback-projects";
import { acceptCookiesUpFront, expect, test, waitForHydration, withMotion } from "./fixtures";

/** The home page (spec §2 "Home", §9 hero image and particles). */

const NEW_TAB = " (öffnet in neuem Tab)";

const heroImage = (page: Page) => page.locator("img[data-hero-image]");
/** The image fades in as the veil over it (the hero's gradient) fades out. */
const heroVeil = (page: Page) => page.locator("[data-hero-veil]");
const veilOpacity = (page: Page) => heroVeil(page).evaluate((veil) => getComputedStyle(veil).opacity);

test("the hero shows headline, subline and the four buttons", async ({ page, baseURL }) => {
  await acceptCookiesUpFront(page);
  await page.goto("/");
  await waitForHydration(page);

  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Willkommen in meiner Welt");
  await expect(main.getByText("Lerne hier mich, meine Projekte und mein Tun kennen!")).toBeVisible();

  for (const [name, href] of [
    ["Portfolio", "/projects"],
    ["Kontakt", "/contact"],
  ]) {
    const link = main.getByRole("link", { name, exact: true });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", href!);
    await expect(link).not.toHaveAttribute("target", /.*/);
  }
  for (const name of ["Events", "Produktwelt"]) {
    const link = main.getByRole("link", { name: `${name}${NEW_TAB}`, exact: true });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", /^https:\/\//);
    expect(await link.getAttribute("href")).not.toContain(new URL(baseURL!).host);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
  }

  await main.getByRole("link", { name: "Portfolio", exact: true }).click();
  await expect(page).toHaveURL("/projects");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mein Portfolio");
});

test("a random hero image of the ten fades in once it has loaded", async ({ page }) => {
  await withMotion(page);
  // The image's response waits until the test has seen the hero without it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith("/images/hero/"),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await acceptCookiesUpFront(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await waitForHydration(page);

  const image = heroImage(page);
  await expect(image).toHaveCount(1);
  await expect(image).toHaveAttribute("data-hero-image", /^\/images\/hero\/(product|stock)-[1-5]$/);
  await expect(image).toHaveAttribute("width", /^\d+$/);
  await expect(image).toHaveAttribute("height", /^\d+$/);
  await expect(heroVeil(page)).toHaveCSS("transition-duration", "1s");
  expect(await veilOpacity(page), "until the image is there, the gradient covers it").toBe("1");
  release();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect.poll(() => veilOpacity(page)).toBe("0");
});

test("when the chosen hero image fails to load, a stock image takes its place silently", async ({
  page,
  consoleGuard,
}) => {
  // Make the choice fall on the first product image (index 0 of ten) …
  await page.addInitScript(() => {
    Math.random = () => 0.01;
  });
  // … and let every hero image fail except the stock photos.
  const failed: string[] = [];
  await page.route(
    (url) => url.pathname.startsWith("/images/hero/") && !url.pathname.startsWith("/images/hero/stock-"),
    (route) => route.abort(),
  );
  page.on("requestfailed", (request) => {
    failed.push(request.url());
    // Chromium notes every failed resource in the console; these failures are the test's doing.
    consoleGuard.allow(/^Failed to load resource/, request.url());
  });
  await acceptCookiesUpFront(page);
  await page.goto("/");
  await waitForHydration(page);

  const image = heroImage(page);
  await expect(image).toHaveAttribute("data-hero-image", /^\/images\/hero\/stock-[1-5]$/);
  await expect.poll(() => veilOpacity(page)).toBe("0");
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(failed.length, "the product image was requested and failed").toBeGreaterThan(0);
  expect(failed.every((url) => new URL(url).pathname.startsWith("/images/hero/product-1-"))).toBe(true);

  // Silently: no message for the visitor.
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByRole("region", { name: /^Notifications/ }).getByRole("listitem")).toHaveCount(0);
});

/**
 * Whether any pixel of the particle canvas has been painted. Read through a copy made for each
 * call: reading the page's own canvas again and again makes Chromium warn in the console
 * (getImageData without willReadFrequently), which the console guard counts as a failure.
 */
const canvasPainted = (page: Page) =>
  page.locator('canvas[data-particles="50"]').evaluate((canvas: HTMLCanvasElement) => {
    if (canvas.width === 0 || canvas.height === 0) return false;
    const copy = document.createElement("canvas");
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context = copy.getContext("2d", { willReadFrequently: true })!;
    context.drawImage(canvas, 0, 0);
    const pixels = context.getImageData(0, 0, copy.width, copy.height).data;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
    return false;
  });

test("the hero's canvas animates 50 particles", async ({ page }) => {
  await withMotion(page);
  await acceptCookiesUpFront(page);
  await page.goto("/");
  await waitForHydration(page);

  const canvas = page.locator('canvas[data-particles="50"]');
  await expect(canvas).toHaveCount(1);
  await expect(canvas).toHaveAttribute("aria-hidden", "true");
  await expect.poll(() => canvasPainted(page), { timeout: 10_000 }).toBe(true);
  // The drawing buffer follows the canvas' size on screen.
  const size = await canvas.evaluate((c: HTMLCanvasElement) => ({ width: c.width, client: c.clientWidth }));
  expect(size.width).toBeGreaterThanOrEqual(size.client);
});

test("with reduced motion the particle canvas stays empty", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await acceptCookiesUpFront(page);
  await page.goto("/");
  await waitForHydration(page);

  const canvas = page.locator('canvas[data-particles="50"]');
  await expect(canvas).toHaveCount(1);
  // The animation would start on the first idle period (at the latest after 2 s): wait for two
  // idle periods after it and a frame, then nothing may have been drawn.
  await page.evaluate(async () => {
    const idle = () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_500 }));
    await idle();
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await idle();
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
  expect(await canvasPainted(page)).toBe(false);
});

test("one section per category with its button, listing only the homepage items", async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto("/");
  await waitForHydration(page);

  expect(CATEGORY_PAGES.map((category) => category.title)).toEqual([
    "Projekte",
    "Produkte",
    "Services",
    "Magazine",
    "Consulting",
  ]);
  for (const category of CATEGORY_PAGES) {
    const section = page.getByRole("region", { name: category.title, exact: true });
    await expect(section.getByRole("heading", { level: 2 })).toHaveText(category.title);
    await expect(section.getByText(category.subtitle, { exact: true })).toBeVisible();
    await expect(section.getByText(category.description, { exact: true })).toBeVisible();
    await expect(section.getByRole("link", { name: category.homeLinkLabel })).toHaveAttribute(
      "href",
      `/category/${category.slug}`,
    );

    const expected = fallbackProjects
      .filter((project) => project.category === category.category && project.show_on_homepage)
      .map((project) => project.title);
    expect(expected.length, `${category.slug} has homepage items`).toBeGreaterThan(0);
    const shown = await section.getByRole("article").getByRole("heading", { level: 3 }).allTextContents();
    expect(shown.toSorted()).toEqual(expected.toSorted());
  }

  // Items not flagged for the home page are nowhere on it.
  const hidden = fallbackProjects.filter((project) => !project.show_on_homepage);
  expect(hidden.map((project) => project.title)).toContain("Website-Starterkit");
  for (const project of hidden) {
    await expect(page.getByRole("heading", { name: project.title, exact: true })).toHaveCount(0);
  }

  // The section buttons lead to their category page, each label in correct German.
  expect(CATEGORY_PAGES.map((category) => category.homeLinkLabel)).toEqual([
    "Alle Projekte ansehen",
    "Alle Produkte ansehen",
    "Alle Services ansehen",
    "Alle Magazine ansehen",
    "Alle Consulting-Angebote ansehen",
  ]);
  await page.getByRole("link", { name: "Alle Consulting-Angebote ansehen" }).click();
  await expect(page).toHaveURL("/category/consulting");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Consulting");
});
