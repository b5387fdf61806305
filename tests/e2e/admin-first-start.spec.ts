import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { startSmtpReceiver } from "../setup/smtp-receiver";
import { expectNoAxeViolations } from "./axe";
import {
  actAsOwnClient,
  authenticatorFor,
  expect,
  newContextWithoutJavaScript,
  openAdminPage,
  signInAsAdmin,
  startOwnServer,
  test,
  toastWith,
  type OwnServer,
} from "./fixtures";
import { parseMail, type ReceivedMail } from "./mail";

/**
 * The owner's first start, TOTP and a forgotten password, on a phone: a server of its
 * own without an admin, with ADMIN_EMAIL and a real SMTP receiver. The first test creates the
 * admin from the mailed setup link; the second turns TOTP on as a phone must (no QR code to scan:
 * the key copied, the recovery codes saved as a file); the third resets the password by mail,
 * without JavaScript, and is asked for the second factor. One server for all, so they run in order.
 * Runs on the phone only (MOBILE_ONLY in playwright.config.ts).
 */
test.describe.configure({ mode: "serial" });

const OWNER = { name: "Erika Beispiel", email: "erika@example.org", password: "Tulpenfeld-Morgenlicht-2026" };
const NEW_PASSWORD = "Herbstwind-Leuchtturm-2027";

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let server: OwnServer;
/** The server as http://localhost:<port>: its PUBLIC_URL, so the mailed links' host. */
let base: string;
let recoveryCodes: string[] = [];

test.beforeAll(async () => {
  // A fresh database is migrated and seeded first.
  test.setTimeout(90_000);
  smtp = await startSmtpReceiver();
  server = await startOwnServer({ admin: null, env: { ADMIN_EMAIL: OWNER.email, SMTP_URL: smtp.url } });
  base = server.url.replace("127.0.0.1", "localhost");
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const main = (page: Page) => page.getByRole("main");

/** Waits for a mail to the owner whose subject is `subject`; its first link to this site. */
async function mailedLink(subject: string): Promise<string> {
  let mail: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        mail = smtp.messages.map(parseMail).find((m) => m.to.includes(OWNER.email) && m.subject === subject);
        return Boolean(mail);
      },
      { timeout: 30_000, message: `a mail "${subject}"` },
    )
    .toBe(true);
  return mail!.text.match(/http:\/\/localhost:\d+\/admin\/\S+/)![0];
}

test("a fresh install shows Ersteinrichtung; the setup link comes by mail and signs the owner in", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await actAsOwnClient(page.context(), testInfo);
  await openAdminPage(page, `${base}/admin`);
  await expect(main(page).getByRole("heading", { level: 1, name: "Ersteinrichtung" })).toBeVisible();
  await expect(
    main(page).getByText(/per E-Mail an die Adresse geschickt, die in ADMIN_EMAIL steht/),
  ).toBeVisible();
  await expect(
    main(page).getByText("journalctl -u portfolio -o cat | grep setupLink | tail -n 1"),
  ).toBeVisible();
  await expect(main(page).getByText("docker compose logs app | grep setupLink | tail -n 1")).toBeVisible();
  await expect(main(page).getByLabel("Passwort")).toHaveCount(0);
  await expectNoAxeViolations(page, "Ersteinrichtung");

  await openAdminPage(page, await mailedLink("Dein Link zum Einrichten des Admin-Kontos"));
  await main(page).getByLabel("Name").fill(OWNER.name);
  await main(page).getByLabel("E-Mail").fill(OWNER.email);
  await main(page).getByLabel("Passwort (mindestens 10 Zeichen)").fill(OWNER.password);
  await expect(main(page).getByText("Passwortstärke:", { exact: false })).toBeVisible();
  await main(page).getByLabel("Passwort wiederholen").fill(OWNER.password);
  await main(page).getByRole("button", { name: "Konto anlegen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin-Bereich" })).toBeVisible();

  await page.close();
});

/** At least 44 × 44 px, WCAG 2.5.5's size for a tap target. */
async function expectTapTarget(target: Locator) {
  const box = (await target.boundingBox())!;
  expect(Math.min(box.width, box.height), `${String(target)}: the smaller side`).toBeGreaterThanOrEqual(44);
}

test("TOTP on the phone: the app opens from a link, the key is copied, the codes saved as a file; sign-in asks for a code", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  // Headless Chromium reads and writes the clipboard once the context has both permissions.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
  const client = await actAsOwnClient(page.context(), testInfo);
  await signInAsAdmin(page, { baseURL: base, clientAddress: client, credentials: OWNER });
  await openAdminPage(page, `${base}/admin/profil`);
  await main(page).getByRole("button", { name: "Einrichten" }).click();

  const openApp = main(page).getByRole("link", { name: "In Authenticator-App öffnen" });
  await expect(openApp).toHaveAttribute("href", /^otpauth:\/\/totp\/.*[?&]secret=[A-Z2-7]{32}(&|$)/);
  const shown = main(page).getByTestId("totp-secret");
  // Groups of four; none of them is broken across two lines.
  await expect(shown).toHaveText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  const groupLines = await shown
    .locator("span")
    .evaluateAll((spans) => spans.map((span) => span.getClientRects().length));
  expect(groupLines).toEqual(Array(8).fill(1));

  const copyKey = main(page).getByRole("button", { name: /^Kopieren\W+Schlüssel$/ });
  await expectTapTarget(openApp);
  await expectTapTarget(copyKey);
  await expectNoAxeViolations(page, "Profil, TOTP set-up");
  await copyKey.click();
  await expect(toastWith(page, "Schlüssel kopiert")).toBeVisible();
  const copiedKey = await page.evaluate(() => navigator.clipboard.readText());
  expect(copiedKey).toBe((await shown.textContent())!.replace(/ /g, ""));
  expect(await openApp.getAttribute("href")).toContain(`secret=${copiedKey}`);
  const app = authenticatorFor(copiedKey);
  await main(page).getByLabel("Code aus der App").fill(app.generate());
  await main(page).getByRole("button", { name: "Aktivieren" }).click();
  await expect(toastWith(page, "Zweiter Faktor aktiviert")).toBeVisible();

  const shownCodes = await main(page)
    .getByRole("list", { name: "Wiederherstellungscodes" })
    .getByRole("listitem")
    .allTextContents();
  expect(shownCodes).toHaveLength(10);
  const copyCodes = main(page).getByRole("button", { name: /^Kopieren\W+Wiederherstellungscodes$/ });
  const save = main(page).getByRole("button", { name: "Als Datei speichern" });
  await expectTapTarget(copyCodes);
  await expectTapTarget(save);
  await expectNoAxeViolations(page, "Profil, new recovery codes");
  await copyCodes.click();
  await expect(toastWith(page, "Wiederherstellungscodes kopiert")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shownCodes.join("\n"));
  const [download] = await Promise.all([page.waitForEvent("download"), save.click()]);
  expect(download.suggestedFilename()).toBe("wiederherstellungscodes-localhost.txt");
  const file = readFileSync((await download.path())!, "utf8");
  expect(file).toMatch(/^Wiederherstellungscodes für den Admin-Bereich von localhost, erstellt am /);
  recoveryCodes = file.split("\n").filter((line) => /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(line));
  expect(recoveryCodes).toEqual(shownCodes);

  // Signed out, the password asks for the app's code: the next time step's (the activation used
  // the current one).
  // On the phone, Logout is in the admin's menu.
  await page.getByRole("button", { name: /^Menü/ }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  await main(page).getByLabel("E-Mail").fill(OWNER.email);
  await main(page).getByLabel("Passwort").fill(OWNER.password);
  await main(page).getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bestätigungscode" })).toBeVisible();
  await main(page)
    .getByLabel("Code")
    .fill(app.generate({ timestamp: Date.now() + 30_000 }));
  await main(page).getByRole("button", { name: "Bestätigen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin-Bereich" })).toBeVisible();
  await page.close();
});

test("Passwort vergessen? sends a link; with TOTP on the reset asks for a code, then signs in (without JavaScript)", async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  expect(recoveryCodes, "the second test turned TOTP on").toHaveLength(10);
  const context = await newContextWithoutJavaScript(browser, testInfo);
  try {
    const page = await context.newPage();
    await page.goto(`${base}/admin`);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
    await main(page).getByRole("link", { name: "Passwort vergessen?" }).click();
    await main(page).getByLabel("E-Mail").fill(OWNER.email);
    await main(page).getByRole("button", { name: "Link senden" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Schau in dein Postfach" })).toBeVisible();
    await expect(main(page).getByText(/Wenn es zu dieser Adresse ein Admin-Konto gibt/)).toBeVisible();

    await page.goto(await mailedLink("Neues Passwort für dein Admin-Konto"));
    await expect(page.getByRole("heading", { level: 1, name: "Bestätigungscode" })).toBeVisible();
    await main(page).getByLabel("Code").fill(recoveryCodes[0]!);
    await main(page).getByRole("button", { name: "Bestätigen" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Neues Passwort setzen" })).toBeVisible();
    await main(page).getByLabel("Neues Passwort (mindestens 10 Zeichen)").fill(NEW_PASSWORD);
    await main(page).getByLabel("Neues Passwort wiederholen").fill(NEW_PASSWORD);
    await main(page).getByRole("button", { name: "Passwort speichern" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Admin-Bereich" })).toBeVisible();

    // The owner is told of the reset by mail.
    await expect
      .poll(
        () =>
          smtp.messages
            .map(parseMail)
            .some(
              (m) =>
                m.to.includes(OWNER.email) &&
                m.subject === "Sicherheitshinweis: Das Passwort deines Admin-Kontos wurde zurückgesetzt",
            ),
        { timeout: 30_000, message: "the mail about the reset" },
      )
      .toBe(true);
  } finally {
    await context.close();
  }
});
