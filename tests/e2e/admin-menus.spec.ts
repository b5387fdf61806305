import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { asOwner, group, main, openEditor, publish, srName, visit } from "./content-owner";

/**
 * The menus as the owner arranges them (Inhalte → Menüs): an entry renamed and moved first, one
 * hidden, a link of her own added; the header, the phone's overlay, the footer and the home
 * page's buttons each show their menu. The test runs a server of its own (`asOwner`).
 */

/** The names of the header's top-level entries on a wide screen (each entry's first link). */
const headerEntries = (page: Page) =>
  page
    .getByRole("navigation", { name: "Hauptmenü" })
    .locator(":scope > ul > li")
    .evaluateAll((items) => items.map((item) => item.querySelector("a")?.firstChild?.textContent ?? ""));

test("a menu entry renamed and moved first, one hidden and a link added show in the header, the overlay and the footer", async ({
  page,
  browser,
}, testInfo) => {
  await asOwner(page, browser, testInfo, async (server, visitor) => {
    await openEditor(page, server, "Menüs");
    // Each entry's fields are named by its place in its menu.
    const header = group(page, "Kopfmenü");
    const name = (menu: Locator, n: number) =>
      menu.getByRole("textbox", { name: `Name des Eintrags ${n}`, exact: true });
    await expect(name(header, 2)).toHaveValue("Portfolio");
    await expect(name(header, 2)).toHaveAccessibleDescription("Ziel: Alle Projekte");
    await name(header, 2).fill("Arbeiten");
    // Moving saves the draft, the new name with it.
    await header.getByRole("button", { name: srName("Nach oben", "Kopfmenü: Portfolio") }).click();
    await expect(name(header, 1)).toHaveValue("Arbeiten");
    await expect(name(header, 2)).toHaveValue("Home");
    await expect(
      header.getByRole("button", { name: srName("Nach unten", "Kopfmenü: Arbeiten") }),
    ).toBeVisible();
    await expect(name(header, 4)).toHaveValue("Ideenwelt");
    await header.getByRole("checkbox", { name: "Anzeigen (Eintrag 4)", exact: true }).uncheck();

    const footer = group(page, "Navigation im Footer");
    // Only an own link has an address, a new tab and a remove button.
    await expect(footer.getByRole("textbox", { name: /^Adresse/ })).toHaveCount(0);
    await expect(footer.getByRole("button", { name: /^Entfernen/ })).toHaveCount(0);
    await footer.getByRole("button", { name: "Link hinzufügen" }).click();
    await expect(name(footer, 6)).toHaveValue("Neuer Eintrag");
    await name(footer, 6).fill("Podcast");
    await footer
      .getByRole("textbox", { name: "Adresse des Eintrags 6", exact: true })
      .fill("https://podcast.example.com");
    await footer.getByRole("checkbox", { name: "In neuem Tab öffnen (Eintrag 6)", exact: true }).check();
    await expect(
      footer.getByRole("button", { name: srName("Entfernen", "Navigation im Footer: Neuer Eintrag") }),
    ).toBeVisible();
    await expectNoAxeViolations(page, "the menu editor with an own link");
    await publish(page);

    await visit(visitor, `${server.url}/about`);
    await expect
      .poll(() => headerEntries(visitor.page))
      .toEqual([
        "Arbeiten",
        "Home",
        "Produktwelt",
        "Services",
        "Videos",
        "Termine",
        "Blog",
        "Über mich",
        "Kontakt",
      ]);
    await expect(
      visitor.page.getByRole("navigation", { name: "Hauptmenü" }).getByRole("button", {
        name: "Untermenü Arbeiten",
      }),
    ).toBeVisible();

    const footerNav = visitor.page.getByRole("contentinfo").getByRole("navigation", { name: "Navigation" });
    const podcast = footerNav.getByRole("link", { name: /^Podcast/ });
    await expect(podcast).toHaveAttribute("href", "https://podcast.example.com");
    await expect(podcast).toHaveAttribute("target", "_blank");
    // The footer keeps its own entries: Ideenwelt is only hidden in the header.
    await expect(footerNav.getByRole("link", { name: /^Ideenwelt/ })).toBeVisible();

    // The home page's buttons are a menu of their own, unchanged.
    await visit(visitor, `${server.url}/`);
    await expect(main(visitor.page).getByRole("link", { name: "Portfolio", exact: true })).toHaveAttribute(
      "href",
      "/projects",
    );

    await visitor.page.setViewportSize({ width: 412, height: 915 });
    await visitor.page.getByRole("button", { name: "Menü öffnen" }).click();
    const overlay = visitor.page.getByRole("dialog", { name: "Menü" });
    await expect(overlay.getByRole("link").first()).toHaveText("Arbeiten");
    await expect(overlay.getByRole("link", { name: /^Ideenwelt/ })).toHaveCount(0);
  });
});
