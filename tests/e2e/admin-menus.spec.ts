import type { Page } from "@playwright/test";
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
    const header = group(page, "Kopfmenü");
    const portfolio = header.getByRole("region", { name: "Portfolio", exact: true });
    await portfolio.getByRole("textbox", { name: "Name" }).fill("Arbeiten");
    // Moving saves the draft, the new name with it.
    await portfolio.getByRole("button", { name: srName("Nach oben", "Kopfmenü: Portfolio") }).click();
    const moved = header.getByRole("region").first();
    await expect(moved).toHaveAccessibleName("Arbeiten");
    await expect(moved.getByRole("textbox", { name: "Name" })).toHaveValue("Arbeiten");
    await header
      .getByRole("region", { name: "Ideenwelt", exact: true })
      .getByRole("checkbox", { name: "Anzeigen" })
      .uncheck();

    const footer = group(page, "Navigation im Footer");
    await footer.getByRole("button", { name: "Link hinzufügen" }).click();
    const added = footer.getByRole("region", { name: "Neuer Eintrag", exact: true });
    await added.getByRole("textbox", { name: "Name" }).fill("Podcast");
    await added.getByRole("textbox", { name: "Ziel" }).fill("https://podcast.example.com");
    await added.getByRole("checkbox", { name: "In neuem Tab öffnen" }).check();
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
