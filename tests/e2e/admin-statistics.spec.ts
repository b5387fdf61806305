import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { asOwner, expectToast } from "./content-owner";
import { actAsOwnClient, expect, isMobileProject, openAdminPage, test, waitForHydration } from "./fixtures";

/**
 * Statistik as the owner meets it (docs/decisions/0025-visit-statistics.md): switched on in
 * Einstellungen, a visitor comes from a search engine with a campaign link, reads three pages
 * (two of them reached through the menu, inside the site) and sends a contact request; the owner
 * sees the visit, its referrer, its campaign and the conversions (the request, then a click on
 * the menu's link to another site) attributed to the entry page, and on the request's detail
 * where it came from. A server of its own: the figures are exact.
 */

const main = (page: Page) => page.getByRole("main");

/** Follows a menu entry as a visitor does: the header's menu, on a phone its overlay. */
async function viaMenu(page: Page, mobile: boolean, name: string, path: string) {
  if (mobile) {
    await page.getByRole("button", { name: "Menü öffnen" }).click();
    await page.getByRole("dialog", { name: "Menü" }).getByRole("link", { name, exact: true }).click();
  } else {
    await page
      .getByRole("navigation", { name: "Hauptmenü" })
      .getByRole("link", { name, exact: true })
      .click();
  }
  await expect(page).toHaveURL((url) => url.pathname === path);
}

test("a visit from a campaign link that ends in a contact request, as the owner sees it on Statistik", async ({
  page,
  browser,
}, testInfo) => {
  const mobile = isMobileProject(testInfo.project.name);
  await asOwner(page, browser, testInfo, async (server, visitor) => {
    test.setTimeout(120_000);
    await openAdminPage(page, `${server.url}/admin/einstellungen`);
    const settings = main(page).getByRole("region", { name: "Besucherstatistik", exact: true });
    await settings.getByLabel("Besucherstatistik erfassen (ohne Cookies)", { exact: true }).check();
    await settings.getByRole("button", { name: "Speichern" }).click();
    await expectToast(page, "Einstellungen gespeichert");

    // The visitor: from Google, with the campaign's parameters, on to Home and Kontakt.
    const entry = await visitor.page.goto(
      `${server.url}/about?utm_source=newsletter&utm_medium=email&utm_campaign=herbst`,
      { referer: "https://www.google.de/search?q=coaching" },
    );
    expect(entry?.status()).toBe(200);
    await waitForHydration(visitor.page);
    await viaMenu(visitor.page, mobile, "Home", "/");
    await viaMenu(visitor.page, mobile, "Kontakt", "/contact");
    const form = visitor.page.getByRole("region", { name: "Schreib mir eine Nachricht" });
    await form.getByLabel("Name", { exact: true }).fill("Clara Beispiel");
    await form.getByLabel("E-Mail", { exact: true }).fill("clara@example.org");
    await form.getByLabel("Betreff", { exact: true }).fill("Erstgespräch");
    await form
      .getByLabel("Nachricht", { exact: true })
      .fill("Ich hätte gern einen Termin für ein Erstgespräch.");
    await form.getByRole("button", { name: "Nachricht senden" }).click();
    await expectToast(visitor.page, "Nachricht gesendet!");

    // A click on the menu's link to the owner's events site: counted, its tab closed at once.
    if (mobile) await visitor.page.getByRole("button", { name: "Menü öffnen" }).click();
    const menu = mobile
      ? visitor.page.getByRole("dialog", { name: "Menü" })
      : visitor.page.getByRole("navigation", { name: "Hauptmenü" });
    const events = menu.getByRole("link", { name: /^Termine/ });
    const target = new URL((await events.getAttribute("href"))!);
    const opened = visitor.page.waitForEvent("popup");
    await events.click();
    await (await opened).close();
    // Without the page's script the browser's own report (`ping`) counts it: Chromium sends one.
    if (!mobile) {
      // The same browser (User-Agent) from the same address: the same visitor.
      const userAgent = await visitor.page.evaluate(() => navigator.userAgent);
      const noScript = await browser.newContext({ javaScriptEnabled: false, userAgent });
      await actAsOwnClient(noScript, testInfo);
      const plain = await noScript.newPage();
      await plain.goto(`${server.url}/contact`);
      const pinged = plain.waitForRequest((request) => request.url().endsWith("/__klick"));
      const popup = plain.waitForEvent("popup");
      await plain
        .getByRole("navigation", { name: "Hauptmenü" })
        .getByRole("link", { name: /^Termine/ })
        .click();
      await (await popup).close();
      expect((await (await pinged).response())?.status()).toBe(204);
      await noScript.close();
    }

    const clicks = mobile ? 1 : 2;
    // The owner's Statistik for today: one visitor, three pages, one conversion.
    const figure = (label: string) =>
      main(page)
        .getByRole("term")
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator("xpath=following-sibling::dd[1]");
    await expect(async () => {
      await openAdminPage(page, `${server.url}/admin/statistik?zeitraum=heute`);
      await expect(figure("Conversions")).toHaveText(String(1 + clicks), { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(figure("Besucher")).toHaveText("1");
    await expect(figure("Seitenaufrufe")).toHaveText(mobile ? "3" : "4");
    const list = (name: string) =>
      main(page).getByRole("region", { name, exact: true }).getByRole("listitem");
    // The script-less click's visit entered on /contact: it counts there.
    const attributed = "2 Conversions";
    await expect(list("Einstiegsseiten").filter({ hasText: "/about" })).toContainText(attributed);
    const google = list("Herkunft").filter({ hasText: "www.google.de" });
    await expect(google).toContainText(attributed);
    // The drill-down: the site's full addresses, without a script.
    await google.getByText("Vollständige Adressen (1)").click();
    await expect(google.getByRole("listitem")).toHaveText([
      /^www\.google\.de\/search\s*\d+ Aufrufe? · 2 Conversions · 100\s%$/,
    ]);
    await expect(list("Kampagnen: Name (utm_campaign)").filter({ hasText: "herbst" })).toContainText(
      attributed,
    );
    await expect(list("Conversions nach Art")).toHaveText(
      mobile
        ? [
            /^Kontaktanfragen\s*1 Conversion · 50\s%$/,
            /^Klicks auf Links zu anderen Websites\s*1 Conversion · 50\s%$/,
          ]
        : [
            /^Klicks auf Links zu anderen Websites\s*2 Conversions · 66,7\s%$/,
            /^Kontaktanfragen\s*1 Conversion · 33,3\s%$/,
          ],
    );
    await expect(list("Klicks auf Links zu anderen Websites")).toHaveText([
      new RegExp(`^${target.hostname.replaceAll(".", "\\.")}`),
    ]);
    await expect(list("Seiten")).toHaveCount(3);
    await expect(list("Geräte")).toHaveText([new RegExp(`^${mobile ? "Smartphone" : "Computer"}`)]);
    await expectNoAxeViolations(page, "Statistik with a day's visit");

    // The request's detail names where it came from.
    await openAdminPage(page, `${server.url}/admin/kontaktanfragen`);
    await main(page)
      .getByRole("button", { name: /^Details ?: Erstgespräch$/ })
      .click();
    await expect(page.getByRole("dialog")).toContainText(
      "Kam über: www.google.de/search → /about · Kampagne: herbst (newsletter, email)",
    );
  });
});
