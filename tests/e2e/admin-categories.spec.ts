import type { Page } from "@playwright/test";
import { expect, openAdminPage, test, type OwnServer } from "./fixtures";
import { asOwner, main, openEditor, publish, srName, visit, type Visitor } from "./content-owner";

/**
 * The categories as the owner shapes them (Inhalte → Kategorien): hidden ones leave every place
 * that leads to them and answer 404; a new name shows in the menu, the filter and the home page.
 * (Hiding the empty ones: app/features/pages/categories.test.ts.) The test runs a server of its own.
 */

/** The Portfolio submenu's entries, opened on a wide screen. */
async function portfolioSubmenu(page: Page) {
  const nav = page.getByRole("navigation", { name: "Hauptmenü" });
  const toggle = nav.getByRole("button", { name: "Untermenü Portfolio" });
  await toggle.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  return page.locator(`#${await toggle.getAttribute("aria-controls")}`).getByRole("link");
}

const filterPills = (page: Page) =>
  main(page).getByRole("navigation", { name: "Nach Kategorie filtern" }).getByRole("link");

/** The categories' paths in the sitemap. */
async function sitemapCategories(visitor: Visitor, url: string) {
  const sitemap = await visitor.context.request.get(`${url}/sitemap.xml`);
  expect(sitemap.status()).toBe(200);
  return [...(await sitemap.text()).matchAll(/\/category\/([a-z]+)<\/loc>/g)].map(([, slug]) => slug);
}

async function hide(page: Page, server: OwnServer, title: string) {
  await openEditor(page, server, title);
  const visible = main(page).getByRole("checkbox", { name: "Kategorie ist sichtbar" });
  await expect(visible).toBeChecked();
  await visible.uncheck();
  await publish(page);
  await expect(visible).not.toBeChecked();
}

test("hidden Produkte and Magazine leave the menu, the overlay, the filter, the home page and the sitemap, and answer 404; a new name shows everywhere", async ({
  page,
  browser,
}, testInfo) => {
  await asOwner(
    page,
    browser,
    testInfo,
    async (server, visitor) => {
      // Before: all five, as the specification has them.
      await visit(visitor, `${server.url}/projects`);
      await expect(filterPills(visitor.page)).toHaveText([
        "Alle",
        "Projekte",
        "Produkte",
        "Services",
        "Magazine",
        "Consulting",
      ]);
      expect(await sitemapCategories(visitor, server.url)).toEqual([
        "projects",
        "products",
        "services",
        "magazine",
        "consulting",
      ]);

      await hide(page, server, "Produkte");
      await hide(page, server, "Magazine");
      await openAdminPage(page, `${server.url}/admin/inhalte`);
      for (const title of ["Produkte", "Magazine"]) {
        const entry = main(page)
          .getByRole("listitem")
          .filter({ has: page.getByRole("link", { name: srName("Bearbeiten", title) }) });
        await expect(entry).toContainText("Ausgeblendet");
      }

      for (const slug of ["products", "magazine"]) {
        const direct = await visitor.context.request.get(`${server.url}/category/${slug}`, {
          maxRedirects: 0,
        });
        expect(direct.status(), `/category/${slug}`).toBe(404);
      }
      await visit(visitor, `${server.url}/category/products`, 404);
      await expect(main(visitor.page).getByRole("heading", { level: 1 })).toHaveText("404");
      await visit(visitor, `${server.url}/category/services`);
      await expect(main(visitor.page).getByRole("heading", { level: 1 })).toHaveText("Services");

      // The portfolio's filter, and a link to a hidden category's filter shows everything shown.
      await visit(visitor, `${server.url}/projects?category=product`);
      await expect(filterPills(visitor.page)).toHaveText(["Alle", "Projekte", "Services", "Consulting"]);
      await expect(filterPills(visitor.page).first()).toHaveAttribute("aria-current", "page");

      // The home page's sections.
      await visit(visitor, `${server.url}/`);
      const sections = main(visitor.page).getByRole("heading", { level: 2 });
      await expect(sections.filter({ hasText: /^(Projekte|Services|Consulting)$/ })).toHaveCount(3);
      await expect(sections.filter({ hasText: /^(Produkte|Magazine)$/ })).toHaveCount(0);
      await expect(main(visitor.page).locator('a[href^="/category/products"]')).toHaveCount(0);

      // The header's Portfolio submenu on a wide screen…
      await expect(await portfolioSubmenu(visitor.page)).toHaveText([
        "Alle Projekte",
        "Projekte",
        "Services",
        "Consulting",
      ]);
      // …the footer…
      const footer = visitor.page.getByRole("contentinfo");
      await expect(footer.locator('a[href^="/category/"]')).toHaveCount(0);
      // …and the menu overlay on a phone's screen.
      await visitor.page.setViewportSize({ width: 412, height: 915 });
      await visitor.page.getByRole("button", { name: "Menü öffnen" }).click();
      const overlay = visitor.page.getByRole("dialog", { name: "Menü" });
      await expect(overlay.locator('a[href="/category/consulting"]')).toHaveCount(1);
      await expect(overlay.locator('a[href="/category/products"], a[href="/category/magazine"]')).toHaveCount(
        0,
      );
      await overlay.getByRole("button", { name: "Menü schließen" }).click();

      expect(await sitemapCategories(visitor, server.url)).toEqual(["projects", "services", "consulting"]);

      // A new menu name, filter name, title and button text show wherever the category does.
      await openEditor(page, server, "Consulting");
      const form = main(page);
      await form.getByRole("textbox", { name: "Name im Menü" }).fill("Beratung");
      await form.getByRole("textbox", { name: "Name im Filter auf „Alle Projekte“" }).fill("Beratung");
      await form.getByRole("textbox", { name: "Titel", exact: true }).fill("Beratung für Teams");
      await form.getByRole("textbox", { name: "Button auf der Startseite" }).fill("Alle Beratungen ansehen");
      await publish(page);

      await visitor.page.setViewportSize({ width: 1366, height: 900 });
      await visit(visitor, `${server.url}/`);
      const home = main(visitor.page);
      await expect(home.getByRole("heading", { level: 2, name: "Beratung für Teams" })).toBeVisible();
      await expect(home.getByRole("link", { name: "Alle Beratungen ansehen" })).toHaveAttribute(
        "href",
        "/category/consulting",
      );
      await expect(await portfolioSubmenu(visitor.page)).toHaveText([
        "Alle Projekte",
        "Projekte",
        "Services",
        "Beratung",
      ]);
      await visit(visitor, `${server.url}/projects`);
      await expect(filterPills(visitor.page)).toHaveText(["Alle", "Projekte", "Services", "Beratung"]);
      await visit(visitor, `${server.url}/category/consulting`);
      await expect(main(visitor.page).getByRole("heading", { level: 1 })).toHaveText("Beratung für Teams");
      await expect(visitor.page).toHaveTitle(/^Beratung für Teams \|/);
    },
    // The browser's note on the 404 document.
    [/status of 404 .*\/category\/products\)$/],
  );
});
