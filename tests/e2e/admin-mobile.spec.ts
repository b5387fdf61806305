import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import {
  actAsOwnClient,
  expect,
  formTokenOf,
  openAdminPage,
  postForm,
  signInAsAdmin,
  startOwnServer,
  test,
  toastWith,
  sendContact,
} from "./fixtures";

/**
 * The admin area on a phone: owners read requests and change things from their phone. At 360 px,
 * the narrowest phone we support, every admin screen fits without sideways scrolling, the lists
 * are cards, and each card's actions are on the screen and work. The mobile project (a touch
 * screen) runs these tests at 360 px. Other tests write to the shared
 * server at the same time, so each test finds its own rows through the list's search.
 */

const PHONE = { width: 360, height: 740 };

const main = (page: Page) => page.getByRole("main");

/**
 * The page does not scroll sideways, no visible element of `main` or of an open dialog reaches
 * past either edge of the screen (not even inside a box that scrolls on its own), and no text
 * spills out of its box sideways. Content hidden for everybody but screen readers (clipped to a
 * pixel) does not count, nor do text fields, which scroll their value, nor text cut off with an
 * ellipsis on purpose, nor a bar that reaches into the page's padding through negative margins.
 */
async function expectToFitScreen(page: Page, screen: string) {
  const layout = await page.evaluate(() => {
    const width = window.innerWidth;
    const clippedAway = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        const box = node.getBoundingClientRect();
        if (style.display === "none" || style.visibility === "hidden") return true;
        if (style.clipPath !== "none" || (style.clip !== "auto" && style.clip !== "")) return true;
        if (style.overflow === "hidden" && (box.width <= 1 || box.height <= 1)) return true;
      }
      return false;
    };
    // A bar that reaches into the page's padding on purpose (negative margins) makes its
    // ancestors wider than their box; what it holds is still checked against the screen.
    const bleeds = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (parseFloat(style.marginLeft) < 0 || parseFloat(style.marginRight) < 0) return true;
      }
      return false;
    };
    const spillsOnlyThroughBleeding = (element: Element) => {
      const box = element.getBoundingClientRect();
      const past = [...element.querySelectorAll("*")].filter((child) => {
        const inner = child.getBoundingClientRect();
        return inner.width > 0 && (inner.left < box.left - 0.5 || inner.right > box.right + 0.5);
      });
      return past.length > 0 && past.every(bleeds);
    };
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()}> "${(element.textContent ?? "").trim().slice(0, 40)}"`;
    const problems: string[] = [];
    for (const element of document.querySelectorAll("main *, [role=dialog] *, [role=alertdialog] *")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const outside = box.left < -0.5 || box.right > width + 0.5;
      const spills =
        element instanceof HTMLElement &&
        !["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName) &&
        getComputedStyle(element).textOverflow !== "ellipsis" &&
        element.scrollWidth > element.clientWidth + 1 &&
        !spillsOnlyThroughBleeding(element);
      if (!outside && !spills) continue;
      if (clippedAway(element)) continue;
      if (outside) problems.push(`${describe(element)} from ${box.left} to ${box.right}`);
      else problems.push(`${describe(element)} holds ${element.scrollWidth} px in ${element.clientWidth}`);
    }
    return { width, documentWidth: document.documentElement.scrollWidth, problems };
  });
  expect(layout.width, `${screen}: the screen's width`).toBe(PHONE.width);
  expect(layout.documentWidth, `${screen}: the page scrolls sideways`).toBeLessThanOrEqual(layout.width);
  expect(layout.problems, `${screen}: elements past the screen's edge or their own`).toEqual([]);
}

/** Visible and whole between the screen's left and right edge. */
async function expectOnScreen(target: Locator) {
  await expect(target).toBeVisible();
  const box = (await target.boundingBox())!;
  expect(box.x, "left edge").toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, "right edge").toBeLessThanOrEqual(PHONE.width);
}

/** Signs in to the shared server as this test's own client, on a 360 px screen. */
async function signInOnPhone(page: Page, baseURL: string, clientAddress: string) {
  await page.setViewportSize(PHONE);
  await signInAsAdmin(page, { baseURL, clientAddress });
}

/** Searches the current admin list for `text` with its search box. */
async function search(page: Page, label: string, text: string) {
  const box = main(page).getByRole("searchbox", { name: label });
  await expectOnScreen(box);
  await box.fill(text);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${text}`));
}

test("Projekte at 360 px: every project is a card with its labels, Edit and Delete on the screen; Edit shows the form", async ({
  page,
  baseURL,
}, testInfo) => {
  const client = await actAsOwnClient(page.context(), testInfo);
  await signInOnPhone(page, baseURL!, client);
  await openAdminPage(page, "/admin");
  await expect(main(page).getByRole("heading", { level: 2, name: "Projekte verwalten" })).toBeVisible();
  await expectToFitScreen(page, "/admin");

  // The column heads are there for screen readers; each card names its values itself.
  await expect(main(page).getByRole("columnheader")).toHaveText([
    "Title",
    "Admin",
    "Category",
    "Homepage",
    "Actions",
  ]);
  const card = main(page).getByRole("row").nth(1);
  const cells = card.getByRole("cell");
  await expect(cells).toHaveText([/\S/, /^(Öffnen|–)$/, /^\S+$/, /^(Yes|No)$/, /^Edit.*Delete/]);
  const labels = await cells.evaluateAll((elements) =>
    elements.map((element) => getComputedStyle(element, "::before").content),
  );
  expect(labels).toEqual(["none", `"Admin" / ""`, `"Category" / ""`, `"Homepage" / ""`, "none"]);
  await expectOnScreen(cells.nth(2));

  const title = (await cells.first().textContent())!;
  const edit = card.getByRole("link", { name: /^Edit/ });
  const remove = card.getByRole("button", { name: /^Delete/ });
  await expectOnScreen(edit);
  await expectOnScreen(remove);

  await remove.click();
  const dialog = page.getByRole("alertdialog", { name: "Are you absolutely sure?" });
  await expectOnScreen(dialog);
  await expectToFitScreen(page, "the delete dialog");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(main(page).getByRole("row").filter({ hasText: title })).not.toHaveCount(0);

  // "Edit" on the list's last card, far below the heading: the form opens above the list, scrolls
  // into view, and its first field has the focus.
  const lowest = main(page).getByRole("row").last().getByRole("link", { name: /^Edit/ });
  await lowest.scrollIntoViewIfNeeded();
  const heading = main(page).getByRole("heading", { level: 2, name: "Projekte verwalten" });
  await expect(heading).not.toBeInViewport();
  await lowest.click();
  await expect(page).toHaveURL(/[?&]bearbeiten=[0-9a-f-]{36}$/);
  const editor = page.getByRole("region", { name: /^Edit Project/ });
  await expect(editor.getByLabel("Title", { exact: true })).toBeFocused();
  await expect(editor.getByRole("heading", { name: /^Edit Project/ })).toBeInViewport();
  await expect(editor.getByLabel("Title", { exact: true })).toBeInViewport();
});

test("the project editor at 360 px: every field and the Save button fit", async ({
  page,
  baseURL,
}, testInfo) => {
  const client = await actAsOwnClient(page.context(), testInfo);
  await signInOnPhone(page, baseURL!, client);
  await openAdminPage(page, "/admin?neu");
  const editor = page.getByRole("region", { name: "Create New Project" });
  await expect(editor).toBeVisible();
  await expectToFitScreen(page, "/admin?neu");
  for (const label of ["Title", "Description", "Category", "Date", "Admin URL"]) {
    await expectOnScreen(editor.getByLabel(label, { exact: true }));
  }
  await expectOnScreen(editor.getByRole("textbox", { name: "Neuer Tag" }));
  await expectOnScreen(editor.getByRole("button", { name: "Hinzufügen" }));
  await expectOnScreen(editor.getByRole("button", { name: "Save" }));
  await editor.getByRole("link", { name: "Cancel" }).click();
  await expect(editor).toHaveCount(0);
});

test("Kontaktanfragen at 360 px: a request is a card, Details, Antworten and Löschen on the screen", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const client = await actAsOwnClient(page.context(), testInfo);
  const mark = randomBytes(4).toString("hex");
  // A long address and subject, as real ones can be.
  const email = `eine.sehr.lange.absenderadresse.${mark}@beispielunternehmen.example.org`;
  const subject = `Anfrage ${mark} zu einem Relaunch der Webseite mit Shop und Newsletter`;
  await sendContact(
    request,
    { baseURL: baseURL!, clientAddress: client },
    { name: "Erika Musterfrau", email, subject, message: "Hallo,\nbitte rufen Sie mich an." },
  );

  await signInOnPhone(page, baseURL!, client);
  await openAdminPage(page, "/admin/kontaktanfragen");
  await search(page, "Kontaktanfragen durchsuchen", mark);
  const card = main(page).getByRole("listitem").filter({ hasText: mark });
  await expect(card).toHaveCount(1);
  await expectToFitScreen(page, "/admin/kontaktanfragen");
  await expectOnScreen(card.getByText(subject, { exact: true }));

  const details = card.getByRole("button", { name: /^Details/ });
  const reply = card.getByRole("link", { name: /^Antworten/ });
  const remove = card.getByRole("button", { name: /^Löschen/ });
  for (const action of [details, reply, remove]) await expectOnScreen(action);
  await expect(reply).toHaveAttribute("href", new RegExp(`^mailto:${email}\\?subject=`));

  await details.click();
  const dialog = page.getByRole("dialog", { name: subject });
  await expectOnScreen(dialog);
  await expect(dialog).toContainText("bitte rufen Sie mich an.");
  await expectToFitScreen(page, "the request's details");
  await dialog.getByRole("button", { name: "Schließen" }).click();
  await expect(dialog).toHaveCount(0);

  await remove.click();
  const confirm = page.getByRole("alertdialog", { name: "Kontaktanfrage löschen" });
  await expectOnScreen(confirm);
  await confirm.getByRole("button", { name: "Abbrechen" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(card).toHaveCount(1);
});

test("Newsletter at 360 px: a subscriber is a card, Nachweis, E-Mail and Entfernen on the screen", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const client = await actAsOwnClient(page.context(), testInfo);
  const mark = randomBytes(4).toString("hex");
  const email = `eine.sehr.lange.abonnentenadresse.${mark}@beispielunternehmen.example.org`;
  const options = { baseURL: baseURL!, clientAddress: client };
  const formToken = await formTokenOf(request, "/contact", client);
  const subscribed = await postForm(
    request,
    "/contact",
    { intent: "newsletter", formToken, consent: "on", name: "", email },
    options,
  );
  expect(subscribed.status(), `newsletter ${email}`).toBe(200);

  await signInOnPhone(page, baseURL!, client);
  await openAdminPage(page, "/admin/newsletter");
  await expectOnScreen(main(page).getByRole("link", { name: "CSV exportieren" }));
  await search(page, "Abonnenten durchsuchen", mark);
  const card = main(page).getByRole("row").filter({ hasText: mark });
  await expect(card).toHaveCount(1);
  await expectToFitScreen(page, "/admin/newsletter");
  // The labels each card shows are not part of the cells' text.
  await expect(card.getByRole("cell")).toHaveText([
    email,
    "–",
    /^\d{4}-\d{2}-\d{2}$/,
    "Unbestätigt",
    /^Nachweis.*E-Mail.*Entfernen/,
  ]);
  await expectOnScreen(card.getByRole("cell").first());

  const proof = card.getByRole("link", { name: /^Nachweis/ });
  const mail = card.getByRole("link", { name: /^E-Mail/ });
  const remove = card.getByRole("button", { name: /^Entfernen/ });
  await expectOnScreen(proof);
  await expectOnScreen(mail);
  await expectOnScreen(remove);
  await expect(mail).toHaveAttribute("href", `mailto:${email}`);

  await remove.click();
  const confirm = page.getByRole("alertdialog", { name: "Abonnent entfernen" });
  await expectOnScreen(confirm);
  await expectToFitScreen(page, "the removal dialog");
  await confirm.getByRole("button", { name: "Abbrechen" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(card).toHaveCount(1);
});

test("Profil at 360 px: the password section fits when open", async ({ page, baseURL }, testInfo) => {
  const client = await actAsOwnClient(page.context(), testInfo);
  await signInOnPhone(page, baseURL!, client);
  await openAdminPage(page, "/admin/profil");
  await main(page).getByRole("button", { name: "Passwort ändern" }).click();
  const current = main(page).getByLabel("Aktuelles Passwort");
  await expect(current).toBeVisible();
  await expectToFitScreen(page, "/admin/profil");
  for (const field of [
    current,
    main(page).getByLabel("Neues Passwort (mindestens 10 Zeichen)"),
    main(page).getByLabel("Neues Passwort wiederholen"),
  ]) {
    await expectOnScreen(field);
  }
  await expectOnScreen(main(page).getByRole("button", { name: "Speichern" }));
});

test("Inhalte at 360 px: the list and a page editor fit, with its buttons on the screen", async ({
  page,
  baseURL,
}, testInfo) => {
  const client = await actAsOwnClient(page.context(), testInfo);
  await signInOnPhone(page, baseURL!, client);
  await openAdminPage(page, "/admin/inhalte");
  await expect(main(page).getByRole("heading", { level: 2, name: "Inhalte" })).toBeVisible();
  await expectToFitScreen(page, "/admin/inhalte");
  await openAdminPage(page, "/admin/inhalte/ueber-mich");
  await expect(main(page).getByRole("heading", { level: 2, name: "Über mich bearbeiten" })).toBeVisible();
  // The text editor, once loaded: its toolbar wraps instead of widening the page.
  const toolbar = main(page).getByRole("group", { name: "Formatierung: Text" });
  await expect(toolbar.getByRole("button", { name: "Fett" })).toBeVisible();
  await expectToFitScreen(page, "/admin/inhalte/ueber-mich");
  for (const button of ["Fett", "Nummerierte Liste", "Zitat"]) {
    await expectOnScreen(toolbar.getByRole("button", { name: button }));
  }
  await expectOnScreen(main(page).getByRole("textbox", { name: "Text", exact: true }));
  await expectOnScreen(main(page).getByRole("button", { name: "Entwurf speichern" }));
  await expectOnScreen(main(page).getByRole("button", { name: "Veröffentlichen" }));
});

test("Einstellungen at 360 px: the checklist and every section fit", async ({ page, baseURL }, testInfo) => {
  const client = await actAsOwnClient(page.context(), testInfo);
  await signInOnPhone(page, baseURL!, client);
  await openAdminPage(page, "/admin/einstellungen");
  await expect(main(page).getByRole("heading", { level: 2, name: "Einstellungen" })).toBeVisible();
  await expectToFitScreen(page, "/admin/einstellungen");
});

test("Menüs at 360 px: every entry a short row, the editor well under its old 9,200 px", async ({
  page,
  baseURL,
}, testInfo) => {
  const client = await actAsOwnClient(page.context(), testInfo);
  await signInOnPhone(page, baseURL!, client);
  await openAdminPage(page, "/admin/inhalte/menues");
  await expect(main(page).getByRole("heading", { level: 2, name: "Menüs bearbeiten" })).toBeVisible();
  await expectToFitScreen(page, "/admin/inhalte/menues");

  // The 19 entries of a fresh install made a page of 9,249 px at 360 px as cards, the form
  // alone 7,440 px; as rows the form was 2,832 px. With the submenus of Produktwelt and Ideenwelt
  // (12 more entries, folded) and the notes on where Portfolio's and Services' are edited, 3,148 px.
  const form = main(page)
    .locator("form")
    .filter({ has: page.getByRole("group", { name: "Kopfmenü" }) });
  const height = await form.evaluate((element) => element.getBoundingClientRect().height);
  expect(height, "the menu editor's form at 360 px").toBeLessThan(3500);

  // A row's controls: the name, "Anzeigen" and the move buttons on the screen, each tap target
  // at least 44 px high.
  const header = main(page).getByRole("group", { name: "Kopfmenü" });
  const portfolio = header.getByRole("textbox", { name: "Name des Eintrags 2", exact: true });
  await expectOnScreen(portfolio);
  // The checkbox's label is what a finger taps.
  const show = header
    .locator("label")
    .filter({ has: page.getByRole("checkbox", { name: "Anzeigen (Eintrag 2)", exact: true }) });
  const up = header.getByRole("button", { name: /^Nach oben: Kopfmenü: Portfolio$/ });
  const down = header.getByRole("button", { name: /^Nach unten: Kopfmenü: Portfolio$/ });
  for (const target of [show, up, down]) {
    await expectOnScreen(target);
    expect((await target.boundingBox())!.height, "a tap target's height").toBeGreaterThanOrEqual(44);
  }
  expect((await up.boundingBox())!.width, "a tap target's width").toBeGreaterThanOrEqual(44);
  // A folded submenu opens by its summary, a tap target too.
  const submenu = header.locator("summary").filter({ hasText: "Untermenü von Produktwelt:" });
  expect((await submenu.boundingBox())!.height, "the summary's height").toBeGreaterThanOrEqual(44);
  await expectOnScreen(main(page).getByRole("button", { name: "Veröffentlichen" }));
});

test("the editors of categories, texts and pages at 360 px: Alle Projekte, a category, Kontakt, footer and not-found page fit and pass axe", async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow(); // four editors, each checked in full
  const client = await actAsOwnClient(page.context(), testInfo);
  await signInOnPhone(page, baseURL!, client);
  for (const key of ["portfolio", "category-projects", "kontakt", "rahmen"]) {
    const path = `/admin/inhalte/${key}`;
    await openAdminPage(page, path);
    await expect(main(page).getByRole("heading", { level: 2, name: /bearbeiten/ })).toBeVisible();
    await expectToFitScreen(page, path);
    await expectOnScreen(main(page).getByRole("button", { name: "Entwurf speichern" }));
    await expectNoAxeViolations(page, path);
  }
});

/**
 * Every admin screen on the phone, in one test with one sign-in (each check is cheap, a test of
 * its own per screen would sign in 17 times). For each: the screen's heading and its first form
 * field or primary control are on the first screen, nothing covers the controls of a sticky bar,
 * and every visible control is a tap target of at least 44 × 44 px (WCAG 2.5.5). The one
 * exception WCAG makes and we take: a link inside a sentence of running text ("inline"), which
 * WCAG 2.5.5 exempts because its size is set by the line of text it sits in.
 */
const SCREENS: { path: string; heading: string | RegExp }[] = [
  { path: "/admin", heading: "Projekte verwalten" },
  { path: "/admin?neu", heading: "Create New Project" },
  { path: "/admin/inhalte", heading: "Inhalte" },
  { path: "/admin/inhalte/startseite", heading: /bearbeiten/ },
  { path: "/admin/inhalte/service-webdesign", heading: /bearbeiten/ },
  { path: "/admin/inhalte/ueber-mich", heading: "Über mich bearbeiten" },
  { path: "/admin/inhalte/menues", heading: "Menüs bearbeiten" },
  { path: "/admin/inhalte/portfolio", heading: /bearbeiten/ },
  { path: "/admin/inhalte/kontakt", heading: /bearbeiten/ },
  { path: "/admin/inhalte/rahmen", heading: /bearbeiten/ },
  { path: "/admin/kontaktanfragen", heading: "Kontaktanfragen verwalten" },
  { path: "/admin/newsletter", heading: "Newsletter-Abonnenten verwalten" },
  { path: "/admin/newsletter/ausgaben", heading: /Ausgaben/ },
  { path: "/admin/profil", heading: "Profil verwalten" },
  { path: "/admin/einstellungen", heading: "Einstellungen" },
  { path: "/admin/datenschutz", heading: /./ },
  { path: "/admin/einstellungen/datensicherung", heading: "Datensicherung" },
  { path: "/admin/statistik", heading: "Besucherstatistik" },
];

/** The visible controls of the page smaller than 44 × 44 px, but links inside running text. */
function smallTapTargets(page: Page) {
  return page.evaluate(() => {
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) return false;
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.display === "none" || style.visibility === "hidden") return false;
        if (style.clipPath !== "none" || (style.clip !== "auto" && style.clip !== "")) return false;
      }
      return true;
    };
    // WCAG 2.5.5's inline exception: the link is part of a sentence, its block holds more text.
    const inline = (element: Element) => {
      if (element.tagName !== "A") return false;
      const block = element.parentElement?.closest("p, li, dd, td, small, label, span");
      const own = (element.textContent ?? "").trim();
      return Boolean(block && (block.textContent ?? "").trim().length > own.length + 3);
    };
    const targets = new Set<Element>();
    for (const element of document.querySelectorAll("a[href], button, select, summary")) targets.add(element);
    // A checkbox or radio button is tapped through its label.
    for (const input of document.querySelectorAll<HTMLInputElement>(
      "input[type=checkbox], input[type=radio]",
    )) {
      targets.add(input.labels?.[0] ?? input);
    }
    const small: string[] = [];
    for (const element of targets) {
      if (!visible(element) || inline(element)) continue;
      const box = element.getBoundingClientRect();
      if (box.width >= 43.5 && box.height >= 43.5) continue;
      const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40);
      small.push(
        `<${element.tagName.toLowerCase()}> "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
    }
    return small;
  });
}

/** Where the first visible control after the heading named `heading` ends, and the screen's height. */
function firstControlAfter(page: Page, heading: string | null) {
  return page.evaluate((text) => {
    const title = [...document.querySelectorAll("main h2")].find((h2) => h2.textContent === text)!;
    const controls = document.querySelectorAll<HTMLElement>(
      "main :is(input:not([type=hidden]), textarea, select, button, a[href], [contenteditable=true])",
    );
    const first = [...controls].find(
      (control) =>
        title.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING &&
        control.getBoundingClientRect().height > 1 &&
        getComputedStyle(control).visibility !== "hidden",
    );
    const box = first?.getBoundingClientRect();
    return {
      name: first
        ? `<${first.tagName.toLowerCase()}> "${(first.textContent || first.getAttribute("name") || "").trim().slice(0, 30)}"`
        : "none",
      bottom: box ? box.bottom : Infinity,
      screen: window.innerHeight,
    };
  }, heading);
}

/** The controls of sticky or fixed bars that something else covers at their centre. */
function coveredStickyControls(page: Page) {
  return page.evaluate(() => {
    const covered: string[] = [];
    for (const bar of document.querySelectorAll("main *")) {
      const position = getComputedStyle(bar).position;
      if (position !== "sticky" && position !== "fixed") continue;
      for (const control of bar.querySelectorAll("a[href], button")) {
        const box = control.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        if (y < 0 || y > window.innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && !control.contains(hit))
          covered.push(`"${(control.textContent ?? "").trim()}" under <${hit.tagName.toLowerCase()}>`);
      }
    }
    return covered;
  });
}

test("every admin screen at 360 px: heading and first control on the first screen, sticky bars uncovered, tap targets of 44 px", async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow(); // 15 screens
  const client = await actAsOwnClient(page.context(), testInfo);
  await signInOnPhone(page, baseURL!, client);
  for (const { path, heading } of SCREENS) {
    await openAdminPage(page, path);
    const title = main(page).getByRole("heading", { level: 2, name: heading }).first();
    await expect(title, path).toBeInViewport();
    // The first field of the form, or on a list the first control after the heading.
    const first = await firstControlAfter(page, await title.textContent());
    expect
      .soft(first.bottom, `${path}: the first control after the heading, ${first.name}`)
      .toBeLessThanOrEqual(first.screen);
    expect.soft(await smallTapTargets(page), `${path}: tap targets under 44 × 44 px`).toEqual([]);
    // Scrolled to the middle, where a sticky bar sits over the form.
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight / 2, behavior: "instant" }));
    expect.soft(await coveredStickyControls(page), `${path}: covered controls of sticky bars`).toEqual([]);
  }
});

test("the phone's admin header: one line, 'Menü' with the go-live count opens the tabs as a list, by touch and by keyboard", async ({
  page,
  baseURL,
}, testInfo) => {
  const client = await actAsOwnClient(page.context(), testInfo);
  await signInOnPhone(page, baseURL!, client);
  await openAdminPage(page, "/admin/kontaktanfragen");
  const title = main(page).getByRole("heading", { level: 1, name: "Admin-Bereich" });
  const menu = main(page).getByRole("button", { name: /^Menü \d+ offene? Punkte?$/ });
  const tabs = page.getByRole("navigation", { name: "Admin-Bereiche" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(tabs).toBeHidden();
  // One line: the title and the button side by side at the top, the page's heading right below.
  const [titleBox, menuBox] = [(await title.boundingBox())!, (await menu.boundingBox())!];
  expect(titleBox.y, "the title's top").toBeLessThan(20);
  expect(Math.abs(titleBox.y + titleBox.height / 2 - (menuBox.y + menuBox.height / 2))).toBeLessThan(4);
  const heading = main(page).getByRole("heading", { level: 2, name: "Kontaktanfragen verwalten" });
  expect((await heading.boundingBox())!.y, "the page's heading").toBeLessThan(110);
  // No public header or footer in the admin.
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /zur Startseite/ })).toHaveCount(0);

  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(tabs.getByRole("link")).toHaveText([
    "Projekte",
    "Inhalte",
    "Kontaktanfragen",
    "Newsletter",
    "Profil",
    "Einstellungen",
    "Datenschutz",
    "Statistik",
    "Termine",
  ]);
  await expect(tabs.getByRole("link", { name: "Kontaktanfragen" })).toHaveAttribute("aria-current", "page");
  const count = Number((await menu.textContent())!.match(/\d+/)![0]);
  await expect(
    main(page).getByRole("link", {
      name: `Noch ${count} ${count === 1 ? "Punkt" : "Punkte"} bis zum Livegang`,
    }),
  ).toBeVisible();
  await expect(main(page).getByRole("button", { name: "Logout" })).toBeVisible();
  await expectNoAxeViolations(page, "the admin's open menu on the phone");

  // A tab chosen from the list opens its page and closes the list.
  await tabs.getByRole("link", { name: "Newsletter" }).click();
  await expect(
    main(page).getByRole("heading", { level: 2, name: "Newsletter-Abonnenten verwalten" }),
  ).toBeVisible();
  await expect(tabs).toBeHidden();

  // By keyboard: Enter opens, Tab reaches the first tab, Escape closes and returns to the button.
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(tabs).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(tabs.getByRole("link", { name: "Projekte" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(tabs).toBeHidden();
  await expect(menu).toBeFocused();
});

test("a project's photo on a slow line: the upload's progress in percent, then 'Wird verarbeitet …', then the saved project", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  // Saving a project changes the lists other tests count: a server of this test alone.
  const server = await startOwnServer();
  try {
    const client = await actAsOwnClient(page.context(), testInfo);
    await page.setViewportSize(PHONE);
    await signInAsAdmin(page, { baseURL: server.url, clientAddress: client, credentials: server.admin! });
    await openAdminPage(page, `${server.url}/admin?neu`);
    const editor = page.getByRole("region", { name: "Create New Project" });
    const title = `Foto vom Handy ${randomBytes(3).toString("hex")}`;
    await editor.getByLabel("Title", { exact: true }).fill(title);
    await editor.getByLabel("Description", { exact: true }).fill("Unterwegs hochgeladen");
    await editor
      .getByLabel("… oder Bild hochladen (max. 8 MB)")
      .setInputFiles(path.join(import.meta.dirname, "../fixtures/photo-with-gps.jpg"));
    // A phone's upstream: the photo's 95 KB take about two seconds.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 48 * 1024,
    });
    await editor.getByRole("button", { name: "Save" }).click();

    const progress = editor.getByRole("progressbar");
    await expect(progress).toHaveAccessibleName(/^Bild wird hochgeladen … \d+ %$/);
    await expect(editor.getByText(/^Bild wird hochgeladen … ([1-9]\d?) %$/)).toBeVisible();
    await expect(progress).toHaveAttribute("aria-valuenow", /^([1-9]\d?)$/);
    await expectOnScreen(progress);
    await expect(editor.getByRole("button", { name: "Saving …" })).toBeDisabled();
    await expect(progress).toHaveAccessibleName("Wird verarbeitet …");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    await expect(toastWith(page, "Project created successfully")).toBeVisible();
    await expect(progress).toHaveCount(0);
    const card = main(page).getByRole("row").filter({ hasText: title });
    await card.getByRole("link", { name: /^Edit/ }).click();
    await expect(page.getByLabel("Image (URL oder Pfad)")).toHaveValue(/^\/media\/[0-9a-f-]{36}$/);
  } finally {
    await server.stop();
  }
});
