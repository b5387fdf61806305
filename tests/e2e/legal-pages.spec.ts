import { acceptCookiesUpFront, expect, test, waitForHydration } from "./fixtures";

/** Legal pages (spec §2 "Legal pages", §9): /impressum, /datenschutz, /cookies. */

const LEGAL_PAGES = [
  { path: "/impressum", title: "Impressum" },
  { path: "/datenschutz", title: "Datenschutzerklärung" },
  { path: "/cookies", title: "Cookie-Richtlinie" },
];

for (const { path, title } of LEGAL_PAGES) {
  test(`${path} shows "${title}" with a way back to the home page`, async ({ page }) => {
    await acceptCookiesUpFront(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title, { useInnerText: true });
    await expect(page).toHaveTitle(new RegExp(`^${title} \\| `));
    const back = page.getByRole("main").getByRole("link", { name: "Zurück zur Startseite" });
    await expect(back).toHaveAttribute("href", "/");
    await back.click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Willkommen in meiner Welt");
  });
}

test("the Impressum names its legal basis, § 5 DDG", async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto("/impressum");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Angaben gemäß § 5 DDG" })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText("TMG");
});
