import { randomBytes } from "node:crypto";
import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import { fallbackProjects } from "~/features/projects/fallback-projects";
import { expectNoAxeViolations } from "./axe";
import {
  acceptCookiesUpFront,
  actAsOwnClient,
  expect,
  openAdminPage,
  signInAsAdmin,
  test,
  toastWith,
  waitForHydration,
} from "./fixtures";
import { clearEditor, main, onOwnServer } from "./content-owner";

/**
 * The owner writes long texts with the editor's toolbar, without typing any Markdown: bold, a
 * list, a link and a date on a page, bold and a numbered list in a project's details, and
 * visitors see them formatted. The editor itself is accessible, works with the keyboard and
 * fits a 360 px screen. The page text is written on both projects, the phone's too; the other
 * two tests do not depend on the screen (tagged for the desktop project only).
 */

const tool = (scope: Locator, name: string) => scope.getByRole("button", { name, exact: true });

/** The text area of the field `label` (the editor, once loaded) and its toolbar. */
async function editorOf(scope: Locator, label: string, toolbar = `Formatierung: ${label}`) {
  const bar = scope.getByRole("group", { name: toolbar, exact: true });
  await expect(tool(bar, "Fett")).toBeVisible();
  return { area: scope.getByRole("textbox", { name: label, exact: true }), bar };
}

/**
 * Opens `url` as a visitor (a browser context without the owner's session) and hands the page
 * to `check`; the visitor's console stays free of errors and warnings.
 */
async function asVisitor(
  browser: Browser,
  testInfo: TestInfo,
  url: string,
  check: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ locale: "de-DE", viewport: { width: 1366, height: 900 } });
  await actAsOwnClient(context, testInfo);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  try {
    await acceptCookiesUpFront(page);
    const response = await page.goto(url);
    expect(response?.status(), `GET ${url}`).toBe(200);
    await waitForHydration(page);
    await check(page);
  } finally {
    await context.close();
  }
  expect(problems, "the visitor's console stays free of errors and warnings").toEqual([]);
}

test("a page text written with the toolbar only: bold, a list, a link and a date, published", async ({
  page,
  browser,
}, testInfo) => {
  await onOwnServer(page, testInfo, async (server) => {
    await openAdminPage(page, `${server.url}/admin/inhalte/ueber-mich`);
    const { area, bar } = await editorOf(
      main(page).getByRole("group", { name: "Text", exact: true }),
      "Text",
    );
    await clearEditor(page, area);

    // Bold on, a word, bold off: the button says whether it is on.
    const bold = tool(bar, "Fett");
    await expect(bold).toHaveAttribute("aria-pressed", "false");
    await bold.click();
    await expect(bold).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.type("Wichtig");
    await bold.click();
    await expect(bold).toHaveAttribute("aria-pressed", "false");
    await page.keyboard.type(" ist, was ich anbiete:");
    await page.keyboard.press("Enter");
    // A bulleted list of two items, then a paragraph again.
    await tool(bar, "Aufzählung").click();
    await expect(tool(bar, "Aufzählung")).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.type("Erster Punkt");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Zweiter Punkt");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect(tool(bar, "Aufzählung")).toHaveAttribute("aria-pressed", "false");
    // A date at the start of a line stays text, and a link gets its address from the field.
    await page.keyboard.type("16. Januar: Start");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Schreib mir: ");
    await tool(bar, "Link").click();
    const address = main(page).getByRole("textbox", { name: "Linkadresse" });
    await expect(address).toBeFocused();
    await address.fill("javascript:alert(1)");
    await address.press("Enter");
    await expect(main(page)).toContainText("Diese Adresse kann kein Link werden.");
    await address.fill("/contact");
    await address.press("Enter");
    await expect(address).toHaveCount(0);
    await expect(area.getByRole("link", { name: "/contact" })).toBeVisible();

    // What the owner sees while writing is the formatting.
    await expect(area.locator("strong")).toHaveText("Wichtig");
    await expect(area.getByRole("listitem")).toHaveText(["Erster Punkt", "Zweiter Punkt"]);
    await expect(area.getByText("16. Januar: Start", { exact: true })).toHaveJSProperty("tagName", "P");

    await main(page).getByRole("button", { name: "Veröffentlichen" }).click();
    await expect(toastWith(page, "Veröffentlicht")).toBeVisible();
    // Loaded again from what was stored, the editor shows the same.
    await page.reload();
    await waitForHydration(page);
    const reloaded = (await editorOf(main(page).getByRole("group", { name: "Text", exact: true }), "Text"))
      .area;
    await expect(reloaded.locator("strong")).toHaveText("Wichtig");
    await expect(reloaded.getByRole("listitem")).toHaveText(["Erster Punkt", "Zweiter Punkt"]);
    await expect(reloaded.getByRole("list")).toHaveCount(1);

    await asVisitor(browser, testInfo, `${server.url}/about`, async (visitor) => {
      const text = main(visitor).locator(".markdown").filter({ hasText: "Wichtig" });
      await expect(text.locator("strong")).toHaveText("Wichtig");
      await expect(text.locator("ul > li")).toHaveText(["Erster Punkt", "Zweiter Punkt"]);
      await expect(text.locator("ol")).toHaveCount(0);
      await expect(text.getByText("16. Januar: Start", { exact: true })).toHaveJSProperty("tagName", "P");
      await expect(text.getByRole("link", { name: "/contact" })).toHaveAttribute("href", "/contact");
      await expect(text).not.toContainText("**");
    });
  });
});

test("@desktop-only a project's details written with the toolbar show bold and a numbered list on its page", async ({
  page,
  browser,
}, testInfo) => {
  const title = `Projekt mit Details ${randomBytes(3).toString("hex")}`;
  await onOwnServer(page, testInfo, async (server) => {
    await openAdminPage(page, `${server.url}/admin`);
    await page.getByRole("link", { name: "Neues Projekt" }).click();
    const form = page.getByRole("region", { name: "Create New Project" });
    await form.getByLabel("Title", { exact: true }).fill(title);
    await form.getByLabel("Description", { exact: true }).fill("Ein Projekt mit formatierten Details.");
    await form.getByLabel("Image (URL oder Pfad)", { exact: true }).fill(fallbackProjects[0]!.image);
    const { area, bar } = await editorOf(form, "Details");
    await area.click();
    await page.keyboard.type("Das Wichtigste ");
    await tool(bar, "Fett").click();
    await page.keyboard.type("zuerst");
    await tool(bar, "Fett").click();
    await page.keyboard.press("Shift+Enter");
    await page.keyboard.type("in zwei Schritten:");
    await page.keyboard.press("Enter");
    await tool(bar, "Nummerierte Liste").click();
    await page.keyboard.type("Planen");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Bauen");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(toastWith(page, "Project created successfully")).toBeVisible();

    const href = await page
      .getByRole("row")
      .filter({ hasText: title })
      .getByRole("link", { name: /^Edit/ })
      .getAttribute("href");
    const id = href?.match(/bearbeiten=([0-9a-f-]{36})$/)?.[1];
    expect(id, "the project's edit link names its id").toBeTruthy();

    await asVisitor(browser, testInfo, `${server.url}/project/${id}`, async (visitor) => {
      const details = main(visitor).locator(".markdown");
      await expect(details.locator("strong")).toHaveText("zuerst");
      await expect(details.locator("ol > li")).toHaveText(["Planen", "Bauen"]);
      // The line break is kept inside its paragraph.
      await expect(details.locator("p").first()).toHaveJSProperty(
        "innerText",
        "Das Wichtigste zuerst\nin zwei Schritten:",
      );
    });
  });
});

test("@desktop-only the editor: no axe findings, usable with the keyboard, and its toolbar fits 360 px", async ({
  page,
  baseURL,
}, testInfo) => {
  const client = await actAsOwnClient(page.context(), testInfo);
  await signInAsAdmin(page, { baseURL: baseURL!, clientAddress: client });
  await openAdminPage(page, "/admin/inhalte/ueber-mich");
  const { area, bar } = await editorOf(main(page).getByRole("group", { name: "Text", exact: true }), "Text");
  // The help on Markdown is gone; the word is nowhere on the owner's screen.
  await expect(main(page)).not.toContainText("Markdown");
  await expect(tool(bar, "Zitat")).toBeVisible();
  const names = ["Fett", "Kursiv", "Überschrift", "Aufzählung", "Nummerierte Liste", "Link", "Zitat"];
  await expect(bar.getByRole("button")).toHaveCount(names.length);
  for (const [index, name] of names.entries()) {
    await expect(bar.getByRole("button").nth(index)).toHaveAccessibleName(name);
  }
  await expectNoAxeViolations(page, "the page editor with the text editor");

  // From the title field, Tab reaches the toolbar; a button works with the keyboard.
  await main(page).getByLabel("Titel", { exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(tool(bar, "Fett")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(tool(bar, "Fett")).toHaveAttribute("aria-pressed", "true");
  await expect(area).toBeFocused();
  // The link's address field opens focused, with its own label, and Escape closes it.
  await tool(bar, "Link").focus();
  await page.keyboard.press("Enter");
  await expect(tool(bar, "Link")).toHaveAttribute("aria-expanded", "true");
  await expect(main(page).getByRole("textbox", { name: "Linkadresse" })).toBeFocused();
  await expectNoAxeViolations(page, "the text editor with the link's address field");
  await page.keyboard.press("Escape");
  await expect(main(page).getByRole("textbox", { name: "Linkadresse" })).toHaveCount(0);
  await expect(area).toBeFocused();

  // On a phone the toolbar wraps: every button stays 44 px and on the screen, nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 780 });
  await bar.scrollIntoViewIfNeeded();
  for (const button of await bar.getByRole("button").all()) {
    const box = (await button.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath("text-editor-360.png") });
});
