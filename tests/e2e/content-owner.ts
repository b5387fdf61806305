import type { Browser, BrowserContext, Locator, Page, TestInfo } from "@playwright/test";
import {
  acceptCookiesUpFront,
  actAsOwnClient,
  expect,
  openAdminPage,
  signInAsAdmin,
  startOwnServer,
  test,
  toastWith,
  waitForHydration,
  type OwnServer,
} from "./fixtures";

/**
 * The owner's journeys through the Inhalte tab: a server of their own, the owner signed in, a
 * visitor beside (a browser context without the session), and the editor's steps.
 */

export const main = (page: Page) => page.getByRole("main");
export const group = (page: Page, name: string) => main(page).getByRole("group", { name, exact: true });
export const block = (page: Page, name: string) => main(page).getByRole("region", { name, exact: true });
export const versions = (page: Page) => main(page).getByRole("region", { name: "Frühere Versionen" });

export const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * The accessible name of a control that reads `visible` and names its item for screen readers
 * only ("Bearbeiten" + ": Über mich"). Chromium puts a space before the colon (the sr-only span
 * is a flex item of the inline-flex button, see the report); both spellings are accepted.
 */
export const srName = (visible: string, item: string) =>
  new RegExp(`^${escape(visible)} ?: ${escape(item)}$`);

/** Waits for the toast `title`, then closes it, so a later toast of the same text is a new one. */
export async function expectToast(page: Page, title: string) {
  const toast = toastWith(page, title);
  await expect(toast).toBeVisible();
  await toast.getByRole("button", { name: "Meldung schließen" }).click();
  await expect(toast).toHaveCount(0);
}

export const saveDraft = async (page: Page) => {
  await main(page).getByRole("button", { name: "Entwurf speichern" }).click();
  await expectToast(page, "Entwurf gespeichert");
};

export const publish = async (page: Page) => {
  await main(page).getByRole("button", { name: "Veröffentlichen" }).click();
  await expectToast(page, "Veröffentlicht");
};

/** Opens the editor of the page `title` from the Inhalte tab. */
export async function openEditor(page: Page, server: OwnServer, title: string) {
  await openAdminPage(page, `${server.url}/admin/inhalte`);
  await expect(main(page).getByRole("heading", { level: 2, name: "Inhalte" })).toBeVisible();
  await main(page)
    .getByRole("link", { name: srName("Bearbeiten", title) })
    .click();
  await expect(
    main(page).getByRole("heading", {
      level: 2,
      // "Über mich bearbeiten", "Leistungsseite bearbeiten: Webdesign"
      name: new RegExp(`^(${escape(title)} bearbeiten|.+ bearbeiten: ${escape(title)})$`),
    }),
  ).toBeVisible();
}

/** Opens the draft preview through the editor's "Vorschau" link (a new tab of the same context). */
export async function openPreview(page: Page, publicPath: string): Promise<Page> {
  const [preview] = await Promise.all([
    page.waitForEvent("popup"),
    main(page)
      .getByRole("link", { name: /^Vorschau\s+des gespeicherten Entwurfs/ })
      .click(),
  ]);
  await expect(preview).toHaveURL(new RegExp(`${publicPath.replaceAll("/", "\\/")}\\?vorschau$`));
  await waitForHydration(preview);
  await expect(preview.getByRole("status").filter({ hasText: "Vorschau des Entwurfs" })).toContainText(
    "Vorschau des Entwurfs – nur für dich sichtbar",
  );
  return preview;
}

export type Visitor = { page: Page; context: BrowserContext };

/**
 * A visitor: a browser context of its own (no session), otherwise like the project's. Console
 * errors and warnings of its pages are collected in `problems`.
 */
export async function newVisitor(browser: Browser, testInfo: TestInfo, problems: string[]): Promise<Visitor> {
  const { locale, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({
    locale,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    // The hero's particles would go on animating in this page while the owner's works, and take
    // the CPU the owner's page needs to hydrate; no owner's journey looks at motion.
    reducedMotion: "reduce",
  });
  await actAsOwnClient(context, testInfo);
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  await acceptCookiesUpFront(page);
  return { page, context };
}

/** Opens `url` as the visitor, expecting `status`, and waits until the page has hydrated. */
export async function visit(visitor: Visitor, url: string, status = 200) {
  const response = await visitor.page.goto(url);
  expect(response?.status(), `GET ${url}`).toBe(status);
  await waitForHydration(visitor.page);
}

/** Runs `journey` as the owner of a server of its own, signed in; stops the server afterwards. */
export async function onOwnServer(
  page: Page,
  testInfo: TestInfo,
  journey: (server: OwnServer) => Promise<void>,
) {
  test.setTimeout(90_000);
  const server = await startOwnServer();
  try {
    const client = await actAsOwnClient(page.context(), testInfo);
    await signInAsAdmin(page, { baseURL: server.url, clientAddress: client, credentials: server.admin! });
    await journey(server);
  } finally {
    await page.close();
    await server.stop();
  }
}

/**
 * Runs `journey` as the owner of a server of its own (`onOwnServer`) with a visitor beside. The
 * visitor's console must stay clean apart from `allowVisitor` messages.
 */
export async function asOwner(
  page: Page,
  browser: Browser,
  testInfo: TestInfo,
  journey: (server: OwnServer, visitor: Visitor) => Promise<void>,
  allowVisitor: RegExp[] = [],
) {
  const problems: string[] = [];
  await onOwnServer(page, testInfo, async (server) => {
    const visitor = await newVisitor(browser, testInfo, problems);
    try {
      await journey(server, visitor);
    } finally {
      // The pages would go on fetching from the stopped server (and log that) otherwise.
      await visitor.context.close();
    }
  });
  expect(
    problems.filter((problem) => !allowVisitor.some((allowed) => allowed.test(problem))),
    "the visitor's console stays free of errors and warnings",
  ).toEqual([]);
}

/** Empties the text editor `area` with the keyboard, leaving the cursor in it. */
export async function clearEditor(page: Page, area: Locator) {
  // The editor, not the plain text area it replaces once loaded.
  await expect(area).toHaveAttribute("contenteditable", "true");
  await area.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await expect(area).toHaveText("");
}

/** An image is loaded and shown (not a broken image). */
export async function expectLoaded(image: Locator) {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

/**
 * Nothing of the page, nor of an open dialog, reaches past a 360 px screen's edges (no sideways
 * scrolling); the viewport is the desktop's again afterwards.
 */
export async function expectFitsPhone(page: Page, state: string) {
  await page.setViewportSize({ width: 360, height: 780 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${state} at 360 px scrolls sideways`).toBeLessThanOrEqual(360);
  const dialogs = await page
    .locator("[role=dialog], [role=alertdialog]")
    .evaluateAll((found) => found.map((dialog) => dialog.getBoundingClientRect()));
  for (const box of dialogs) {
    expect(box.left, `${state}: the dialog at 360 px`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${state}: the dialog at 360 px`).toBeLessThanOrEqual(360);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}
