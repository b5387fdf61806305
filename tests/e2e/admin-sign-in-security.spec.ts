import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Page } from "@playwright/test";
import { parseMail } from "./mail";
import { expectNoAxeViolations } from "./axe";
import {
  actAsOwnClient,
  addVirtualAuthenticator,
  authenticatorFor,
  expect,
  openAdminPage,
  signInAsAdmin,
  startOwnServer,
  test,
  toastWith,
  type AdminCredentials,
  type OwnServer,
} from "./fixtures";

/**
 * Passkeys, the second factor and the session list in Profil, in a real Chromium.
 * Passkeys use Chromium's virtual authenticator (DevTools protocol). Every test runs a server of
 * its own, reached as http://localhost: a passkey's relying party must be a host name, and the
 * server's PUBLIC_URL is http://localhost:<port> when it listens on 127.0.0.1 only.
 */

const main = (page: Page) => page.getByRole("main");
const localUrl = (server: OwnServer) => server.url.replace("127.0.0.1", "localhost");

/** Fills the sign-in form at /admin and submits it. */
async function signInWithPassword(page: Page, base: string, admin: AdminCredentials) {
  await openAdminPage(page, `${base}/admin`);
  await main(page).getByLabel("E-Mail").fill(admin.email);
  await main(page).getByLabel("Passwort").fill(admin.password);
  await main(page).getByRole("button", { name: "Login" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
}

const signedIn = (page: Page) =>
  expect(page.getByRole("heading", { level: 1, name: "Admin-Bereich" })).toBeVisible();

/** Sets up TOTP in Profil (the page is open and confirmed); the app's generator and the codes. */
async function setUpTotp(page: Page) {
  await main(page).getByRole("button", { name: "Einrichten" }).click();
  const secret = (await main(page).getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
  const totp = authenticatorFor(secret);
  await main(page).getByLabel("Code aus der App").fill(totp.generate());
  await main(page).getByRole("button", { name: "Aktivieren" }).click();
  await expect(toastWith(page, "Zweiter Faktor aktiviert")).toBeVisible();
  const codes = await main(page)
    .getByRole("list", { name: "Wiederherstellungscodes" })
    .getByRole("listitem")
    .allTextContents();
  return { totp, secret, codes };
}

/**
 * Ten minutes later: the server is stopped, every session's last confirmation is moved 11
 * minutes back in its database, and a server on the same data is started (the browser's
 * session cookie stays valid; cookies do not depend on the port).
 */
async function tenMinutesLater(page: Page, server: OwnServer): Promise<OwnServer> {
  await page.goto("about:blank");
  await server.stop();
  const db = await PGlite.create(path.join(server.dataDir, "pgdata"));
  try {
    await db.query("update sessions set verified_at = now() - interval '11 minutes'");
    await db.query("checkpoint");
  } finally {
    await db.close();
  }
  return startOwnServer({ dataDir: server.dataDir, admin: server.admin });
}

/** The mails the server wrote to its local mail drop (no SMTP_URL). */
function droppedMails(server: OwnServer) {
  const dir = path.join(server.dataDir, "mail");
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    // No mail yet.
  }
  return files.map((file) => parseMail(readFileSync(path.join(dir, file), "utf8")));
}

test("a passkey is registered in Profil, and signs in after signing out", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const server = await startOwnServer();
  try {
    const base = localUrl(server);
    const client = await actAsOwnClient(page.context(), testInfo);
    await addVirtualAuthenticator(page);
    await signInAsAdmin(page, { baseURL: base, clientAddress: client, credentials: server.admin! });
    await openAdminPage(page, `${base}/admin/profil`);
    await expect(main(page).getByText("Noch kein Passkey eingerichtet.")).toBeVisible();

    await main(page).getByRole("button", { name: "Passkey hinzufügen" }).click();
    await expect(toastWith(page, "Passkey hinzugefügt")).toBeVisible();
    await expect(main(page).getByText("Noch kein Passkey eingerichtet.")).toHaveCount(0);
    await expect(main(page).getByText(/Zuletzt verwendet: noch nie/)).toBeVisible();

    // Renamed in place.
    const name = main(page).getByLabel(/^Neuer Name für/);
    await name.fill("Mein Laptop");
    await main(page).getByRole("button", { name: "Umbenennen" }).click();
    await expect(toastWith(page, "Passkey umbenannt")).toBeVisible();
    await expect(main(page).getByText("Mein Laptop", { exact: true })).toBeVisible();

    // Signed out, the sign-in page asks the browser for the site's passkeys in the e-mail
    // field's autofill (conditional mediation); the virtual authenticator answers at once.
    // (The sign-out's own toast may be gone before it can be seen: the sign-in follows at once.
    // "Login successful" comes only with a new session.)
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(toastWith(page, "Login successful")).toBeVisible();
    await signedIn(page);

    await openAdminPage(page, `${base}/admin/profil`);
    await expect(main(page).getByText(/Zuletzt verwendet: \d\d\.\d\d\.\d{4}/)).toBeVisible();
  } finally {
    await page.close();
    await server.stop();
  }
});

test("TOTP: set up from the QR code's secret; sign-in asks for a code; a recovery code works once", async ({
  page,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(120_000);
  consoleGuard.allow(/status of 40[01]/);
  const server = await startOwnServer();
  try {
    const base = localUrl(server);
    const admin = server.admin!;
    const client = await actAsOwnClient(page.context(), testInfo);
    await signInAsAdmin(page, { baseURL: base, clientAddress: client, credentials: admin });
    await openAdminPage(page, `${base}/admin/profil`);

    await main(page).getByRole("button", { name: "Einrichten" }).click();
    await expect(main(page).getByRole("img", { name: "QR-Code für die Authenticator-App" })).toBeVisible();
    const secret = (await main(page).getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
    const totp = authenticatorFor(secret);

    await main(page)
      .getByLabel("Code aus der App")
      .fill("000000" === totp.generate() ? "111111" : "000000");
    await main(page).getByRole("button", { name: "Aktivieren" }).click();
    await expect(toastWith(page, "Der Code stimmt nicht")).toBeVisible();

    await main(page).getByLabel("Code aus der App").fill(totp.generate());
    await main(page).getByRole("button", { name: "Aktivieren" }).click();
    await expect(toastWith(page, "Zweiter Faktor aktiviert")).toBeVisible();
    const codes = await main(page)
      .getByRole("list", { name: "Wiederherstellungscodes" })
      .getByRole("listitem")
      .allTextContents();
    expect(codes).toHaveLength(10);
    await expect(main(page).getByText(/Unbenutzte Wiederherstellungscodes: 10/)).toBeVisible();

    // The password alone no longer signs in: the code of the next time step does (the current
    // one was used up by the activation).
    await signOut(page);
    await signInWithPassword(page, base, admin);
    await expect(page.getByRole("heading", { level: 1, name: "Bestätigungscode" })).toBeVisible();
    await main(page)
      .getByLabel("Code")
      .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await main(page).getByRole("button", { name: "Bestätigen" }).click();
    await signedIn(page);

    // A recovery code instead of the app's code: once.
    for (const attempt of ["first", "second"] as const) {
      await signOut(page);
      await signInWithPassword(page, base, admin);
      await expect(page.getByRole("heading", { level: 1, name: "Bestätigungscode" })).toBeVisible();
      await main(page).getByLabel("Code").fill(codes[0]!.toUpperCase());
      await main(page).getByRole("button", { name: "Bestätigen" }).click();
      if (attempt === "first") {
        await signedIn(page);
      } else {
        await expect(toastWith(page, "Der Code ist ungültig oder wurde schon verwendet.")).toBeVisible();
        await expect(page.getByRole("heading", { level: 1, name: "Bestätigungscode" })).toBeVisible();
      }
    }
    await main(page).getByLabel("Code").fill(codes[1]!);
    await main(page).getByRole("button", { name: "Bestätigen" }).click();
    await signedIn(page);
    await openAdminPage(page, `${base}/admin/profil`);
    await expect(main(page).getByText(/Unbenutzte Wiederherstellungscodes: 8/)).toBeVisible();
  } finally {
    await page.close();
    await server.stop();
  }
});

test("the session list shows each sign-in; ending another session signs that browser out", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const server = await startOwnServer();
  const other = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
  });
  try {
    const base = localUrl(server);
    const client = await actAsOwnClient(page.context(), testInfo);
    await actAsOwnClient(other, testInfo);
    const phone = await other.newPage();
    await signInAsAdmin(phone, { baseURL: base, clientAddress: client, credentials: server.admin! });
    await signInAsAdmin(page, { baseURL: base, clientAddress: client, credentials: server.admin! });
    await openAdminPage(phone, `${base}/admin/profil`);
    await expect(main(phone).getByRole("heading", { level: 2, name: "Profil verwalten" })).toBeVisible();

    await openAdminPage(page, `${base}/admin/profil`);
    const sessions = main(page).getByTestId("session");
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: "Diese Sitzung" })).toHaveCount(1);
    const iphone = sessions.filter({ hasText: "Safari auf iOS" });
    await expect(iphone).toHaveCount(1);
    await expect(iphone).toContainText(/Angemeldet am \d\d\.\d\d\.\d{4}/);
    await iphone.getByRole("button", { name: "Safari auf iOS abmelden" }).click();
    await expect(toastWith(page, "Sitzung abgemeldet")).toBeVisible();
    await expect(sessions).toHaveCount(1);

    await phone.reload();
    await expect(phone.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
    await expect(main(phone).getByRole("heading", { name: "Profil verwalten" })).toHaveCount(0);
  } finally {
    await other.close();
    await page.close();
    await server.stop();
  }
});

test("with TOTP on, the confirmation asks for a code and refuses the password alone; so does a new password; each change is mailed", async ({
  page,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(180_000);
  consoleGuard.allow(/status of 40[0-3]/);
  let server = await startOwnServer();
  try {
    const admin = server.admin!;
    const client = await actAsOwnClient(page.context(), testInfo);
    await signInAsAdmin(page, { baseURL: localUrl(server), clientAddress: client, credentials: admin });
    await openAdminPage(page, `${localUrl(server)}/admin/profil`);
    const { totp, secret, codes } = await setUpTotp(page);

    server = await tenMinutesLater(page, server);
    const base = localUrl(server);
    await openAdminPage(page, `${base}/admin/profil`);
    await expect(main(page).getByRole("heading", { level: 3, name: "Identität bestätigen" })).toBeVisible();
    await expectNoAxeViolations(page, "Profil, confirmation due, with TOTP");
    await expect(
      main(page).getByText(
        "Weil für dein Konto ein zweiter Faktor eingerichtet ist, genügt das Passwort allein dafür nicht.",
      ),
    ).toBeVisible();
    // No password field to confirm with: a code, or (with a passkey) the passkey.
    await expect(main(page).getByLabel("Passwort", { exact: true })).toHaveCount(0);
    const code = main(page).getByLabel("Code aus der Authenticator-App oder Wiederherstellungscode");
    await expect(code).toBeVisible();

    // The password sent anyway (as a stolen session with a known password would): refused.
    const withPassword = await page.request.post(`${base}/admin/profil`, {
      form: { intent: "confirm", password: admin.password },
      headers: { Origin: base, "X-Forwarded-For": client },
    });
    expect(withPassword.status()).toBe(403);
    await main(page).getByRole("button", { name: "Deaktivieren" }).click();
    await expect(toastWith(page, "Bitte bestätige zuerst deine Identität")).toBeVisible();
    await expect(main(page).getByText(/Aktiv seit/)).toBeVisible();

    // A recovery code confirms.
    await code.fill(codes[0]!);
    await main(page).getByRole("button", { name: "Bestätigen" }).click();
    await expect(toastWith(page, "Identität bestätigt.")).toBeVisible();
    await expect(
      main(page).getByText(/^Identität bestätigt bis \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr\.$/),
    ).toBeVisible();

    // A new password: after the confirmation the current password is enough ...
    const toggle = main(page).getByRole("button", { name: "Passwort ändern" });
    await toggle.click();
    await expect(
      main(page).getByText(/Zum Ändern des Passworts genügt jetzt das aktuelle Passwort\./),
    ).toBeVisible();
    await main(page).getByRole("button", { name: "Abbrechen" }).click();

    // ... ten minutes later it needs a code from the app or a recovery code as well.
    server = await tenMinutesLater(page, server);
    const later = localUrl(server);
    await openAdminPage(page, `${later}/admin/profil`);
    await toggle.click();
    await expect(
      main(page).getByText(
        /Zum Ändern des Passworts brauchst du deshalb außer dem aktuellen Passwort einen Code/,
      ),
    ).toBeVisible();
    const newPassword = "Mit-Code-Geaendert-2026";
    await main(page).getByLabel("Aktuelles Passwort", { exact: true }).fill(admin.password);
    const changeCode = main(page).getByLabel(
      "Bestätigungscode (Authenticator-App oder Wiederherstellungscode)",
    );
    await changeCode.fill(codes[0]!);
    await main(page).getByLabel("Neues Passwort (mindestens 10 Zeichen)", { exact: true }).fill(newPassword);
    await main(page).getByLabel("Neues Passwort wiederholen", { exact: true }).fill(newPassword);
    await main(page).getByRole("button", { name: "Speichern" }).click();
    await expect(toastWith(page, "Der Code ist ungültig oder wurde schon verwendet.")).toBeVisible();
    await expect(changeCode).toHaveAttribute("aria-invalid", "true");
    await changeCode.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await main(page).getByRole("button", { name: "Speichern" }).click();
    await expect(toastWith(page, "Profil erfolgreich aktualisiert")).toBeVisible();

    // Confirmed by that code, the second factor can be turned off.
    await main(page).getByRole("button", { name: "Deaktivieren" }).click();
    await expect(toastWith(page, "Zweiter Faktor deaktiviert")).toBeVisible();

    // The owner got a mail for each change, naming the device and holding no code or secret.
    const subjects = () => droppedMails(server).map((mail) => mail.subject);
    await expect
      .poll(subjects, { timeout: 15_000 })
      .toEqual([
        "Sicherheitshinweis: Zweiter Faktor für dein Admin-Konto eingeschaltet",
        "Sicherheitshinweis: Das Passwort deines Admin-Kontos wurde geändert",
        "Sicherheitshinweis: Zweiter Faktor für dein Admin-Konto ausgeschaltet",
      ]);
    for (const mail of droppedMails(server)) {
      expect(mail.to).toContain(admin.email);
      expect(mail.text).toMatch(/Gerät: Chrome auf \w+/);
      for (const hidden of [secret, ...codes, admin.password, newPassword])
        expect(mail.text).not.toContain(hidden);
    }
  } finally {
    await page.close();
    await server.stop();
  }
});
