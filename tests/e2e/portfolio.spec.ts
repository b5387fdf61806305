import type { Locator, Page } from "@playwright/test";
import { CATEGORY_PAGES } from "~/features/projects/categories";
import { fallbackProjects } from "~/features/projects/fallback-projects";
import {
  acceptCookiesUpFront,
  expect,
  isMobileProject,
  newContextWithoutJavaScript,
  test,
  toastWith,
  waitForHydration,
} from "./fixtures";

/** Portfolio (/projects), category pages and project detail (spec §2, §8 "Project not found"). */

const PILLS = ["Alle", "Projekte", "Produkte", "Services", "Magazine", "Consulting"];
const BADGES = {
  project: "Projekt",
  product: "Produkt",
  service: "Service",
  magazine: "Magazin",
  consulting: "Consulting",
};

/** The server has no PUBLIC_URL in the e2e setup, so it names itself by its default origin. */
/** The site's PUBLIC_URL, which the e2e config sets to the base URL. */
const siteOrigin = (baseURL: string) => new URL(baseURL).origin;

const filterNav = (page: Page) => page.getByRole("navigation", { name: "Nach Kategorie filtern" });
const cards = (page: Page) => page.getByRole("main").getByRole("article");

/** The category badges of all cards shown. */
async function badgesOf(page: Page): Promise<string[]> {
  return cards(page)
    .locator("span")
    .filter({ hasText: /^(Projekt|Produkt|Service|Magazin|Consulting)$/ })
    .allTextContents();
}

const byCategory = (category: keyof typeof BADGES) => fallbackProjects.filter((p) => p.category === category);

test("the filter pills put the category into the URL; one choice replaces the other", async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto("/projects");
  await waitForHydration(page);

  const pills = filterNav(page).getByRole("link");
  await expect(pills).toHaveText(PILLS);
  await expect(filterNav(page).getByRole("link", { name: "Alle" })).toHaveAttribute("aria-current", "page");
  await expect(cards(page)).toHaveCount(fallbackProjects.length);

  await filterNav(page).getByRole("link", { name: "Produkte" }).click();
  await expect(page).toHaveURL("/projects?category=product");
  await expect(cards(page)).toHaveCount(byCategory("product").length);
  expect(await badgesOf(page)).toEqual(byCategory("product").map(() => "Produkt"));
  await expect(filterNav(page).getByRole("link", { name: "Produkte" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(filterNav(page).locator('[aria-current="page"]')).toHaveCount(1);

  await filterNav(page).getByRole("link", { name: "Services" }).click();
  await expect(page).toHaveURL("/projects?category=service");
  await expect(cards(page)).toHaveCount(byCategory("service").length);
  expect(await badgesOf(page)).toEqual(byCategory("service").map(() => "Service"));
  await expect(filterNav(page).locator('[aria-current="page"]')).toHaveText("Services");

  await filterNav(page).getByRole("link", { name: "Alle" }).click();
  await expect(page).toHaveURL("/projects");
  await expect(cards(page)).toHaveCount(fallbackProjects.length);

  // A shared link opens with the filter applied.
  await page.goto("/projects?category=consulting");
  await waitForHydration(page);
  expect(await badgesOf(page)).toEqual(byCategory("consulting").map(() => "Consulting"));
});

test("the filter works without JavaScript", async ({ browser }, testInfo) => {
  const context = await newContextWithoutJavaScript(browser, testInfo);
  const page = await context.newPage();
  await page.goto("/projects");
  await expect(cards(page)).toHaveCount(fallbackProjects.length);

  await filterNav(page).getByRole("link", { name: "Magazine" }).click();
  await expect(page).toHaveURL("/projects?category=magazine");
  expect(await badgesOf(page)).toEqual(byCategory("magazine").map(() => "Magazin"));

  await filterNav(page).getByRole("link", { name: "Produkte" }).click();
  await expect(page).toHaveURL("/projects?category=product");
  expect(await badgesOf(page)).toEqual(byCategory("product").map(() => "Produkt"));
  await context.close();
});

/** The card whose title is `title`. */
const card = (page: Page, title: string): Locator =>
  cards(page).filter({ has: page.getByRole("heading", { name: title, exact: true }) });

test("cards link to the detail, to external sites in a new tab, or to the contact page", async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto("/projects");
  await waitForHydration(page);

  for (const project of fallbackProjects) {
    const item = card(page, project.title);
    await expect(item).toHaveCount(1);
    await expect(item.getByText(project.description, { exact: true })).toBeVisible();
    await expect(item.getByText(BADGES[project.category], { exact: true })).toBeVisible();
    await expect(item.locator("img")).toHaveAttribute("src", project.image);
    await expect(item.getByRole("link", { name: /^Mehr erfahren/ })).toHaveAttribute(
      "href",
      `/project/${project.id}`,
    );
    const website = item.getByRole("link", { name: /^Zur Webseite/ });
    const contact = item.getByRole("link", { name: "Kontakt aufnehmen" });
    if (project.url === "/contact") {
      await expect(contact).toHaveAttribute("href", "/contact");
      await expect(contact).not.toHaveAttribute("target", /.*/);
      await expect(website).toHaveCount(0);
    } else if (project.url) {
      await expect(website).toHaveAttribute("href", project.url);
      await expect(website).toHaveAttribute("target", "_blank");
      await expect(website).toHaveAttribute("rel", /\bnoopener\b/);
      await expect(contact).toHaveCount(0);
    } else {
      await expect(website).toHaveCount(0);
      await expect(contact).toHaveCount(0);
    }
  }

  const coaching = fallbackProjects.find((p) => p.url === "/contact")!;
  await card(page, coaching.title)
    .getByRole("link", { name: /^Mehr erfahren/ })
    .click();
  await expect(page).toHaveURL(`/project/${coaching.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(coaching.title);
});

test("the grid has one column on phones and three on wide screens", async ({ page }, testInfo) => {
  await acceptCookiesUpFront(page);
  await page.goto("/projects");
  await waitForHydration(page);

  const lefts: number[] = [];
  for (let index = 0; index < 4; index++) {
    const box = await cards(page).nth(index).boundingBox();
    lefts.push(Math.round(box!.x));
  }
  if (isMobileProject(testInfo.project.name)) {
    expect(new Set(lefts).size).toBe(1);
  } else {
    expect(new Set(lefts.slice(0, 3)).size).toBe(3);
    expect(lefts[3]).toBe(lefts[0]);
  }
});

test("each category page shows its title, subtitle, description and only its items", async ({ page }) => {
  await acceptCookiesUpFront(page);
  for (const category of CATEGORY_PAGES) {
    await page.goto(`/category/${category.slug}`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(category.title);
    await expect(page.getByText(category.subtitle, { exact: true })).toBeVisible();
    await expect(page.getByText(category.description, { exact: true })).toBeVisible();
    const expected = byCategory(category.category);
    await expect(cards(page)).toHaveCount(expected.length);
    expect(await badgesOf(page)).toEqual(expected.map(() => BADGES[category.category]));
  }
});

test(
  "an unknown category slug ends on the not-found page",
  { tag: "@desktop-only" },
  async ({ page, request, baseURL, consoleGuard }) => {
    const redirect = await request.get("/category/gibt-es-nicht", { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers()["location"]).toBe("/not-found");

    consoleGuard.allow(/status of 404/, new URL("/not-found", baseURL).href);
    await acceptCookiesUpFront(page);
    const response = await page.goto("/category/gibt-es-nicht");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL("/not-found");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
    await expect(page.getByText("Oops! Page not found", { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  },
);

const KI_TEAMS = fallbackProjects.find((p) => p.title === "KI-Einführung für Teams")!;
const COACHING = fallbackProjects.find((p) => p.title === "Coaching-Programm „Klarer Kurs“")!;

for (const path of [`/project/${KI_TEAMS.id}`, `/projects/${KI_TEAMS.id}`]) {
  test(
    `the detail at ${path.split("/")[1]}/{id} shows the whole item with one canonical URL`,
    {
      // The second address of the same page: once, on the desktop.
      tag: path.startsWith("/projects/") ? ["@desktop-only"] : [],
    },
    async ({ page, baseURL }) => {
      await acceptCookiesUpFront(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);

      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText("KI-Einführung für Teams");
      await expect(main.getByText("Consulting", { exact: true })).toBeVisible();
      await expect(main.locator("time")).toHaveText("22. September 2026");
      await expect(main.getByText("KI, Change-Management, Schulung, DSGVO")).toBeVisible();
      await expect(main.getByRole("img", { name: "Abbildung zu KI-Einführung für Teams" })).toHaveAttribute(
        "src",
        KI_TEAMS.image,
      );
      await expect(main.getByText(KI_TEAMS.description, { exact: true })).toBeVisible();

      // The details keep their line breaks (line breaks within paragraphs), as text.
      const details = main
        .locator("div")
        .filter({ has: page.getByText(/^Eine erfolgreiche KI-Einführung/) })
        .last();
      await expect(details.locator("p")).toHaveCount(KI_TEAMS.details!.split("\n\n").length);
      await expect(details.locator("br")).not.toHaveCount(0);
      await expect(details.locator("ul, ol, strong, em, h2, h3")).toHaveCount(0);
      const shown = await details.innerText();
      expect(shown).toContain(
        "Das Beratungspaket umfasst:\n– die Analyse geeigneter Anwendungsfälle\n– Auswahl",
      );
      const lines = (text: string) => text.split("\n").filter((line) => line.trim() !== "");
      expect(lines(shown)).toEqual(lines(KI_TEAMS.details!));

      // External url: "Zur Webseite" in a new tab.
      const website = main.getByRole("link", { name: /^Zur Webseite/ });
      await expect(website).toHaveAttribute("href", KI_TEAMS.url!);
      await expect(website).toHaveAttribute("target", "_blank");
      await expect(main.getByRole("link", { name: "Jetzt Kontakt aufnehmen" })).toHaveCount(0);

      // One canonical URL for both paths.
      const canonical = page.locator('link[rel="canonical"]');
      await expect(canonical).toHaveCount(1);
      await expect(canonical).toHaveAttribute("href", `${siteOrigin(baseURL!)}/project/${KI_TEAMS.id}`);

      const back = main.getByRole("link", { name: "Zurück zu allen Projekten" });
      await expect(back).toHaveAttribute("href", "/projects");
      await back.click();
      await expect(page).toHaveURL("/projects");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mein Portfolio");
    },
  );
}

test("an item whose url is /contact offers 'Jetzt Kontakt aufnehmen' in the same tab", async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto(`/projects/${COACHING.id}`);
  await waitForHydration(page);

  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(COACHING.title);
  await expect(main.getByText("Service", { exact: true })).toBeVisible();
  await expect(main.locator("time")).toHaveText("14. Januar 2025");
  await expect(main.getByRole("link", { name: /^Zur Webseite/ })).toHaveCount(0);

  const cta = main.getByRole("link", { name: "Jetzt Kontakt aufnehmen" });
  await expect(cta).toHaveAttribute("href", "/contact");
  await expect(cta).not.toHaveAttribute("target", /.*/);
  await cta.click();
  await expect(page).toHaveURL("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lass uns kennen lernen");
});

for (const [label, id] of [
  ["an unknown id", "2a9a3b1e-7c55-4d1e-9f43-0c6f1d0b8e21"],
  ["a malformed id", "kein-projekt"],
]) {
  test(
    `${label} leads back to /projects with 'Project not found'`,
    {
      tag: id === "kein-projekt" ? ["@desktop-only"] : [],
    },
    async ({ page }) => {
      await acceptCookiesUpFront(page);
      await page.goto(`/project/${id}`);
      await expect(page).toHaveURL("/projects");
      await waitForHydration(page);
      await expect(toastWith(page, "Project not found")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mein Portfolio");
      await expect(cards(page)).toHaveCount(fallbackProjects.length);

      // The message is shown once, not again on the next page.
      await page.reload();
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mein Portfolio");
      await expect(toastWith(page, "Project not found")).toHaveCount(0);
    },
  );
}

test("without JavaScript 'Project not found' is part of the page", async ({ browser }, testInfo) => {
  const context = await newContextWithoutJavaScript(browser, testInfo);
  const page = await context.newPage();
  await page.goto("/projects/2a9a3b1e-7c55-4d1e-9f43-0c6f1d0b8e21");
  await expect(page).toHaveURL("/projects");
  await expect(page.getByRole("alert")).toHaveText("Project not found");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mein Portfolio");
  await context.close();
});
