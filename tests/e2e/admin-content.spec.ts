import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Locator } from "@playwright/test";
import { fallbackProjects } from "~/features/projects/fallback-projects";
import { expect, openAdminPage, test, toastWith } from "./fixtures";
import {
  asOwner,
  block,
  clearEditor,
  expectLoaded,
  expectToast,
  group,
  main,
  openEditor,
  openPreview,
  publish,
  saveDraft,
  srName,
  versions,
  visit,
} from "./content-owner";

/**
 * The Inhalte tab, as the owner uses it: a draft with a list and a new portrait,
 * its preview, publishing and restoring an earlier version; a service page hidden from every
 * place that leads to it; a new block moved into place; code that stays text; and a project
 * saved as a draft. Each test runs a server of its own (`asOwner`): what it publishes changes
 * what every other test sees.
 */

const FIXTURES = path.join(import.meta.dirname, "..", "fixtures");
const ORIGINAL_ABOUT = "Ich bin Coach, Berater und Webentwickler";

test("the about page: a list and a new portrait as a draft, preview, publish, restore the earlier version", async ({
  page,
  browser,
}, testInfo) => {
  const alt = `Porträt in Farbflächen ${randomBytes(3).toString("hex")}`;
  await asOwner(page, browser, testInfo, async (server, visitor) => {
    await openEditor(page, server, "Über mich");
    const text = group(page, "Text").getByRole("textbox", { name: "Text", exact: true });
    await expect(text).toHaveText(new RegExp(`^${ORIGINAL_ABOUT}`));
    // Written with the toolbar; the editor shows the list as the page will.
    await clearEditor(page, text);
    await page.keyboard.type("Was ich anbiete:");
    await page.keyboard.press("Enter");
    await group(page, "Text").getByRole("button", { name: "Aufzählung" }).click();
    await page.keyboard.type("Erster Punkt");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Zweiter Punkt");
    await expect(text.getByRole("listitem")).toHaveText(["Erster Punkt", "Zweiter Punkt"]);

    const image = group(page, "Bild");
    await image.getByLabel("Alternativtext", { exact: true }).fill(alt);
    await image
      .getByLabel("Neues Bild hochladen (optional)", { exact: true })
      .setInputFiles(path.join(FIXTURES, "graphic.png"));
    await saveDraft(page);
    await expect(main(page)).toContainText("Du bearbeitest einen Entwurf.");
    // Stored as Markdown, in the form's field of the text.
    await expect(main(page).locator('textarea[name="text"]')).toHaveValue(
      "Was ich anbiete:\n\n- Erster Punkt\n- Zweiter Punkt",
    );
    await expect(text.getByRole("listitem")).toHaveText(["Erster Punkt", "Zweiter Punkt"]);

    // The preview shows the draft to the owner, kept out of caches and search engines.
    const preview = await openPreview(page, "/about");
    const list = main(preview).getByRole("list").filter({ hasText: "Erster Punkt" });
    await expect(list.getByRole("listitem")).toHaveText(["Erster Punkt", "Zweiter Punkt"]);
    expect(await list.getByRole("listitem").evaluateAll((items) => items.map((li) => li.tagName))).toEqual([
      "LI",
      "LI",
    ]);
    const portrait = main(preview).getByRole("img", { name: alt, exact: true });
    await expect(portrait).toHaveAttribute("src", /^\/media\/[0-9a-f-]{36}\//);
    await expectLoaded(portrait);
    await expect(preview.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await preview.close();
    const previewResponse = await page.request.get(`${server.url}/about?vorschau`);
    expect(previewResponse.status()).toBe(200);
    expect(previewResponse.headers()["cache-control"]).toContain("no-store");

    // Visitors still see the published page, and the preview is not theirs to see.
    await visit(visitor, `${server.url}/about`);
    await expect(main(visitor.page)).toContainText(ORIGINAL_ABOUT);
    await expect(main(visitor.page).getByText("Erster Punkt")).toHaveCount(0);
    await expect(main(visitor.page).getByRole("img", { name: alt })).toHaveCount(0);
    const visitorPreview = await visitor.context.request.get(`${server.url}/about?vorschau`, {
      maxRedirects: 0,
    });
    expect(visitorPreview.status()).toBe(302);
    expect(visitorPreview.headers()["location"]).toMatch(/^\/admin\?redirectTo=/);

    // Published: every visitor sees the new text and portrait.
    await publish(page);
    await expect(main(page)).toContainText("Kein Entwurf");
    await visit(visitor, `${server.url}/about`);
    await expect(visitor.page.getByText("Vorschau des Entwurfs")).toHaveCount(0);
    await expect(
      main(visitor.page).getByRole("list").filter({ hasText: "Erster Punkt" }).getByRole("listitem"),
    ).toHaveText(["Erster Punkt", "Zweiter Punkt"]);
    await expect(main(visitor.page)).not.toContainText(ORIGINAL_ABOUT);
    const published = main(visitor.page).getByRole("img", { name: alt, exact: true });
    await expect(published).toHaveAttribute("src", /^\/media\/[0-9a-f-]{36}\//);
    await expectLoaded(published);

    // The version before is kept: restored, it becomes the draft; published, it is live again.
    await expect(versions(page).getByRole("button", { name: /^Wiederherstellen/ })).toHaveCount(1);
    await versions(page)
      .getByRole("button", { name: /^Wiederherstellen/ })
      .click();
    await expectToast(page, "Version als Entwurf wiederhergestellt");
    await expect(text).toHaveText(new RegExp(`^${ORIGINAL_ABOUT}`));
    await expect(group(page, "Bild").getByLabel("Alternativtext", { exact: true })).not.toHaveValue(alt);
    await visit(visitor, `${server.url}/about`);
    await expect(main(visitor.page).getByRole("img", { name: alt })).toBeVisible();

    await publish(page);
    await expect(versions(page).getByRole("button", { name: /^Wiederherstellen/ })).toHaveCount(2);
    await visit(visitor, `${server.url}/about`);
    await expect(main(visitor.page)).toContainText(ORIGINAL_ABOUT);
    await expect(main(visitor.page).getByText("Erster Punkt")).toHaveCount(0);
    await expect(main(visitor.page).getByRole("img", { name: alt })).toHaveCount(0);
    await expectLoaded(main(visitor.page).getByRole("img"));
  });
});

const SERVICES_WITHOUT_SHOPS = [
  "Übersicht",
  "Webdesign",
  "Webentwicklung",
  "Funnels",
  "Landingpages",
  "Portale",
  "Technologien",
  "Erklärvideos",
  "KI",
];

test("a hidden service page answers 404 and leaves the menu, the overview, the sitemap and the footer", async ({
  page,
  browser,
}, testInfo) => {
  await asOwner(
    page,
    browser,
    testInfo,
    async (server, visitor) => {
      await openEditor(page, server, "Onlineshops");
      const visible = main(page).getByRole("checkbox", { name: "Seite ist sichtbar" });
      await expect(visible).toBeChecked();
      await visible.uncheck();
      await publish(page);
      await expect(visible).not.toBeChecked();

      await openAdminPage(page, `${server.url}/admin/inhalte`);
      const entry = main(page)
        .getByRole("listitem")
        .filter({ has: page.getByRole("link", { name: srName("Bearbeiten", "Onlineshops") }) });
      await expect(entry).toContainText("Ausgeblendet");

      // The page itself is gone for visitors.
      const direct = await visitor.context.request.get(`${server.url}/service/shops`);
      expect(direct.status()).toBe(404);
      await visit(visitor, `${server.url}/service/shops`, 404);
      await expect(main(visitor.page)).not.toContainText("WooCommerce oder Shopify?");

      // The overview: its block leading there is gone, the others stay.
      await visit(visitor, `${server.url}/service`);
      const overview = main(visitor.page);
      await expect(overview.getByRole("heading", { level: 2, name: "Portale" })).toBeVisible();
      await expect(overview.getByRole("heading", { name: "Onlineshops" })).toHaveCount(0);
      await expect(overview.getByRole("link", { name: /Onlineshops/ })).toHaveCount(0);
      await expect(overview.locator('a[href="/service/shops"]')).toHaveCount(0);

      // The footer.
      const footer = visitor.page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: "Mein Services" })).toHaveAttribute("href", "/service");
      await expect(footer).not.toContainText("Onlineshops");
      await expect(footer.locator('a[href="/service/shops"]')).toHaveCount(0);

      // The header menu's Services entries, on a wide screen in the submenu…
      const nav = visitor.page.getByRole("navigation", { name: "Hauptmenü" });
      const toggle = nav.getByRole("button", { name: "Untermenü Services" });
      await toggle.press("Enter");
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      const submenu = visitor.page.locator(`#${await toggle.getAttribute("aria-controls")}`);
      await expect(submenu.getByRole("link")).toHaveText(SERVICES_WITHOUT_SHOPS);
      // …and on a phone's screen in the menu overlay.
      await visitor.page.setViewportSize({ width: 390, height: 844 });
      await visitor.page.getByRole("button", { name: "Menü öffnen" }).click();
      const overlay = visitor.page.getByRole("dialog", { name: "Menü" });
      await expect(overlay.getByRole("link", { name: "Portale", exact: true })).toBeVisible();
      await expect(overlay.getByRole("link", { name: "Onlineshops" })).toHaveCount(0);
      await expect(overlay.locator('a[href="/service/shops"]')).toHaveCount(0);
      await overlay.getByRole("button", { name: "Menü schließen" }).click();
      await visitor.page.setViewportSize({ width: 1366, height: 900 });

      // The sitemap.
      const sitemap = await visitor.context.request.get(`${server.url}/sitemap.xml`);
      expect(sitemap.status()).toBe(200);
      const xml = await sitemap.text();
      expect(xml).toContain("/service/portale</loc>");
      expect(xml).not.toContain("/service/shops");

      // Other service pages keep their blocks but drop the links that would lead to the 404.
      await visitor.page.goto(`${server.url}/service/web-development`);
      await expect(visitor.page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(visitor.page.getByRole("main").locator('a[href="/service/shops"]')).toHaveCount(0);
      await expect(
        visitor.page
          .getByRole("main")
          .getByRole("link", { name: /Kontakt/ })
          .first(),
      ).toBeVisible();
    },
    // The browser's note on the 404 document.
    [/status of 404 .*\/service\/shops\)$/],
  );
});

test("a new block on the webdesign page, with a link, moved up once and published, shows in its place", async ({
  page,
  browser,
}, testInfo) => {
  const title = `Pakete und Preise ${randomBytes(3).toString("hex")}`;
  const before = [
    "Planung: erst das Ziel, dann die Gestaltung",
    "Konzept: Struktur, Inhalte und Gestaltung",
    "Umsetzung: sauber gebaut und leicht zu pflegen",
    "Responsive: auf jedem Bildschirm zu Hause",
  ];
  const last = "Livegang und Begleitung danach";
  await asOwner(page, browser, testInfo, async (server, visitor) => {
    await openEditor(page, server, "Webdesign");
    await expect(block(page, `Abschnitt 5: ${last}`)).toBeVisible();
    await main(page).getByRole("button", { name: "Abschnitt hinzufügen" }).click();
    await expectToast(page, "Entwurf gespeichert");

    const added = block(page, "Abschnitt 6: Neuer Abschnitt");
    await expect(added).toBeVisible();
    await added.getByRole("textbox", { name: "Titel", exact: true }).fill(title);
    const text = added.getByRole("textbox", { name: "Text", exact: true });
    await clearEditor(page, text);
    await page.keyboard.type("Drei Pakete, ");
    await added.getByRole("button", { name: "Fett" }).click();
    await page.keyboard.type("klar");
    await added.getByRole("button", { name: "Fett" }).click();
    await page.keyboard.type(" beschrieben.");
    await added.getByRole("textbox", { name: "Linktext (optional)" }).fill("Mehr zum Vorgehen");
    await added.getByRole("textbox", { name: "Linkziel (optional)" }).fill("/service/webdesign");
    await added
      .getByRole("combobox", { name: "Beschriftung des Kontakt-Buttons" })
      .selectOption("Kontakt aufnehmen");
    await added.getByRole("button", { name: srName("Nach oben", "Abschnitt 6") }).click();
    await expectToast(page, "Entwurf gespeichert");

    // The draft holds the block in its new place, with what was typed.
    const moved = block(page, `Abschnitt 5: ${title}`);
    await expect(moved).toBeVisible();
    await expect(block(page, `Abschnitt 6: ${last}`)).toBeVisible();
    await expect(moved.getByRole("textbox", { name: "Linkziel (optional)" })).toHaveValue(
      "/service/webdesign",
    );
    await expect(moved.getByRole("combobox", { name: "Beschriftung des Kontakt-Buttons" })).toHaveValue(
      "Kontakt aufnehmen",
    );

    // Not yet published: visitors see the page as it was.
    await visit(visitor, `${server.url}/service/webdesign`);
    await expect(main(visitor.page).getByRole("heading", { name: title })).toHaveCount(0);

    await publish(page);
    await visit(visitor, `${server.url}/service/webdesign`);
    const headings = main(visitor.page).getByRole("heading", { level: 2 });
    await expect(headings).toHaveText([
      ...before,
      title,
      last,
      "Ausgewählte Service-Leistungen",
      "Lass uns über deine Website sprechen",
    ]);
    const section = main(visitor.page)
      .locator("section")
      .filter({ has: visitor.page.getByRole("heading", { level: 2, name: title }) });
    await expect(section.getByText("klar", { exact: true })).toHaveJSProperty("tagName", "STRONG");
    await expect(section.getByRole("link", { name: "Mehr zum Vorgehen" })).toHaveAttribute(
      "href",
      "/service/webdesign",
    );
    await expect(section.getByRole("link", { name: "Kontakt aufnehmen" })).toHaveAttribute(
      "href",
      "/contact",
    );
  });
});

test("HTML and javascript: links typed into a text stay inert text in the editor and the page preview", async ({
  page,
  browser,
}, testInfo) => {
  const dialogs: string[] = [];
  page.context().on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  const lines = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "[klick](javascript:alert(1))"];
  await asOwner(page, browser, testInfo, async (server) => {
    await openEditor(page, server, "Über mich");
    const text = group(page, "Text").getByRole("textbox", { name: "Text", exact: true });
    await clearEditor(page, text);
    for (const line of ["Vorsicht, Code:", ...lines]) {
      await page.keyboard.type(line);
      await page.keyboard.press("Enter");
    }
    for (const line of lines) await expect(text).toContainText(line);
    await expectInert(text);

    await saveDraft(page);
    const preview = await openPreview(page, "/about");
    const content = main(preview)
      .locator("div")
      .filter({ has: preview.getByText("Vorsicht, Code:", { exact: true }) })
      .last();
    for (const line of lines) await expect(content.getByText(line, { exact: true })).toBeVisible();
    await expectInert(main(preview));
    await expect(preview.locator("[onerror]")).toHaveCount(0);
    await expect(preview.locator('a[href^="javascript:" i]')).toHaveCount(0);
    await preview.close();
  });
  expect(dialogs).toEqual([]);
});

/** No element in `container` could run the payloads: no script, no img, no handler, no javascript: link. */
async function expectInert(container: Locator) {
  await expect(container.locator("script")).toHaveCount(0);
  await expect(container.locator('img[src="x"]')).toHaveCount(0);
  await expect(container.locator("[onerror]")).toHaveCount(0);
  await expect(container.locator('a[href^="javascript:" i]')).toHaveCount(0);
  await expect(container.getByRole("link", { name: "klick" })).toHaveCount(0);
}

test("a project saved as a draft is listed in the admin with 'Entwurf' but not on /projects", async ({
  page,
  browser,
}, testInfo) => {
  const title = `Entwurfsprojekt ${randomBytes(3).toString("hex")}`;
  await asOwner(page, browser, testInfo, async (server, visitor) => {
    await openAdminPage(page, `${server.url}/admin`);
    await expect(page.getByRole("heading", { level: 2, name: "Projekte verwalten" })).toBeVisible();
    await page.getByRole("link", { name: "Neues Projekt" }).click();
    const form = page.getByRole("region", { name: "Create New Project" });
    await expect(form).toBeVisible();
    const draftButton = form.getByRole("button", { name: "Als Entwurf speichern" });
    await expect(draftButton, "the project form offers 'Als Entwurf speichern'").toBeVisible();
    await form.getByLabel("Title", { exact: true }).fill(title);
    await form.getByLabel("Description", { exact: true }).fill("Noch nicht fertig.");
    await form.getByLabel("Image (URL oder Pfad)", { exact: true }).fill(fallbackProjects[0]!.image);
    await draftButton.click();
    await expect(toastWith(page, "Project created successfully")).toBeVisible();

    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row.getByText("Entwurf", { exact: true })).toBeVisible();

    await visit(visitor, `${server.url}/projects`);
    await expect(main(visitor.page).getByRole("article").first()).toBeVisible();
    await expect(main(visitor.page)).not.toContainText(title);
    // Nor anywhere else a visitor could find it.
    const href = await row.getByRole("link", { name: /^Edit/ }).getAttribute("href");
    const id = href?.match(/bearbeiten=([0-9a-f-]{36})$/)?.[1];
    expect(id, "the draft's edit link names its id").toBeTruthy();
    // An unknown project's page sends visitors back to /projects (with "Project not found").
    const detail = await visitor.context.request.get(`${server.url}/project/${id}`, { maxRedirects: 0 });
    expect(detail.status()).toBe(302);
    expect(detail.headers()["location"]).toBe("/projects");
    const sitemap = await (await visitor.context.request.get(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("/projects</loc>");
    expect(sitemap).not.toContain(id!);
  });
});

test("a new service page goes live when published and is gone when deleted; a category text is drafted, discarded and published", async ({
  page,
  browser,
  consoleGuard,
}, testInfo) => {
  consoleGuard.allow(/status of 400/);
  await asOwner(
    page,
    browser,
    testInfo,
    async (server, visitor) => {
      // A new page starts hidden and opens in the editor.
      await openAdminPage(page, `${server.url}/admin/inhalte`);
      const create = main(page).getByRole("region", { name: "Neue Leistungsseite" });
      await create.getByLabel("Name im Menü").fill("Coaching");
      await create.getByLabel("Adresse").fill("coaching");
      await create.getByRole("button", { name: "Seite anlegen" }).click();
      await expectToast(page, "Seite angelegt");
      await expect(
        main(page).getByRole("heading", { level: 2, name: /bearbeiten: Coaching$/ }),
      ).toBeVisible();
      expect((await visitor.context.request.get(`${server.url}/service/coaching`)).status()).toBe(404);

      const visible = main(page).getByRole("checkbox", { name: "Seite ist sichtbar" });
      await expect(visible).not.toBeChecked();
      await visible.check();
      await main(page).getByLabel("Unterzeile", { exact: true }).fill("Begleitung für Selbstständige.");
      await publish(page);
      await visit(visitor, `${server.url}/service/coaching`);
      await expect(main(visitor.page).getByRole("heading", { level: 1, name: "Coaching" })).toBeVisible();
      await expect(main(visitor.page)).toContainText("Begleitung für Selbstständige.");
      const sitemap = await (await visitor.context.request.get(`${server.url}/sitemap.xml`)).text();
      expect(sitemap).toContain("/service/coaching</loc>");

      // The same address a second time is refused, with the reason beside the field.
      await openAdminPage(page, `${server.url}/admin/inhalte`);
      await create.getByLabel("Name im Menü").fill("Noch einmal");
      await create.getByLabel("Adresse").fill("coaching");
      await create.getByRole("button", { name: "Seite anlegen" }).click();
      await expect(create).toContainText("Unter dieser Adresse gibt es schon eine Seite.");

      // A category's draft stays unseen, is discarded, then a new one is published.
      await openEditor(page, server, "Projekte");
      const subtitle = main(page).getByLabel("Untertitel", { exact: true });
      const original = "Websites, Shops und Plattformen, die ich umgesetzt habe";
      await expect(subtitle).toHaveValue(original);
      await subtitle.fill("Erst ein Entwurf");
      await saveDraft(page);
      await visit(visitor, `${server.url}/category/projects`);
      await expect(main(visitor.page)).toContainText(original);
      await main(page).getByRole("button", { name: "Verwerfen" }).click();
      await page
        .getByRole("alertdialog", { name: "Entwurf verwerfen?" })
        .getByRole("button", { name: "Verwerfen" })
        .click();
      await expectToast(page, "Entwurf verworfen");
      await expect(subtitle).toHaveValue(original);
      await subtitle.fill("Meine Kundenprojekte");
      await publish(page);
      await visit(visitor, `${server.url}/category/projects`);
      await expect(main(visitor.page)).toContainText("Meine Kundenprojekte");
      await visit(visitor, `${server.url}/`);
      await expect(main(visitor.page).getByRole("region", { name: "Projekte" })).toContainText(
        "Meine Kundenprojekte",
      );

      // Deleting the added page takes it off the site.
      await openEditor(page, server, "Coaching");
      await main(page).getByRole("button", { name: "Seite löschen" }).click();
      await page
        .getByRole("alertdialog", { name: "Leistungsseite „Coaching“ löschen?" })
        .getByRole("button", { name: "Löschen" })
        .click();
      await expectToast(page, "Seite gelöscht");
      await expect(main(page).getByRole("heading", { level: 2, name: "Inhalte" })).toBeVisible();
      await visit(visitor, `${server.url}/service/coaching`, 404);
    },
    [/status of 404 .*\/service\/coaching\)$/],
  );
});

test("the hero's particles can be switched off, and stay off", async ({ page, browser }, testInfo) => {
  await asOwner(page, browser, testInfo, async (server, visitor) => {
    await visit(visitor, `${server.url}/`);
    await expect(visitor.page.locator("canvas[data-particles]")).toHaveCount(1);

    await openEditor(page, server, "Startseite");
    const particles = main(page).getByRole("checkbox", { name: "Partikel über dem Bild zeigen" });
    await expect(particles).toBeChecked();
    await particles.uncheck();
    await publish(page);
    await expect(particles).not.toBeChecked();

    await visit(visitor, `${server.url}/`);
    await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText("Willkommen in meiner Welt");
    await expect(visitor.page.locator("canvas[data-particles]")).toHaveCount(0);
  });
});

test("the contact page's headline and its search-engine title and description are the owner's", async ({
  page,
  browser,
}, testInfo) => {
  await asOwner(page, browser, testInfo, async (server, visitor) => {
    const description = visitor.page.locator('meta[name="description"]');
    await visit(visitor, `${server.url}/contact`);
    await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText("Lass uns kennen lernen");
    await expect(visitor.page).toHaveTitle("Kontakt | Max Mustermann");

    await openEditor(page, server, "Kontakt");
    await group(page, "Kopfbereich").getByRole("textbox", { name: "Überschrift" }).fill("Erzähl mir davon");
    const searchEngines = group(page, "Suchmaschinen");
    await searchEngines.getByRole("textbox", { name: "Seitentitel" }).fill("Anfrage");
    await searchEngines
      .getByRole("textbox", { name: "Beschreibung für Suchmaschinen" })
      .fill("Coaching für Selbstständige: Schreib mir, ich antworte in zwei Tagen.");
    await publish(page);

    await visit(visitor, `${server.url}/contact`);
    await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText("Erzähl mir davon");
    await expect(visitor.page).toHaveTitle("Anfrage | Max Mustermann");
    await expect(description).toHaveAttribute(
      "content",
      "Coaching für Selbstständige: Schreib mir, ich antworte in zwei Tagen.",
    );
  });
});
