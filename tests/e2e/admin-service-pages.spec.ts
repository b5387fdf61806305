import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import {
  actAsOwnClient,
  expect,
  newContextWithoutJavaScript,
  openAdminPage,
  signInAsAdmin,
  startOwnServer,
  test,
  waitForHydration,
  type OwnServer,
} from "./fixtures";
import { expectToast, main, newVisitor as newOwnersVisitor, srName } from "./content-owner";

/**
 * The service pages as the owner arranges them in the Inhalte tab: a built-in page deleted is
 * gone from the site and stays gone after a restart; a page moved up changes the order of the
 * menu and of the overview (with JavaScript and without); a page's block on the overview is
 * edited in its editor. Each test runs a server of its own, since it changes what every visitor
 * sees.
 */

const BUILT_IN_ORDER = [
  "Übersicht",
  "Webdesign",
  "Webentwicklung",
  "Funnels",
  "Landingpages",
  "Onlineshops",
  "Portale",
  "Technologien",
  "Erklärvideos",
  "KI",
];
/** The overview's block titles in the built-in order (KI's block is "Künstliche Intelligenz"). */
const BUILT_IN_BLOCKS = [...BUILT_IN_ORDER.slice(1, -1), "Künstliche Intelligenz"];

type Visitor = { page: Page; context: BrowserContext; problems: string[] };

/** A visitor without the owner's session, whose console problems are collected. */
async function newVisitor(browser: Browser, testInfo: TestInfo): Promise<Visitor> {
  const problems: string[] = [];
  return { ...(await newOwnersVisitor(browser, testInfo, problems)), problems };
}

async function visit(visitor: Visitor, url: string, status = 200) {
  const response = await visitor.page.goto(url);
  expect(response?.status(), `GET ${url}`).toBe(status);
  await waitForHydration(visitor.page);
}

/** The header's Services submenu, opened, as link texts. */
async function servicesSubmenu(visitor: Visitor): Promise<string[]> {
  const nav = visitor.page.getByRole("navigation", { name: "Hauptmenü" });
  const toggle = nav.getByRole("button", { name: "Untermenü Services" });
  await toggle.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const submenu = visitor.page.locator(`#${await toggle.getAttribute("aria-controls")}`);
  return submenu.getByRole("link").allTextContents();
}

/** The overview's block headings, in order (the closing call to action is not a block). */
async function overviewBlocks(visitor: Visitor, server: OwnServer): Promise<string[]> {
  await visit(visitor, `${server.url}/service`);
  const headings = await main(visitor.page).getByRole("heading", { level: 2 }).allTextContents();
  return headings.filter((heading) => heading !== "Nicht sicher, was du brauchst?");
}

/** The Leistungen list of the Inhalte tab, as the titles of its entries. */
async function adminOrder(page: Page): Promise<string[]> {
  const list = main(page).getByRole("region", { name: "Leistungen", exact: true }).getByRole("listitem");
  return (await list.locator("p.font-semibold").allTextContents()).map((title) =>
    title.replace(/(Ausgeblendet|Entwurf)+$/, "").trim(),
  );
}

test("a deleted built-in service page answers 404, leaves menu, overview, footer and sitemap, and stays deleted after a restart", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  let server = await startOwnServer();
  const visitor = await newVisitor(browser, testInfo);
  try {
    const client = await actAsOwnClient(page.context(), testInfo);
    await signInAsAdmin(page, { baseURL: server.url, clientAddress: client, credentials: server.admin! });
    await openAdminPage(page, `${server.url}/admin/inhalte`);
    await expect(main(page).getByRole("heading", { level: 2, name: "Inhalte" })).toBeVisible();
    expect(await adminOrder(page)).toEqual(["Leistungen (Übersicht)", ...BUILT_IN_ORDER.slice(1)]);
    // The overview can be neither deleted nor moved.
    await expect(
      main(page).getByRole("button", { name: srName("Löschen", "Leistungen (Übersicht)") }),
    ).toHaveCount(0);
    await expect(
      main(page).getByRole("button", { name: srName("Nach oben", "Leistungen (Übersicht)") }),
    ).toHaveCount(0);

    // The confirmation names the page; cancelling keeps it.
    await main(page)
      .getByRole("button", { name: srName("Löschen", "Funnels") })
      .click();
    const dialog = page.getByRole("alertdialog", { name: "Leistungsseite „Funnels“ löschen?" });
    await expect(dialog).toContainText(
      "„Funnels“ (/service/funnels) wird mit allen früheren Fassungen gelöscht",
    );
    await expectNoAxeViolations(page, "the Inhalte tab with the delete dialog open");
    await dialog.getByRole("button", { name: "Abbrechen" }).click();
    await expect(dialog).toHaveCount(0);
    expect(await adminOrder(page)).toContain("Funnels");

    await main(page)
      .getByRole("button", { name: srName("Löschen", "Funnels") })
      .click();
    await dialog.getByRole("button", { name: "Löschen" }).click();
    await expectToast(page, "Seite gelöscht");
    expect(await adminOrder(page)).toEqual(
      ["Leistungen (Übersicht)", ...BUILT_IN_ORDER.slice(1)].filter((title) => title !== "Funnels"),
    );

    const expectGone = async () => {
      const direct = await visitor.context.request.get(`${server.url}/service/funnels`);
      expect(direct.status()).toBe(404);
      await visit(visitor, `${server.url}/service/funnels`, 404);
      expect(await overviewBlocks(visitor, server)).toEqual(
        BUILT_IN_BLOCKS.filter((title) => title !== "Funnels"),
      );
      await expect(main(visitor.page).locator('a[href="/service/funnels"]')).toHaveCount(0);
      expect(await servicesSubmenu(visitor)).toEqual(BUILT_IN_ORDER.filter((title) => title !== "Funnels"));
      const footer = visitor.page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: "Mein Services" })).toHaveAttribute("href", "/service");
      await expect(footer.locator('a[href="/service/funnels"]')).toHaveCount(0);
      // The phone's menu overlay.
      await visitor.page.setViewportSize({ width: 390, height: 844 });
      await visitor.page.getByRole("button", { name: "Menü öffnen" }).click();
      const overlay = visitor.page.getByRole("dialog", { name: "Menü" });
      await expect(overlay.getByRole("link", { name: "Portale", exact: true })).toBeVisible();
      await expect(overlay.locator('a[href="/service/funnels"]')).toHaveCount(0);
      await overlay.getByRole("button", { name: "Menü schließen" }).click();
      await visitor.page.setViewportSize({ width: 1366, height: 900 });
      const sitemap = await (await visitor.context.request.get(`${server.url}/sitemap.xml`)).text();
      expect(sitemap).toContain("/service/portale</loc>");
      expect(sitemap).not.toContain("/service/funnels");
    };
    await expectGone();

    // A restart on the same data stores the built-in pages again, except the deleted one.
    await page.goto("about:blank");
    await server.stop();
    server = await startOwnServer({ dataDir: server.dataDir, admin: server.admin });
    await expectGone();
    await signInAsAdmin(page, { baseURL: server.url, clientAddress: client, credentials: server.admin! });
    await openAdminPage(page, `${server.url}/admin/inhalte`);
    expect(await adminOrder(page)).not.toContain("Funnels");
  } finally {
    await visitor.context.close();
    await page.close();
    await server.stop();
  }
  expect(
    visitor.problems.filter((problem) => !/status of 404 .*\/service\/funnels\)$/.test(problem)),
    "the visitor's console stays free of errors and warnings",
  ).toEqual([]);
});

test("a page moved up leads the menu and the overview in its new place; its block's text is edited in its editor", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const server = await startOwnServer();
  const visitor = await newVisitor(browser, testInfo);
  const withoutScript = await newContextWithoutJavaScript(browser, testInfo);
  try {
    const client = await actAsOwnClient(page.context(), testInfo);
    await signInAsAdmin(page, { baseURL: server.url, clientAddress: client, credentials: server.admin! });
    await openAdminPage(page, `${server.url}/admin/inhalte`);
    await expectNoAxeViolations(page, "the Inhalte tab with the service pages' order");
    // At the ends the buttons are off.
    await expect(main(page).getByRole("button", { name: srName("Nach oben", "Webdesign") })).toBeDisabled();
    await expect(main(page).getByRole("button", { name: srName("Nach unten", "KI") })).toBeDisabled();

    await main(page)
      .getByRole("button", { name: srName("Nach oben", "Funnels") })
      .click();
    await expectToast(page, "Reihenfolge gespeichert");
    const moved = ["Übersicht", "Webdesign", "Funnels", "Webentwicklung", ...BUILT_IN_ORDER.slice(4)];
    expect(await adminOrder(page)).toEqual(["Leistungen (Übersicht)", ...moved.slice(1)]);

    await visit(visitor, `${server.url}/`);
    expect(await servicesSubmenu(visitor)).toEqual(moved);
    expect(await overviewBlocks(visitor, server)).toEqual([
      "Webdesign",
      "Funnels",
      "Webentwicklung",
      ...BUILT_IN_BLOCKS.slice(3),
    ]);

    // Without JavaScript the buttons are plain form posts.
    const noScript = await withoutScript.newPage();
    await signInAsAdmin(noScript, { baseURL: server.url, clientAddress: client, credentials: server.admin! });
    await noScript.goto(`${server.url}/admin/inhalte`);
    await main(noScript)
      .getByRole("button", { name: srName("Nach unten", "Funnels") })
      .click();
    await expect(main(noScript).getByRole("heading", { level: 2, name: "Inhalte" })).toBeVisible();
    expect(await adminOrder(noScript)).toEqual(["Leistungen (Übersicht)", ...BUILT_IN_ORDER.slice(1)]);
    await visit(visitor, `${server.url}/`);
    expect(await servicesSubmenu(visitor)).toEqual(BUILT_IN_ORDER);

    // The webdesign page's block on the overview, edited in its editor.
    await main(page)
      .getByRole("link", { name: srName("Bearbeiten", "Webdesign") })
      .click();
    const teaser = main(page).getByRole("group", { name: "Block auf der Übersicht" });
    await expect(teaser.getByLabel("Titel des Blocks", { exact: true })).toHaveValue("Webdesign");
    await teaser.getByLabel("Titel des Blocks", { exact: true }).fill("Websites mit Plan");
    // Written with the toolbar's editor.
    const text = teaser.getByRole("textbox", { name: "Text des Blocks", exact: true });
    await expect(text).toHaveAttribute("contenteditable", "true");
    await text.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.press("Delete");
    await page.keyboard.type("Ich gestalte ");
    await teaser.getByRole("button", { name: "Fett" }).click();
    await page.keyboard.type("deine");
    await teaser.getByRole("button", { name: "Fett" }).click();
    await page.keyboard.type(" Website.");
    await main(page).getByRole("button", { name: "Veröffentlichen" }).click();
    await expectToast(page, "Veröffentlicht");
    await visit(visitor, `${server.url}/service`);
    const block = main(visitor.page)
      .locator("section")
      .filter({
        has: visitor.page.getByRole("heading", { level: 2, name: "Websites mit Plan" }),
      });
    await expect(block).toContainText("Ich gestalte deine Website.");
    await expect(block.locator("strong")).toHaveText("deine");
    await expect(block.getByRole("link", { name: "Mehr zu Webdesign" })).toHaveAttribute(
      "href",
      "/service/webdesign",
    );

    // The list at 360 px: no sideways scrolling, every control reachable.
    await page.setViewportSize({ width: 360, height: 800 });
    await openAdminPage(page, `${server.url}/admin/inhalte`);
    await expect(main(page).getByRole("button", { name: srName("Nach oben", "KI") })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page, "the Inhalte tab at 360 px");
  } finally {
    await withoutScript.close();
    await visitor.context.close();
    await page.close();
    await server.stop();
  }
  expect(visitor.problems, "the visitor's console stays free of errors and warnings").toEqual([]);
});
