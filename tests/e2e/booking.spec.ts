import { replaceWeeklyHours } from "~/features/booking/availability.server";
import { saveBookingSettings } from "~/features/booking/booking-settings.server";
import { createBookingType } from "~/features/booking/booking-types.server";
import { migratedDataDir } from "../setup/data-dir-template";
import { withDb } from "../setup/http";
import { expectNoAxeViolations } from "./axe";
import { acceptCookiesUpFront, expect, startOwnServer, test, waitForHydration } from "./fixtures";

/**
 * Termine as a visitor meets it: with booking on, the header's "Termine" leads to
 * /termine; the visitor picks a day in the month grid with the arrow keys, a time and sends the
 * form, all with the keyboard, and lands on the confirmation with "Zum Kalender hinzufügen".
 * A server of its own: booking is switched on in its database before it starts.
 */
test("a visitor books a first call with the keyboard", async ({ page }) => {
  test.setTimeout(120_000);
  const dataDir = migratedDataDir("portfolio-e2e-booking-");
  await withDb({ dataDir }, async (db) => {
    await saveBookingSettings(db, { enabled: true });
    await replaceWeeklyHours(
      db,
      [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 540, endMinute: 1020 })),
    );
    await createBookingType(db, {
      slug: "erstgespraech",
      name: "Kostenloses Erstgespräch",
      description: "Wir lernen uns kennen.",
      duration_minutes: 30,
      location_kind: "video",
      location_detail: "https://meet.example.org/raum",
      not_same_day: true,
    });
  });
  const server = await startOwnServer({ dataDir, admin: null });
  try {
    await acceptCookiesUpFront(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(`${server.url}/termine`);
    await waitForHydration(page);
    await page.getByRole("link", { name: /Termin wählen.*Kostenloses Erstgespräch/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Kostenloses Erstgespräch" })).toBeVisible();
    await waitForHydration(page);

    const grid = page.getByRole("grid");
    await expect(grid).toBeVisible();
    await expectNoAxeViolations(page, "the month view");
    // The grid's one tab stop: the first day with a free slot; the arrow keys move between days.
    const stop = grid.locator('[tabindex="0"]');
    await stop.focus();
    const first = await stop.getAttribute("aria-label");
    await page.keyboard.press("ArrowRight");
    await expect(grid.locator('[tabindex="0"]')).not.toHaveAttribute("aria-label", first!);
    await page.keyboard.press("ArrowLeft");
    await expect(page.locator(":focus")).toHaveAttribute("aria-label", first!);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/tag=\d{4}-\d{2}-\d{2}/);

    // The day's times get the focus; the first one with Tab and Enter.
    await expect(page.getByRole("heading", { name: /^Uhrzeit wählen/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/zeit=/);

    const form = page.getByRole("region", { name: "Deine Angaben" });
    await expect(form).toBeVisible();
    await expectNoAxeViolations(page, "the booking form");
    await form.getByLabel("Name", { exact: true }).focus();
    await page.keyboard.type("Clara Beispiel");
    await page.keyboard.press("Tab");
    await page.keyboard.type("clara@example.org");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Ich freue mich.");
    await form.getByRole("button", { name: "Termin buchen" }).focus();
    await page.keyboard.press("Enter");

    await expect(page.getByRole("heading", { level: 1, name: "Dein Termin ist gebucht." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Zum Kalender hinzufügen" })).toBeVisible();
    await expectNoAxeViolations(page, "the confirmation");
  } finally {
    await page.close();
    await server.stop();
  }
});
