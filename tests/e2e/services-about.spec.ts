import type { Page } from "@playwright/test";
import { fallbackProjects } from "~/features/projects/fallback-projects";
import { acceptCookiesUpFront, expect, isMobileProject, test, waitForHydration } from "./fixtures";

/** Service pages and the about page (spec §2 "Service pages", "About"). */

const SUB_PAGES = [
  "/service/webdesign",
  "/service/web-development",
  "/service/funnels",
  "/service/landingpages",
  "/service/shops",
  "/service/portale",
  "/service/technology",
  "/service/videos",
  "/service/ki",
];

const MORE_SERVICES = "Weitere Service-Leistungen entdecken";

/**
 * The text-and-image blocks of a service page: sections with a second-level heading and an
 * image, apart from the list of service projects.
 */
const blocksOf = (page: Page) =>
  page
    .getByRole("main")
    .locator("section")
    .filter({ has: page.getByRole("heading", { level: 2 }) })
    .filter({ has: page.getByRole("img") })
    .filter({ hasNot: page.getByRole("article") });

test("/service shows nine blocks leading to the nine sub-pages", async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto("/service");
  await waitForHydration(page);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meine Services");
  const blocks = blocksOf(page);
  await expect(blocks).toHaveCount(9);
  const targets: string[] = [];
  for (let index = 0; index < 9; index++) {
    const block = blocks.nth(index);
    const links = block.getByRole("link");
    for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute("href")))) {
      if (href?.startsWith("/service/")) targets.push(href);
    }
    await expect(block.getByRole("link", { name: /^Kontakt (zu mir|aufnehmen)$/ })).toHaveAttribute(
      "href",
      "/contact",
    );
  }
  expect(targets.toSorted()).toEqual(SUB_PAGES.toSorted());
  await expect(page.getByRole("link", { name: MORE_SERVICES })).toHaveCount(0);

  await blocks.nth(0).getByRole("link", { name: "Mehr zu Webdesign" }).click();
  await expect(page).toHaveURL("/service/webdesign");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Webdesign");
});

for (const path of SUB_PAGES) {
  test(
    `${path} has a hero, blocks with contact links and ${path === "/service/ki" ? "no" : "the"} service projects`,
    {
      // One page of the template on the phone: the others differ in their data only.
      tag: path === "/service/webdesign" ? [] : ["@desktop-only"],
    },
    async ({ page }, testInfo) => {
      await acceptCookiesUpFront(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);

      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(main.getByRole("heading", { level: 1 })).not.toBeEmpty();

      const blocks = blocksOf(page);
      const count = await blocks.count();
      expect(count).toBeGreaterThanOrEqual(3);
      for (let index = 0; index < count; index++) {
        const block = blocks.nth(index);
        await expect(block.getByRole("heading", { level: 2 })).not.toBeEmpty();
        await expect(block.getByRole("img")).toHaveAttribute("alt", /\S/);
        await expect(block.getByRole("link", { name: /^Kontakt (zu mir|aufnehmen)$/ })).toHaveAttribute(
          "href",
          "/contact",
        );
      }
      // Wide screens: text and image side by side, the image switching sides from block to block.
      if (!isMobileProject(testInfo.project.name)) {
        for (const [index, imageRight] of [
          [0, true],
          [1, false],
        ] as const) {
          const heading = await blocks.nth(index).getByRole("heading", { level: 2 }).boundingBox();
          const image = await blocks.nth(index).getByRole("img").boundingBox();
          expect(
            image!.x > heading!.x,
            `block ${index + 1} has its image on the ${imageRight ? "right" : "left"}`,
          ).toBe(imageRight);
        }
      }

      const more = main.getByRole("link", { name: MORE_SERVICES });
      if (path === "/service/ki") {
        await expect(more).toHaveCount(0);
        await expect(main.getByRole("article")).toHaveCount(0);
      } else {
        await expect(more).toHaveAttribute("href", "/category/services");
        const expected = fallbackProjects
          .filter((p) => p.category === "service" && p.show_on_homepage)
          .map((p) => p.title);
        await expect(main.getByRole("article").getByRole("heading", { level: 3 })).toHaveText(expected);
      }
    },
  );
}

test(
  "an unknown service page answers 404",
  { tag: "@desktop-only" },
  async ({ page, baseURL, consoleGuard }) => {
    consoleGuard.allow(/status of 404/, new URL("/service/unbekannt", baseURL).href);
    await acceptCookiesUpFront(page);
    const response = await page.goto("/service/unbekannt");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
    await expect(page.getByText("Oops! Page not found", { exact: true })).toBeVisible();
  },
);

test("the about page: 'Über mich', the team image and five key facts", async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto("/about");
  await waitForHydration(page);

  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Über mich");
  const image = main.getByRole("img");
  await expect(image).toHaveCount(1);
  await expect(image).toHaveAttribute("alt", /\S{10,}/);
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  const keyfacts = main.getByRole("region", { name: "Keyfacts" });
  await expect(keyfacts.getByRole("heading", { level: 2 })).toHaveText("Keyfacts");
  await expect(keyfacts.getByRole("listitem")).toHaveCount(5);
  for (const item of await keyfacts.getByRole("listitem").allInnerTexts()) expect(item.trim()).not.toBe("");
});
