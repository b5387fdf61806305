import type { Locator, Page } from "@playwright/test";
import {
  acceptCookiesUpFront,
  expect,
  isMobileProject,
  pauseClock,
  test,
  waitForHydration,
  withMotion,
} from "./fixtures";

/**
 * The header menu (spec §2 "Header", §9 submenu close delay 300 ms, mobile overlay 0.3 s).
 * Desktop (≥ 1280 px) shows the hover menu; phones reach the same items through the hamburger.
 * Each test asserts the behaviour that belongs to the viewport of its project.
 */

const NEW_TAB = " (öffnet in neuem Tab)";

type Entry = { title: string; href?: string };
type MainEntry = Entry & { submenu?: Entry[] };

/** External entries have no `href` here: they must open another site in a new tab. */
const MAIN_MENU: MainEntry[] = [
  { title: "Home", href: "/" },
  {
    title: "Portfolio",
    href: "/projects",
    submenu: [
      { title: "Alle Projekte", href: "/projects" },
      { title: "Projekte", href: "/category/projects" },
      { title: "Produkte", href: "/category/products" },
      { title: "Services", href: "/category/services" },
      { title: "Magazin", href: "/category/magazine" },
      { title: "Consulting", href: "/category/consulting" },
    ],
  },
  {
    title: "Produktwelt",
    submenu: ["Übersicht", "Software", "Produkte", "Bücher", "Kurse", "Persönlichkeitsentwicklung"].map(
      (title) => ({ title }),
    ),
  },
  {
    title: "Ideenwelt",
    submenu: ["Übersicht", "Business", "Geschenke", "Gesundheit", "Nachhaltigkeit", "Sonstiges"].map(
      (title) => ({ title }),
    ),
  },
  {
    title: "Services",
    href: "/service",
    submenu: [
      { title: "Übersicht", href: "/service" },
      { title: "Webdesign", href: "/service/webdesign" },
      { title: "Webentwicklung", href: "/service/web-development" },
      { title: "Funnels", href: "/service/funnels" },
      { title: "Landingpages", href: "/service/landingpages" },
      { title: "Onlineshops", href: "/service/shops" },
      { title: "Portale", href: "/service/portale" },
      { title: "Technologien", href: "/service/technology" },
      { title: "Erklärvideos", href: "/service/videos" },
      { title: "KI", href: "/service/ki" },
    ],
  },
  { title: "Videos" },
  { title: "Termine" },
  { title: "Blog" },
  { title: "Über mich", href: "/about" },
  { title: "Kontakt", href: "/contact" },
];

const linkText = (entry: Entry) => (entry.href ? entry.title : `${entry.title}${NEW_TAB}`);

/** Asserts that the links of `links`, in order, are exactly `entries` with the right targets. */
async function expectMenuLinks(links: Locator, entries: Entry[], baseURL: string) {
  await expect(links).toHaveText(entries.map(linkText));
  for (const [index, entry] of entries.entries()) {
    const link = links.nth(index);
    if (entry.href) {
      await expect(link).toHaveAttribute("href", entry.href);
      await expect(link).not.toHaveAttribute("target", /.*/);
    } else {
      await expect(link).toHaveAttribute("href", /^https:\/\//);
      expect(await link.getAttribute("href")).not.toContain(new URL(baseURL).host);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
    }
  }
}

const desktopMenu = (page: Page) => page.getByRole("navigation", { name: "Hauptmenü" });
const hamburger = (page: Page) => page.getByRole("button", { name: "Menü öffnen" });
const mobileDialog = (page: Page) => page.getByRole("dialog", { name: "Menü" });

/** Links of the main menu that are marked as the current page (visible ones only). */
const currentLinks = (container: Locator) =>
  container.getByRole("link").and(container.locator('[aria-current="page"]'));

test("the header lists every menu item in order; external ones open in a new tab", async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow(); // every entry's name, address and target, one by one
  await acceptCookiesUpFront(page);
  await page.goto("/");
  await waitForHydration(page);

  if (isMobileProject(testInfo.project.name)) {
    // Phones: the inline menu is hidden, the hamburger opens all items including submenus.
    await expect(desktopMenu(page)).toBeHidden();
    await hamburger(page).click();
    const dialog = mobileDialog(page);
    await expect(dialog).toBeVisible();
    const flat = MAIN_MENU.flatMap((entry) => [entry, ...(entry.submenu ?? [])]);
    await expectMenuLinks(dialog.getByRole("link"), flat, baseURL!);
  } else {
    await expect(hamburger(page)).toBeHidden();
    const nav = desktopMenu(page);
    await expect(nav).toBeVisible();
    // Submenus are closed, so only the ten main items are visible links.
    await expectMenuLinks(nav.getByRole("link"), MAIN_MENU, baseURL!);
    // Every submenu can be opened with its toggle button and holds its entries.
    for (const entry of MAIN_MENU.filter((item) => item.submenu)) {
      const toggle = nav.getByRole("button", { name: `Untermenü ${entry.title}` });
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await toggle.press("Enter"); // the toggle opens the submenu (disclosure pattern)
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      const submenu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
      await expectMenuLinks(submenu.getByRole("link"), entry.submenu!, baseURL!);
      await toggle.blur();
      await expect(submenu).toBeHidden();
    }
  }
});

test("the menu marks the current page with aria-current", async ({ page }, testInfo) => {
  const mobile = isMobileProject(testInfo.project.name);
  await acceptCookiesUpFront(page);
  const cases = [
    { path: "/", current: ["Home"] },
    { path: "/impressum", current: [] },
    // A service page marks its main item and its own submenu entry, not the overview entry.
    { path: "/service/webdesign", current: ["Services", "Webdesign"] },
  ];

  for (const { path, current } of cases) {
    await page.goto(path);
    await waitForHydration(page);
    let menu = desktopMenu(page);
    if (mobile) {
      await hamburger(page).click();
      menu = mobileDialog(page);
    } else {
      // Show the Services submenu so its entries count as well.
      await menu.getByRole("button", { name: "Untermenü Services" }).press("Enter");
      await expect(menu.getByRole("link", { name: "Webdesign", exact: true })).toBeVisible();
    }
    await expect(currentLinks(menu), `current menu items on ${path}`).toHaveText(current);
  }
});

test("desktop submenus open on hover and close 300 ms after the pointer leaves", async ({
  page,
}, testInfo) => {
  await acceptCookiesUpFront(page);
  if (isMobileProject(testInfo.project.name)) {
    // No hover menu on phones: the hamburger is the way into the submenus.
    await page.goto("/");
    await waitForHydration(page);
    await expect(desktopMenu(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "Untermenü Portfolio" })).toBeHidden();
    await expect(hamburger(page)).toBeVisible();
    return;
  }

  await pauseClock(page);
  await page.goto("/");
  await waitForHydration(page);
  const nav = desktopMenu(page);
  const portfolio = nav.getByRole("link", { name: "Portfolio", exact: true });
  const toggle = nav.getByRole("button", { name: "Untermenü Portfolio" });
  const projekte = nav.getByRole("link", { name: "Projekte", exact: true });
  const produkte = nav.getByRole("link", { name: "Produkte", exact: true });
  const awayFromMenu = async () => {
    const box = await page.getByRole("heading", { level: 1 }).boundingBox();
    await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
  };

  await expect(projekte).toBeHidden();
  await portfolio.hover();
  await expect(projekte).toBeVisible();
  await expect(produkte).toBeVisible();
  await expect(nav.getByRole("link", { name: "Consulting", exact: true })).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");

  // Leaving: still open right away and just before 300 ms, closed after.
  await awayFromMenu();
  await expect(projekte).toBeVisible();
  await page.clock.runFor(250);
  await expect(projekte).toBeVisible();
  await page.clock.runFor(60);
  await expect(projekte).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");

  // Coming back within the delay (into the open submenu) keeps it open.
  await portfolio.hover();
  await awayFromMenu();
  await page.clock.runFor(200);
  await produkte.hover();
  await page.clock.runFor(1_000);
  await expect(produkte).toBeVisible();
});

test("desktop submenus open with the keyboard and Escape closes them", async ({ page }, testInfo) => {
  await acceptCookiesUpFront(page);
  await page.goto("/");
  await waitForHydration(page);

  if (isMobileProject(testInfo.project.name)) {
    // On phones the keyboard path leads from the logo to the hamburger, which opens the menu.
    await page.getByRole("banner").getByRole("link").first().focus();
    await page.keyboard.press("Tab");
    await expect(hamburger(page)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(mobileDialog(page)).toBeVisible();
    return;
  }

  const nav = desktopMenu(page);
  const portfolio = nav.getByRole("link", { name: "Portfolio", exact: true });
  const toggle = nav.getByRole("button", { name: "Untermenü Portfolio" });
  const entry = nav.getByRole("link", { name: "Projekte", exact: true });

  await nav.getByRole("link", { name: "Home", exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(portfolio).toBeFocused();
  // Focus alone opens nothing: Tab passes the main items without walking every submenu.
  await expect(entry).toBeHidden();
  await page.keyboard.press("Tab");
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(entry).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");

  await page.keyboard.press("Escape");
  await expect(toggle).toBeFocused();
  await expect(entry).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
});

test("keyboard focus moves through an open desktop submenu; leaving it closes it", async ({
  page,
}, testInfo) => {
  await acceptCookiesUpFront(page);
  await page.goto("/");
  await waitForHydration(page);

  if (isMobileProject(testInfo.project.name)) {
    // Phones have no inline submenus to walk through; the overlay is the only menu and starts closed.
    await expect(desktopMenu(page)).toBeHidden();
    await expect(mobileDialog(page)).toHaveCount(0);
    return;
  }

  const nav = desktopMenu(page);
  const toggle = nav.getByRole("button", { name: "Untermenü Portfolio" });
  const firstEntry = nav.getByRole("link", { name: "Alle Projekte", exact: true });
  const lastEntry = nav.getByRole("link", { name: "Consulting", exact: true });

  await nav.getByRole("link", { name: "Portfolio", exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(firstEntry).toBeFocused();

  await lastEntry.focus();
  await page.keyboard.press("Tab");
  // Focus moves on to the next main item, Produktwelt: Portfolio's submenu closes, and
  // Produktwelt's stays closed until its toggle is used.
  await expect(nav.getByRole("link", { name: `Produktwelt${NEW_TAB}`, exact: true })).toBeFocused();
  await expect(lastEntry).toBeHidden();
  await expect(nav.getByRole("link", { name: `Software${NEW_TAB}`, exact: true })).toBeHidden();
});

test("the mobile menu is a dialog that traps focus and gives it back when closed", async ({
  page,
}, testInfo) => {
  await withMotion(page);
  // Two round trips per tab stop through the whole menu: on a slow machine this took 32 s of
  // the default 30 (CI, 2026-11-21), with every assertion met.
  test.slow();
  await acceptCookiesUpFront(page);
  await page.goto("/");
  await waitForHydration(page);

  if (!isMobileProject(testInfo.project.name)) {
    // On desktop the inline menu is shown and there is no hamburger.
    await expect(desktopMenu(page)).toBeVisible();
    await expect(hamburger(page)).toBeHidden();
    return;
  }

  const button = hamburger(page);
  const dialog = mobileDialog(page);
  const close = dialog.getByRole("button", { name: "Menü schließen" });

  await button.click();
  await expect(dialog).toBeVisible();
  // The overlay slides in over 0.3 s (spec §9).
  await expect(dialog).toHaveCSS("animation-name", "overlay-in");
  await expect(dialog).toHaveCSS("animation-duration", "0.3s");
  await expect(close).toBeFocused();

  // Tab and Shift+Tab wrap around inside the dialog.
  const links = dialog.getByRole("link");
  const stops = (await links.count()) + 1; // every link plus the close button
  for (let press = 0; press < stops + 2; press++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await links.last().focus();
  await page.keyboard.press("Tab");
  await expect(close).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(links.last()).toBeFocused();

  await close.click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute("aria-expanded", "false");

  await button.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test("choosing an internal menu entry navigates and closes the menu", async ({ page }, testInfo) => {
  await acceptCookiesUpFront(page);
  await page.goto("/");
  await waitForHydration(page);

  if (isMobileProject(testInfo.project.name)) {
    await hamburger(page).click();
    await mobileDialog(page).getByRole("link", { name: "Webdesign", exact: true }).click();
    await expect(page).toHaveURL("/service/webdesign");
    await expect(mobileDialog(page)).toBeHidden();

    await hamburger(page).click();
    await mobileDialog(page).getByRole("link", { name: "Über mich", exact: true }).click();
    await expect(page).toHaveURL("/about");
    await expect(mobileDialog(page)).toBeHidden();
  } else {
    const nav = desktopMenu(page);
    await nav.getByRole("link", { name: "Services", exact: true }).hover();
    await nav.getByRole("link", { name: "Webdesign", exact: true }).click();
    await expect(page).toHaveURL("/service/webdesign");
    // The route change closes the submenu even though the pointer is still on it.
    await expect(nav.getByRole("link", { name: "Webdesign", exact: true })).toBeHidden();

    await nav.getByRole("link", { name: "Über mich", exact: true }).click();
    await expect(page).toHaveURL("/about");
  }
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
