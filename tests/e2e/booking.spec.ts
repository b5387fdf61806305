import type { Page } from "@playwright/test";
import { migratedDataDir } from "../setup/data-dir-template";
import { bookableType } from "../setup/booking";
import { withDb } from "../setup/http";
import { mimePart } from "../setup/mime";
import { startSmtpReceiver } from "../setup/smtp-receiver";
import { expectNoAxeViolations } from "./axe";
import {
  acceptCookiesUpFront,
  actAsOwnClient,
  expect,
  openAdminPage,
  isMobileProject,
  signInAsAdmin,
  startOwnServer,
  test,
  waitForHydration,
} from "./fixtures";
import { parseMail } from "./mail";

/**
 * Termine as a visitor meets it, start to end: with booking on, the header's "Termine" leads to
 * /termine; the visitor picks a day in the month grid, a time and sends the form (on the desktop
 * all with the keyboard and the grid's arrow keys, on the phone by tapping) and lands on the
 * confirmation. The invitation arrives by SMTP
 * with its text/calendar part; its "verschieben" link moves the booking to another time, the
 * mail of the move's "absagen" link cancels it, and the owner's list shows it as abgesagt. axe
 * checks every page on the way. A server of its own (booking on changes every page's header),
 * with a real SMTP receiver.
 */

const VISITOR = { name: "Clara Beispiel", email: "clara@example.org" };

/** "20260310T100000": how an invitation's DTSTART;TZID=Europe/Berlin names the instant `iso`. */
function berlinLocal(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Berlin",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(iso))
      .map(({ type, value }) => [type, value]),
  );
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

// The owner's zone: the page offers no other one to switch to while the test types.
test.use({ timezoneId: "Europe/Berlin" });

const chosenTime = (page: Page) => new URL(page.url()).searchParams.get("zeit")!;

test("a visitor books (on desktop with the keyboard), moves and cancels by the mailed links; the owner sees it abgesagt", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  // The keyboard once, on desktop; the phone books by tapping.
  const mobile = isMobileProject(testInfo.project.name);
  const dataDir = migratedDataDir("portfolio-e2e-booking-");
  await withDb({ dataDir }, async (db) => {
    await bookableType(db, {
      open: true,
      hours: { startMinute: 540, endMinute: 1020 },
      type: {
        description: "Wir lernen uns kennen.",
        location_detail: "https://meet.example.org/raum",
        not_same_day: true,
      },
    });
  });
  const smtp = await startSmtpReceiver();
  const server = await startOwnServer({ dataDir, env: { SMTP_URL: smtp.url } });
  /** The newest mail to the visitor whose subject starts with `subject`, raw and parsed. */
  const mailTo = async (subject: string) => {
    const find = () =>
      smtp.messages
        .map((raw) => ({ raw, mail: parseMail(raw) }))
        .findLast(({ mail }) => mail.to.includes(VISITOR.email) && mail.subject.startsWith(subject));
    await expect.poll(() => Boolean(find()), { message: `a mail "${subject}"`, timeout: 15_000 }).toBe(true);
    return find()!.raw;
  };
  /** A link of the mail's text, opened on this server (the mail names PUBLIC_URL's host). */
  const follow = async (raw: string, purpose: "verschieben" | "absagen") => {
    const link = mimePart(raw, "text/plain").match(new RegExp(`https?://\\S+/termine/${purpose}/\\S+`))![0];
    const { pathname, search } = new URL(link);
    await page.goto(`${server.url}${pathname}${search}`);
    await waitForHydration(page);
  };
  try {
    await acceptCookiesUpFront(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(`${server.url}/termine`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Termine" })).toBeVisible();
    await expectNoAxeViolations(page, "/termine");
    await page.getByRole("link", { name: /Termin wählen.*Kostenloses Erstgespräch/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Kostenloses Erstgespräch" })).toBeVisible();
    await waitForHydration(page);

    const grid = page.getByRole("grid");
    await expect(grid).toBeVisible();
    await expectNoAxeViolations(page, "/termine/erstgespraech, the month view");
    // The grid's one tab stop: the first day with a free slot; the arrow keys move between days.
    const stop = grid.locator('[tabindex="0"]');
    if (mobile) {
      await stop.click();
    } else {
      await stop.focus();
      const first = await stop.getAttribute("aria-label");
      await page.keyboard.press("ArrowRight");
      await expect(grid.locator('[tabindex="0"]')).not.toHaveAttribute("aria-label", first!);
      await page.keyboard.press("ArrowLeft");
      await expect(page.locator(":focus")).toHaveAttribute("aria-label", first!);
      await page.keyboard.press("Enter");
    }
    await expect(page).toHaveURL(/tag=\d{4}-\d{2}-\d{2}/);

    // The day's times get the focus; the first one with Tab and Enter.
    await expect(page.getByRole("heading", { name: /^Uhrzeit wählen/ })).toBeFocused();
    if (mobile) {
      await page
        .getByRole("region", { name: /^Uhrzeit wählen/ })
        .getByRole("link")
        .first()
        .click();
    } else {
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
    }
    await expect(page).toHaveURL(/zeit=/);
    const booked = chosenTime(page);

    const form = page.getByRole("region", { name: "Deine Angaben" });
    await expect(form).toBeVisible();
    await expectNoAxeViolations(page, "the booking form");
    if (mobile) {
      await form.getByLabel("Name", { exact: true }).fill(VISITOR.name);
      await form.getByLabel("E-Mail", { exact: true }).fill(VISITOR.email);
      await form.getByRole("textbox", { name: /Nachricht/ }).fill("Ich freue mich.");
      await form.getByRole("button", { name: "Termin buchen" }).click();
    } else {
      await form.getByLabel("Name", { exact: true }).focus();
      await page.keyboard.type(VISITOR.name);
      await page.keyboard.press("Tab");
      await page.keyboard.type(VISITOR.email);
      await page.keyboard.press("Tab");
      await page.keyboard.type("Ich freue mich.");
      await form.getByRole("button", { name: "Termin buchen" }).focus();
      await page.keyboard.press("Enter");
    }

    await expect(page.getByRole("heading", { level: 1, name: "Dein Termin ist gebucht." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Zum Kalender hinzufügen" })).toBeVisible();
    await expectNoAxeViolations(page, "the confirmation");

    // The invitation: a text/calendar part the mail client offers to accept, at the time booked.
    const invitation = await mailTo("Terminbestätigung: Kostenloses Erstgespräch");
    const ics = mimePart(invitation, "text/calendar");
    expect(ics).toMatch(/^METHOD:REQUEST\r?$/m);
    expect(ics).toMatch(new RegExp(`^DTSTART;TZID=Europe/Berlin:${berlinLocal(booked)}\\r?$`, "m"));

    // Moved by the mail's link: another time of the month, the move's own mail with it.
    await follow(invitation, "verschieben");
    await expect(page.getByRole("heading", { level: 1, name: "Termin verschieben" })).toBeVisible();
    await expectNoAxeViolations(page, "the move page");
    await page.getByRole("grid").locator('[tabindex="0"]').press("Enter");
    await expect(page).toHaveURL(/tag=\d{4}-\d{2}-\d{2}/);
    // The booked time is offered again (it is the visitor's own); another one is chosen.
    const times = page.getByRole("region", { name: /^Uhrzeit wählen/ });
    await expect(times.getByRole("link").first()).toBeVisible();
    await times
      .locator(`a:not([href*="${encodeURIComponent(booked)}"])`)
      .first()
      .click();
    await expect(page).toHaveURL(/zeit=/);
    const moved = chosenTime(page);
    expect(moved).not.toBe(booked);
    await page.getByRole("button", { name: "Auf diese Zeit verschieben" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dein Termin ist gebucht." })).toBeVisible();
    const movedMail = await mailTo("Termin verschoben: Kostenloses Erstgespräch");
    expect(mimePart(movedMail, "text/calendar")).toMatch(
      new RegExp(`^DTSTART;TZID=Europe/Berlin:${berlinLocal(moved)}\\r?$`, "m"),
    );

    // Cancelled by the newest mail's link (the move ended the first mail's links).
    await follow(movedMail, "absagen");
    await expect(page.getByRole("heading", { level: 1, name: "Termin absagen" })).toBeVisible();
    await expect(page.getByText("Möchtest du diesen Termin wirklich absagen?")).toBeVisible();
    await expectNoAxeViolations(page, "the cancel page");
    await page.getByRole("button", { name: "Ja, Termin absagen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dein Termin ist abgesagt." })).toBeVisible();
    await mailTo("Termin abgesagt: Kostenloses Erstgespräch");

    // The owner's list, in the same browser now signed in.
    await signInAsAdmin(page, {
      baseURL: server.url,
      clientAddress: await actAsOwnClient(page.context(), testInfo),
      credentials: server.admin!,
    });
    await openAdminPage(page, `${server.url}/admin/termine`);
    const entry = page.getByRole("main").getByRole("listitem").filter({ hasText: VISITOR.email });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText("abgesagt");
  } finally {
    await page.close();
    await server.stop();
    await smtp.close();
  }
});
