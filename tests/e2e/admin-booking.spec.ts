import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { asOwner, expectToast } from "./content-owner";
import { expect, openAdminPage, test } from "./fixtures";

/**
 * Termine as the owner sets it up: booking switched on under /admin/termine, a first
 * Termin-Art, and the weekly hours, with a faulty range refused beside its field. A server of
 * its own: booking on shows the header's "Termine" to visitors of the other specs' server.
 */

const main = (page: Page) => page.getByRole("main");

/** Whole-page pictures for a look at the layout (test-results/, not compared). */
const picture = (page: Page, path: string) => page.screenshot({ path, fullPage: true });

test("the owner switches booking on, creates a type and sets the weekly hours", async ({
  page,
  browser,
  consoleGuard,
}, testInfo) => {
  await asOwner(page, browser, testInfo, async (server) => {
    test.setTimeout(120_000);
    // The refused forms answer 400, which the browser reports for their data requests.
    for (const path of ["/admin/termine.data", "/admin/termine/verfuegbarkeit.data"])
      consoleGuard.allow(/status of 400/, `${server.url}${path}`);
    await openAdminPage(page, `${server.url}/admin/termine`);
    await expect(main(page).getByRole("heading", { level: 2, name: "Termine" })).toBeVisible();
    await expect(main(page).getByText("Besucher können gerade keine Termine buchen.")).toBeVisible();
    await main(page).getByLabel("Terminbuchung einschalten").check();
    await main(page).getByLabel("Aufbewahrung (Monate)").fill("0");
    await main(page).getByRole("button", { name: "Einstellungen speichern" }).click();
    await expect(
      main(page).getByText("Bitte gib für die Aufbewahrung eine ganze Zahl von 1 bis 60 Monaten ein."),
    ).toBeVisible();
    await expect(main(page).getByLabel("Aufbewahrung (Monate)")).toHaveAttribute("aria-invalid", "true");
    await main(page).getByLabel("Aufbewahrung (Monate)").fill("6");
    await main(page).getByRole("button", { name: "Einstellungen speichern" }).click();
    await expectToast(page, "Die Einstellungen der Terminbuchung sind gespeichert.");
    await expect(main(page).getByLabel("Terminbuchung einschalten")).toBeChecked();
    await expectNoAxeViolations(page, "Termine: Übersicht");
    await picture(page, testInfo.outputPath("termine.png"));

    await main(page).getByRole("link", { name: "Termin-Arten" }).click();
    // The overview has a "Neue Termin-Art" link too: the tab's page first.
    await expect(page).toHaveURL(/\/admin\/termine\/arten$/);
    await main(page).getByRole("link", { name: "Neue Termin-Art" }).click();
    await main(page).getByLabel("Name", { exact: true }).fill("Kostenloses Erstgespräch");
    await main(page).getByLabel("Dauer (Minuten)").fill("45");
    await main(page).getByLabel("Ort", { exact: true }).selectOption("Telefon");
    await main(page).getByLabel("Erfordert Bestätigung").check();
    await expectNoAxeViolations(page, "Termine: neue Termin-Art");
    await picture(page, testInfo.outputPath("termin-art.png"));
    await main(page).getByRole("button", { name: "Termin-Art anlegen" }).click();
    await expectToast(page, "Die Termin-Art ist angelegt.");
    const type = main(page).getByRole("listitem").filter({ hasText: "Kostenloses Erstgespräch" });
    await expect(type).toContainText(
      "/termine/kostenloses-erstgespraech · 45 Min. · Telefon · Erfordert Bestätigung",
    );

    await main(page).getByRole("link", { name: "Verfügbarkeit" }).click();
    await main(page).getByLabel("Montag, Zeitraum 1: von").fill("09:00");
    await main(page).getByLabel("Montag, Zeitraum 1: bis").fill("12:00");
    await main(page).getByLabel("Montag, Zeitraum 2: von").fill("15:00");
    await main(page).getByLabel("Montag, Zeitraum 2: bis").fill("14:00");
    await main(page).getByRole("button", { name: "Wochenzeiten speichern" }).click();
    await expect(main(page).getByText("Das Ende muss nach dem Beginn liegen.")).toBeVisible();
    await expect(main(page).getByLabel("Montag, Zeitraum 2: bis")).toHaveAttribute("aria-invalid", "true");
    await main(page).getByLabel("Montag, Zeitraum 2: bis").fill("17:00");
    await main(page).getByRole("button", { name: "Wochenzeiten speichern" }).click();
    await expectToast(page, "Die Wochenzeiten sind gespeichert.");
    await expect(main(page).getByLabel("Montag, Zeitraum 2: bis")).toHaveValue("17:00");
    await expectNoAxeViolations(page, "Termine: Verfügbarkeit");
    await picture(page, testInfo.outputPath("verfuegbarkeit.png"));

    await main(page).getByRole("link", { name: "Übersicht" }).click();
    await expect(main(page).getByText("Besucher können gerade Termine buchen.")).toBeVisible();
    await main(page).getByRole("link", { name: "Kalender" }).click();
    await expect(main(page).getByRole("heading", { name: "Kalender-Feeds (ICS)" })).toBeVisible();
    await expectNoAxeViolations(page, "Termine: Kalender");
    await picture(page, testInfo.outputPath("kalender.png"));
  });
});
