import type { Locator, Page } from "@playwright/test";
import { ADMIN_MESSAGES } from "~/features/admin/messages";
import { CONTACT_MESSAGES } from "~/features/contact/messages";
import {
  acceptCookiesUpFront,
  actAsOwnClient,
  expect,
  formTokenOf,
  isMobileProject,
  openAdminPage,
  pauseClock,
  postForm,
  signInAsAdmin,
  startOwnServer,
  test,
  toastWith,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";

/**
 * Keyboard-only journeys: the menu, the cookie banner, the contact form and the admin
 * delete dialogs are used with Tab, Enter, Space, the arrow keys and Escape, never the mouse,
 * and every element the keyboard reaches shows a visible focus indicator.
 *
 * On the phone only the menus run (the hamburger and its overlay are the phone's own tab order):
 * a keyboard on a phone meets the same banner, forms, dialogs and focus styles as on the desktop,
 * so those journeys are tagged @desktop-only (playwright.config.ts).
 */

// ── Helpers ──────────────────────────────────────────────────────────────────────────────────

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, options: { backwards?: boolean; limit?: number } = {}) {
  const { backwards = false, limit = 80 } = options;
  for (let press = 0; press < limit && !(await isFocused(target)); press++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  await expect(
    target,
    `reached with at most ${limit} presses of ${backwards ? "Shift+Tab" : "Tab"}`,
  ).toBeFocused();
}

type FocusLook = {
  active: boolean;
  inViewport: boolean;
  name: string;
  focusVisible: boolean;
  focused: string;
  unfocused: string;
  covered: string | null;
};

/** How the element looks with the focus, next to a copy of itself without; where it is. */
function focusLookOf(element: Element): FocusLook {
  const look = (target: Element) => {
    const style = getComputedStyle(target);
    const outline =
      style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0
        ? `outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`
        : "no outline";
    return `${outline}; box-shadow ${style.boxShadow}`;
  };
  const twin = element.cloneNode(true) as Element;
  twin.removeAttribute("id");
  element.after(twin);
  const unfocused = look(twin);
  twin.remove();
  // The middle of the element must be the element itself, not a fixed header or banner over it.
  const box = element.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  const covered = hit && !element.contains(hit) ? hit.outerHTML.slice(0, 120) : null;
  return {
    active: element === document.activeElement,
    inViewport: box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth,
    name: element.outerHTML.slice(0, 100),
    focusVisible: element.matches(":focus-visible"),
    focused: look(element),
    unfocused,
    covered,
  };
}

/**
 * `target` has the keyboard focus and shows it: it is in the viewport, matches :focus-visible,
 * its outline or box shadow differs from its unfocused look, and nothing covers it. One look per
 * try (a scroll into view may still be under way), so that 40 tab stops stay quick.
 */
async function expectVisibleFocus(target: Locator) {
  await expect(async () => {
    const look = await target.evaluate(focusLookOf);
    expect(look.active, `${look.name} has the focus`).toBe(true);
    expect(look.inViewport, `${look.name} is in the viewport`).toBe(true);
    expect(look.focusVisible, `${look.name} matches :focus-visible`).toBe(true);
    expect(look.focused, `${look.name} looks different with focus`).not.toBe(look.unfocused);
    expect(look.focused, `${look.name} has an outline or a ring`).toMatch(/^outline |box-shadow (?!none)/);
    expect(look.covered, `${look.name} is not covered`).toBeNull();
  }).toPass({ timeout: 10_000 });
}

const desktopMenu = (page: Page) => page.getByRole("navigation", { name: "Hauptmenü" });
const hamburger = (page: Page) => page.getByRole("button", { name: "Menü öffnen" });
const mobileDialog = (page: Page) => page.getByRole("dialog", { name: "Menü" });
const logo = (page: Page) => page.getByRole("banner").getByRole("link").first();

// ── The menu ─────────────────────────────────────────────────────────────────────────────────

test("desktop submenus open, are walked and close with the keyboard alone", async ({ page }, testInfo) => {
  test.slow();
  await acceptCookiesUpFront(page);
  await page.goto("/");
  await waitForHydration(page);

  if (isMobileProject(testInfo.project.name)) {
    // Phones: the inline menu is hidden and out of the tab order; the logo leads to the hamburger.
    await tabTo(page, logo(page));
    await page.keyboard.press("Tab");
    await expectVisibleFocus(hamburger(page));
    await expect(desktopMenu(page)).toBeHidden();
    return;
  }

  // The first stop of every page is the skip link, shown when focused.
  await page.keyboard.press("Tab");
  await expectVisibleFocus(page.getByRole("link", { name: "Zum Inhalt springen" }));

  const nav = desktopMenu(page);
  const entry = (name: string) => nav.getByRole("link", { name, exact: true });
  const toggle = nav.getByRole("button", { name: "Untermenü Portfolio" });

  // Tab reaches the main item and its toggle; focus alone opens nothing.
  await tabTo(page, entry("Portfolio"));
  await expectVisibleFocus(entry("Portfolio"));
  await page.keyboard.press("Tab");
  await expectVisibleFocus(toggle);
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(entry("Alle Projekte")).toBeHidden();

  // Enter opens; Tab moves into the submenu; the arrow keys, Home and End move through it.
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expectVisibleFocus(entry("Alle Projekte"));
  await page.keyboard.press("ArrowDown");
  await expectVisibleFocus(entry("Projekte"));
  await page.keyboard.press("End");
  await expectVisibleFocus(entry("Consulting"));
  await page.keyboard.press("ArrowDown");
  await expectVisibleFocus(entry("Alle Projekte"));
  await page.keyboard.press("ArrowUp");
  await expectVisibleFocus(entry("Consulting"));
  await page.keyboard.press("Home");
  await expectVisibleFocus(entry("Alle Projekte"));

  // Escape closes and gives the focus back to the toggle.
  await page.keyboard.press("Escape");
  await expect(entry("Alle Projekte")).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expectVisibleFocus(toggle);

  // Space toggles as well; ArrowDown opens and moves to the first entry.
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("ArrowDown");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expectVisibleFocus(entry("Alle Projekte"));

  // Tab past the last entry leaves the submenu, which closes; the next submenu stays closed.
  await page.keyboard.press("End");
  await page.keyboard.press("Tab");
  await expectVisibleFocus(nav.getByRole("link", { name: /^Produktwelt/ }));
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("button", { name: "Untermenü Produktwelt" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );

  // Every submenu opens with ArrowDown on its toggle and closes with Escape.
  for (const title of ["Portfolio", "Produktwelt", "Ideenwelt", "Services"]) {
    const button = nav.getByRole("button", { name: `Untermenü ${title}` });
    await tabTo(page, button, { backwards: title === "Portfolio" });
    await page.keyboard.press("ArrowDown");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const first = page
      .locator(`#${await button.getAttribute("aria-controls")}`)
      .getByRole("link")
      .first();
    await expectVisibleFocus(first);
    await page.keyboard.press("Escape");
    await expectVisibleFocus(button);
    await expect(button).toHaveAttribute("aria-expanded", "false");
  }

  // Enter on an entry follows it; the new page starts with the submenu closed.
  const services = nav.getByRole("button", { name: "Untermenü Services" });
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(entry("Webdesign")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/service/webdesign");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(services).toHaveAttribute("aria-expanded", "false");
});

test("the mobile menu overlay takes the focus, keeps it inside and gives it back", async ({
  page,
}, testInfo) => {
  // About 40 tab stops, each checked for a visible focus: 10 s alone, 40 s on a busy machine.
  test.setTimeout(180_000);
  await acceptCookiesUpFront(page);
  await page.goto("/");
  await waitForHydration(page);

  if (!isMobileProject(testInfo.project.name)) {
    // Desktop: the hamburger is hidden and no tab stop; the logo leads to the first menu item.
    await tabTo(page, logo(page));
    await page.keyboard.press("Tab");
    await expectVisibleFocus(desktopMenu(page).getByRole("link", { name: "Home", exact: true }));
    await expect(hamburger(page)).toBeHidden();
    return;
  }

  const button = hamburger(page);
  const dialog = mobileDialog(page);
  const close = dialog.getByRole("button", { name: "Menü schließen" });

  await tabTo(page, button);
  await expectVisibleFocus(button);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  // Opening moves the focus inside, to the close button.
  await expectVisibleFocus(close);

  // Shift+Tab wraps round to the last entry, scrolled into view, and Tab back to the close button.
  const links = dialog.getByRole("link");
  await page.keyboard.press("Shift+Tab");
  await expectVisibleFocus(links.last());
  await page.keyboard.press("Tab");
  await expectVisibleFocus(close);

  // Tab visits every link of the overlay and comes back round to the close button, never leaving.
  const stops = (await links.count()) + 1;
  for (let press = 1; press < stops; press++) {
    await page.keyboard.press("Tab");
    await expectVisibleFocus(links.nth(press - 1));
  }
  await page.keyboard.press("Tab");
  await expectVisibleFocus(close);
  await page.keyboard.press("Shift+Tab");
  await expectVisibleFocus(links.last());

  // Escape closes and gives the focus back to the menu button.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expectVisibleFocus(button);

  // Space opens it again; the close button (Enter) closes it and also returns the focus.
  await page.keyboard.press("Space");
  await expect(dialog).toBeVisible();
  await expect(close).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expectVisibleFocus(button);

  // An entry chosen with Enter navigates, and the overlay closes.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole("link", { name: "Kontakt", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/contact");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lass uns kennen lernen");
});

// ── Cookie banner ────────────────────────────────────────────────────────────────────────────

const banner = (page: Page) => page.getByRole("region", { name: "Wir verwenden Cookies" });
const storedFlag = (page: Page) => page.evaluate(() => window.localStorage.getItem("cookiesAccepted"));

async function openWithBanner(page: Page, path = "/") {
  await pauseClock(page);
  await page.goto(path);
  await waitForHydration(page);
  await page.clock.runFor(1_500);
  await expect(banner(page)).toBeVisible();
}

test(
  "the cookie banner comes right after the skip link and is accepted with Enter",
  { tag: "@desktop-only" },
  async ({ page }) => {
    await openWithBanner(page);
    const region = banner(page);

    await page.keyboard.press("Tab");
    await expectVisibleFocus(page.getByRole("link", { name: "Zum Inhalt springen" }));
    await page.keyboard.press("Tab");
    await expectVisibleFocus(region.getByRole("button", { name: "Cookie-Hinweis schließen" }));
    await page.keyboard.press("Tab");
    await expectVisibleFocus(region.getByRole("link", { name: "Datenschutzerklärung" }));
    await page.keyboard.press("Tab");
    await expectVisibleFocus(region.getByRole("button", { name: "Akzeptieren" }));
    await page.keyboard.press("Tab");
    await expectVisibleFocus(region.getByRole("link", { name: "Mehr erfahren" }));
    await page.keyboard.press("Shift+Tab");
    await expectVisibleFocus(region.getByRole("button", { name: "Akzeptieren" }));

    await page.keyboard.press("Enter");
    await expect(region).toHaveCount(0);
    expect(await storedFlag(page)).toBe("true");
    // The keyboard goes on from where the banner was, into the header, not back to the start.
    await page.keyboard.press("Tab");
    await expectVisibleFocus(logo(page));
  },
);

test("the cookie banner's close icon works with Space", { tag: "@desktop-only" }, async ({ page }) => {
  await openWithBanner(page);
  const close = banner(page).getByRole("button", { name: "Cookie-Hinweis schließen" });
  await tabTo(page, close);
  await page.keyboard.press("Space");
  await expect(banner(page)).toHaveCount(0);
  expect(await storedFlag(page)).toBe("true");
});

test(
  "the cookie banner's 'Mehr erfahren' opens the cookie policy with Enter",
  { tag: "@desktop-only" },
  async ({ page }) => {
    await openWithBanner(page);
    await tabTo(page, banner(page).getByRole("link", { name: "Mehr erfahren" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/cookies");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cookie-Richtlinie");
    expect(await storedFlag(page)).toBeNull();
  },
);

// ── Contact form ─────────────────────────────────────────────────────────────────────────────

test(
  "the contact form is corrected, filled and sent with the keyboard alone",
  { tag: "@desktop-only" },
  async ({ page }, testInfo) => {
    await actAsOwnClient(page, testInfo);
    await acceptCookiesUpFront(page);
    await page.goto("/contact");
    await waitForHydration(page);
    const form = page.getByRole("region", { name: "Schreib mir eine Nachricht" });
    const field = (label: string) => form.getByLabel(label, { exact: true });
    const send = form.getByRole("button", { name: "Nachricht senden" });

    // Sent empty: the focus moves to the first field, which names its error.
    await tabTo(page, send);
    await expectVisibleFocus(send);
    await page.keyboard.press("Enter");
    await expectVisibleFocus(field("Name"));
    await expect(field("Name")).toHaveAttribute("aria-invalid", "true");
    await expect(field("Name")).toHaveAccessibleDescription("Bitte gib deinen Namen ein.");

    await page.keyboard.type("Erika Musterfrau");
    await page.keyboard.press("Tab");
    await expectVisibleFocus(field("E-Mail"));
    await page.keyboard.type(uniqueEmail(testInfo, "tastatur"));
    await page.keyboard.press("Tab");
    await expectVisibleFocus(field("Betreff"));
    await page.keyboard.type("Nur mit der Tastatur");
    await page.keyboard.press("Tab");
    await expectVisibleFocus(field("Nachricht"));
    await page.keyboard.type("Hallo,");
    await page.keyboard.press("Enter"); // a new line in the message, not a submission
    await page.keyboard.type("dieses Formular geht ohne Maus.");
    await expect(field("Nachricht")).toHaveValue("Hallo,\ndieses Formular geht ohne Maus.");
    await page.keyboard.press("Tab");
    await expectVisibleFocus(form.getByRole("link", { name: "Datenschutzerklärung" }));
    await page.keyboard.press("Tab");
    await expectVisibleFocus(send);
    await page.keyboard.press("Enter");

    const toast = toastWith(page, CONTACT_MESSAGES.success);
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(CONTACT_MESSAGES.successDescription);
    expect(CONTACT_MESSAGES.success).toBe("Nachricht gesendet!");
    expect(CONTACT_MESSAGES.successDescription).toBe(
      "Vielen Dank für Deine Nachricht. Ich werde mich so bald wie möglich bei Dir melden.",
    );
    await expect(field("Name")).toHaveValue("");
    await expect(field("Nachricht")).toHaveValue("");
  },
);

// ── Admin delete dialogs ─────────────────────────────────────────────────────────────────────

type Confirmation = { dialog: string; confirm: string; cancel: string };

/**
 * Opens the confirmation behind `trigger` with Enter, checks that the focus is inside and stays
 * there, cancels with Escape (the focus returns to the trigger), opens it again and confirms.
 */
async function deleteWithKeyboard(page: Page, trigger: Locator, labels: Confirmation) {
  await tabTo(page, trigger, { limit: 150 });
  await expectVisibleFocus(trigger);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: labels.dialog });
  const cancel = dialog.getByRole("button", { name: labels.cancel });
  const confirm = dialog.getByRole("button", { name: labels.confirm });
  await expect(dialog).toBeVisible();
  // The safe choice has the focus first; Tab and Shift+Tab stay within the dialog.
  await expectVisibleFocus(cancel);
  await page.keyboard.press("Tab");
  await expectVisibleFocus(confirm);
  await page.keyboard.press("Tab");
  await expectVisibleFocus(cancel);
  await page.keyboard.press("Shift+Tab");
  await expectVisibleFocus(confirm);

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expectVisibleFocus(trigger);

  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(cancel).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(confirm).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
}

/** Types `text` into the list's search box, reached with Tab, and sends it with Enter. */
async function searchWithKeyboard(page: Page, label: string, text: string) {
  const box = page.getByRole("main").getByRole("searchbox", { name: label });
  await tabTo(page, box);
  await expectVisibleFocus(box);
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${text}`));
}

test(
  "a project is deleted with the keyboard alone, after Escape cancelled once",
  { tag: "@desktop-only" },
  async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    // Deleting changes the public pages that other tests count: a server of this test alone.
    const admin = { email: "inhaber@example.org", password: "Eigenes-Admin-Passwort-2026" };
    const server = await startOwnServer({ admin });
    try {
      const client = await actAsOwnClient(page.context(), testInfo);
      await signInAsAdmin(page, { baseURL: server.url, clientAddress: client, credentials: admin });
      await openAdminPage(page, `${server.url}/admin`);
      const rows = page.getByRole("main").getByRole("row");
      const first = rows.nth(1);
      const title = (await first.getByRole("cell").first().textContent())!;
      const count = await rows.count();

      await deleteWithKeyboard(page, first.getByRole("button", { name: /^Delete/ }), {
        dialog: ADMIN_MESSAGES.deleteTitle,
        confirm: "Delete",
        cancel: "Cancel",
      });
      await expect(toastWith(page, ADMIN_MESSAGES.projectDeleted)).toBeVisible();
      await expect(rows).toHaveCount(count - 1);
      await expect(rows.filter({ hasText: title })).toHaveCount(0);
    } finally {
      await page.close();
      await server.stop();
    }
  },
);

test(
  "a contact request is read and deleted with the keyboard alone",
  { tag: "@desktop-only" },
  async ({ page, request, baseURL }, testInfo) => {
    test.slow();
    const client = await actAsOwnClient(page.context(), testInfo);
    const options = { baseURL: baseURL!, clientAddress: client };
    const mark = `tastatur-${testInfo.project.name}-${Date.now().toString(36)}`;
    const subject = `Anfrage ${mark}`;
    const formToken = await formTokenOf(request, "/contact", client);
    const sent = await postForm(
      request,
      "/contact",
      {
        intent: "contact",
        formToken,
        name: "Erika Musterfrau",
        email: uniqueEmail(testInfo, "tastatur"),
        subject,
        message: "Hallo!",
      },
      options,
    );
    expect(sent.status()).toBe(200);

    await signInAsAdmin(page, options);
    await openAdminPage(page, "/admin/kontaktanfragen");
    await searchWithKeyboard(page, "Kontaktanfragen durchsuchen", mark);
    const item = page.getByRole("main").getByRole("listitem").filter({ hasText: subject });
    await expect(item).toHaveCount(1);

    // The detail dialog opens with Enter, holds the focus and gives it back on Escape.
    const details = item.getByRole("button", { name: /^Details/ });
    await tabTo(page, details);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: subject });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expectVisibleFocus(details);

    await deleteWithKeyboard(page, item.getByRole("button", { name: /^Löschen/ }), {
      dialog: "Kontaktanfrage löschen",
      confirm: "Löschen",
      cancel: "Abbrechen",
    });
    await expect(toastWith(page, ADMIN_MESSAGES.contactDeleted)).toBeVisible();
    await expect(item).toHaveCount(0);
  },
);

test(
  "a newsletter subscriber is removed with the keyboard alone",
  { tag: "@desktop-only" },
  async ({ page, request, baseURL }, testInfo) => {
    test.slow();
    const client = await actAsOwnClient(page.context(), testInfo);
    const options = { baseURL: baseURL!, clientAddress: client };
    const email = uniqueEmail(testInfo, "tastatur");
    const formToken = await formTokenOf(request, "/contact", client);
    const sent = await postForm(
      request,
      "/contact",
      { intent: "newsletter", formToken, email, name: "", consent: "on" },
      options,
    );
    expect(sent.status()).toBe(200);

    await signInAsAdmin(page, options);
    await openAdminPage(page, "/admin/newsletter");
    await searchWithKeyboard(page, "Abonnenten durchsuchen", email.split("@")[0]!);
    const row = page.getByRole("main").getByRole("row").filter({ hasText: email });
    await expect(row).toHaveCount(1);

    await deleteWithKeyboard(page, row.getByRole("button", { name: /^Entfernen/ }), {
      dialog: "Abonnent entfernen",
      confirm: "Entfernen",
      cancel: "Abbrechen",
    });
    await expect(toastWith(page, ADMIN_MESSAGES.subscriberDeleted)).toBeVisible();
    await expect(row).toHaveCount(0);
  },
);

// ── Visible focus everywhere ─────────────────────────────────────────────────────────────────

for (const path of ["/", "/service/webdesign", "/contact"]) {
  test(`every tab stop of ${path} shows a visible focus`, { tag: "@desktop-only" }, async ({ page }) => {
    test.slow();
    await acceptCookiesUpFront(page);
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    let stops = 0;
    for (let press = 0; press < 250; press++) {
      await page.keyboard.press("Tab");
      // Stop once the focus leaves the page or comes back round to an element seen before.
      const fresh = await page.evaluate(() => {
        const element = document.activeElement;
        const visited = ((window as { tabStops?: Element[] }).tabStops ??= []);
        if (!element || element === document.body || visited.includes(element)) return false;
        visited.push(element);
        return true;
      });
      if (!fresh) break;
      stops++;
      await expectVisibleFocus(page.locator(":focus"));
    }
    expect(stops, "tab stops visited").toBeGreaterThan(20);
  });
}
