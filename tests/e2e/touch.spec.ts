import { acceptCookiesUpFront, expect, isMobileProject, test, waitForHydration } from "./fixtures";

/**
 * Touch screens: the phone project already has one; here the desktop project gets one too,
 * as on a landscape tablet or a touch laptop, where the inline menu is shown but nobody hovers.
 */
test.use({ hasTouch: true });

test("one tap opens a menu on a touch screen", async ({ page }, testInfo) => {
  await acceptCookiesUpFront(page);
  await page.goto("/");
  await waitForHydration(page);

  if (isMobileProject(testInfo.project.name)) {
    await page.getByRole("button", { name: "Menü öffnen" }).tap();
    const dialog = page.getByRole("dialog", { name: "Menü" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Menü schließen" }).tap();
    await expect(dialog).toBeHidden();
    return;
  }

  // Without hover, the toggle button is the only way into a submenu.
  const nav = page.getByRole("navigation", { name: "Hauptmenü" });
  const toggle = nav.getByRole("button", { name: "Untermenü Portfolio" });
  const entry = nav.getByRole("link", { name: "Projekte", exact: true });
  await toggle.tap();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(entry).toBeVisible();
  await toggle.tap();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(entry).toBeHidden();
});
