import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import {
  actAsOwnClient,
  expect,
  formTokenOf,
  openAdminPage,
  postForm,
  signInAsAdmin,
  test,
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

test("the editors of issue 27 at 360 px: Alle Projekte, a category, Kontakt, footer and not-found page fit and pass axe", async ({
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
