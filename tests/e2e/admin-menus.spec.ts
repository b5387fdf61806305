import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, openAdminPage, test } from "./fixtures";
import { asOwner, expectToast, group, main, openEditor, publish, srName, visit } from "./content-owner";

/**
 * The menus as the owner arranges them (Inhalte → Menüs): an entry renamed and moved first, one
 * hidden, a link of her own added; Produktwelt's submenu edited, an own link with a submenu; the
 * categories reordered (Inhalte → Kategorien). The header's dropdowns, the phone's overlay, the
 * footer, the home page's buttons and the portfolio's filter each show theirs. One server of its
 * own (`asOwner`) and one sign-in for all of it.
 */

/** The names of the header's top-level entries on a wide screen (each entry's first link). */
const headerEntries = (page: Page) =>
  page
    .getByRole("navigation", { name: "Hauptmenü" })
    .locator(":scope > ul > li")
    .evaluateAll((items) => items.map((item) => item.querySelector("a")?.firstChild?.textContent ?? ""));

/** The links of the header's submenu of `title`, opened with its toggle from the keyboard. */
async function submenuLinks(page: Page, title: string): Promise<Locator> {
  const toggle = page
    .getByRole("navigation", { name: "Hauptmenü" })
    .getByRole("button", { name: `Untermenü ${title}`, exact: true });
  await toggle.press("Enter");
  await expect(toggle).toHaveAttribute("aria-controls", /^submenu-\d+$/);
  const list = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
  await expect(list).toBeVisible();
  return list.getByRole("link");
}

test("menu entries and submenu entries renamed, moved, hidden and added, categories reordered: the header, the overlay, the footer and the filter follow", async ({
  page,
  browser,
}, testInfo) => {
  await asOwner(page, browser, testInfo, async (server, visitor) => {
    // Some forty steps of the editor and the visitor on a shared CI machine.
    testInfo.setTimeout(240_000);
    await openEditor(page, server, "Menüs");
    // Each entry's fields are named by its place in its menu ("3.2": the third's submenu's second).
    const header = group(page, "Kopfmenü");
    const name = (menu: Locator, n: number | string) =>
      menu.getByRole("textbox", { name: `Name des Eintrags ${n}`, exact: true });
    const shown = (menu: Locator, n: number | string) =>
      menu.getByRole("checkbox", { name: `Anzeigen (Eintrag ${n})`, exact: true });
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
    await shown(header, 4).uncheck();

    // Produktwelt's submenu: "Software" renamed and moved first, "Bücher" hidden. Its built-in
    // entries are only hidden, never removed.
    // The submenus are folded, so the header's entries stay short; each opens by its summary.
    const produktwelt = header.locator("summary").filter({ hasText: "Untermenü von Produktwelt:" });
    await expect(name(header, "3.2")).toBeHidden();
    await expect(produktwelt).toHaveText("Untermenü von Produktwelt: 6 Einträge");
    await produktwelt.click();
    await expect(name(header, "3.2")).toHaveValue("Software");
    await name(header, "3.2").fill("Apps");
    await shown(header, "3.4").uncheck();
    await header
      .getByRole("button", { name: srName("Nach oben", "Kopfmenü, Untermenü Produktwelt: Software") })
      .click();
    // The submenu just changed stays open.
    await expect(name(header, "3.1")).toHaveValue("Apps");
    await expect(name(header, "3.2")).toHaveValue("Übersicht");
    await expect(shown(header, "3.4")).not.toBeChecked();
    await expect(produktwelt).toHaveText(/: 6 Einträge, 1 ausgeblendet$/);
    await expect(header.getByRole("button", { name: /^Entfernen ?: Kopfmenü, Untermenü/ })).toHaveCount(0);
    // Portfolio's submenu is the categories: edited under Inhalte → Kategorien.
    await expect(header.getByRole("link", { name: "Inhalte → Kategorien" })).toHaveAttribute(
      "href",
      "/admin/inhalte#content-Kategorien",
    );
    // An own link of the header, with an entry in its submenu.
    await header.getByRole("button", { name: "Link hinzufügen" }).click();
    await expect(name(header, 11)).toHaveValue("Neuer Eintrag");
    await name(header, 11).fill("Mehr");
    await header.getByRole("textbox", { name: "Adresse des Eintrags 11", exact: true }).fill("/about");
    await header.getByRole("button", { name: /^Link ins Untermenü\s+von Neuer Eintrag$/ }).click();
    await expect(name(header, 11)).toHaveValue("Mehr");
    await expect(name(header, "11.1")).toHaveValue("Neuer Eintrag");
    await name(header, "11.1").fill("Impressum");
    await header.getByRole("textbox", { name: "Adresse des Eintrags 11.1", exact: true }).fill("/impressum");

    const footer = group(page, "Navigation im Footer");
    // Only an own link has an address, a new tab and a remove button; the footer has no submenus.
    await expect(footer.getByRole("textbox", { name: /^Adresse/ })).toHaveCount(0);
    await expect(footer.getByRole("button", { name: /^Entfernen/ })).toHaveCount(0);
    await footer.getByRole("button", { name: "Link hinzufügen" }).click();
    await expect(name(footer, 6)).toHaveValue("Neuer Eintrag");
    await expect(footer.getByRole("button", { name: /^Link ins Untermenü/ })).toHaveCount(0);
    await name(footer, 6).fill("Podcast");
    await footer
      .getByRole("textbox", { name: "Adresse des Eintrags 6", exact: true })
      .fill("https://podcast.example.com");
    await footer.getByRole("checkbox", { name: "In neuem Tab öffnen (Eintrag 6)", exact: true }).check();
    await expect(
      footer.getByRole("button", { name: srName("Entfernen", "Navigation im Footer: Neuer Eintrag") }),
    ).toBeVisible();
    await expectNoAxeViolations(page, "the menu editor with own links and submenus");
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
        "Mehr",
      ]);
    await expect(await submenuLinks(visitor.page, "Produktwelt")).toHaveText([
      /^Apps/,
      /^Übersicht/,
      /^Produkte/,
      /^Kurse/,
      /^Persönlichkeitsentwicklung/,
    ]);
    const more = await submenuLinks(visitor.page, "Mehr");
    await expect(more).toHaveText(["Impressum"]);
    await expect(more).toHaveAttribute("href", "/impressum");

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
    await expect(overlay.getByRole("link", { name: /^Apps/ })).toBeVisible();
    await expect(overlay.getByRole("link", { name: /^Bücher/ })).toHaveCount(0);
    await expect(overlay.getByRole("link", { name: "Impressum", exact: true })).toHaveAttribute(
      "href",
      "/impressum",
    );

    // The categories' order (Inhalte → Kategorien) is the Portfolio submenu's and the filter's.
    await openAdminPage(page, `${server.url}/admin/inhalte`);
    await main(page)
      .getByRole("button", { name: srName("Nach oben", "Consulting") })
      .click();
    await expectToast(page, "Reihenfolge gespeichert");
    await visitor.page.setViewportSize({ width: 1366, height: 900 });
    await visit(visitor, `${server.url}/projects`);
    await expect(await submenuLinks(visitor.page, "Arbeiten")).toHaveText([
      "Alle Projekte",
      "Projekte",
      "Produkte",
      "Services",
      "Consulting",
      "Magazin",
    ]);
    await expect(
      main(visitor.page).getByRole("navigation", { name: "Nach Kategorie filtern" }).getByRole("link"),
    ).toHaveText(["Alle", "Projekte", "Produkte", "Services", "Consulting", "Magazine"]);
  });
});
