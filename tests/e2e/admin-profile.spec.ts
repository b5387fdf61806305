import { spawn } from "node:child_process";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import {
  actAsOwnClient,
  acceptCookiesUpFront,
  expect,
  openAdminPage,
  signInAsAdmin,
  startOwnServer,
  test,
  toastWith,
  type AdminCredentials,
} from "./fixtures";

/**
 * The Profil tab (spec §2, §4, §5, §8) and the terminal's password reset. Every test
 * runs a server with an admin of its own: changing a password ends sessions, and the shared
 * e2e admin is used by every other admin test at the same time.
 */

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const main = (page: Page) => page.getByRole("main");
const field = (page: Page, label: string) => main(page).getByLabel(label, { exact: true });
const toggle = (page: Page) => main(page).getByRole("button", { name: /^(Passwort ändern|Abbrechen)$/ });
const save = (page: Page) => main(page).getByRole("button", { name: "Speichern" });

async function fillPasswords(page: Page, values: { current: string; password: string; confirm: string }) {
  await field(page, "Aktuelles Passwort").fill(values.current);
  await field(page, "Neues Passwort (mindestens 10 Zeichen)").fill(values.password);
  await field(page, "Neues Passwort wiederholen").fill(values.confirm);
}

/**
 * Whether signing in with `credentials` from `client` gives a session. (The status alone does
 * not tell: a context that is signed in already is sent on to /admin either way.)
 */
async function signsIn(
  request: APIRequestContext,
  baseURL: string,
  credentials: AdminCredentials,
  client: string,
): Promise<boolean> {
  const response = await request.post(`${baseURL}/admin/login`, {
    form: { ...credentials },
    maxRedirects: 0,
    headers: { Origin: baseURL, "X-Forwarded-For": client },
  });
  expect([302, 401]).toContain(response.status());
  return response
    .headersArray()
    .some(({ name, value }) => name.toLowerCase() === "set-cookie" && /^session=[^;]+/.test(value));
}

/** Runs `npm run admin -- …` (node scripts/admin.js) against `dataDir`. */
function adminCli(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, "scripts", "admin.js"), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, output }));
  });
}

test("profile: e-mail read-only, name saved; the password section toggles; mismatch and wrong current password refused", async ({
  page,
  request,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(90_000);
  consoleGuard.allow(/status of 400/);
  const server = await startOwnServer();
  try {
    const admin = server.admin!;
    const client = await actAsOwnClient(page.context(), testInfo);
    await signInAsAdmin(page, { baseURL: server.url, clientAddress: client, credentials: admin });
    await openAdminPage(page, `${server.url}/admin/profil`);
    await expect(main(page).getByRole("heading", { level: 2, name: "Profil verwalten" })).toBeVisible();

    await expect(field(page, "E-Mail")).toHaveValue(admin.email);
    await expect(field(page, "E-Mail")).toBeDisabled();
    await expect(field(page, "E-Mail")).not.toHaveAttribute("name", /.*/);
    await field(page, "Name").fill("Erika Musterfrau");
    await save(page).click();
    await expect(toastWith(page, "Profil erfolgreich aktualisiert")).toBeVisible();
    await page.reload();
    await expect(field(page, "Name")).toHaveValue("Erika Musterfrau");
    await expect(field(page, "E-Mail")).toHaveValue(admin.email);

    // "Passwort ändern" opens the section and turns into "Abbrechen", which closes it.
    await expect(toggle(page)).toHaveText("Passwort ändern");
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
    await expect(field(page, "Aktuelles Passwort")).toHaveCount(0);
    await toggle(page).click();
    await expect(toggle(page)).toHaveText("Abbrechen");
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
    await expect(field(page, "Aktuelles Passwort")).toBeVisible();
    await toggle(page).click();
    await expect(toggle(page)).toHaveText("Passwort ändern");
    await expect(field(page, "Aktuelles Passwort")).toHaveCount(0);

    await toggle(page).click();
    await fillPasswords(page, {
      current: admin.password,
      password: "Neues-Passwort-2026",
      confirm: "Anderes-Passwort-2026",
    });
    await save(page).click();
    await expect(toastWith(page, "Passwords do not match")).toBeVisible();
    await expect(field(page, "Neues Passwort wiederholen")).toHaveAttribute("aria-invalid", "true");
    await expect(toggle(page)).toHaveText("Abbrechen");

    await fillPasswords(page, {
      current: "falsches-Passwort-2026",
      password: "Neues-Passwort-2026",
      confirm: "Neues-Passwort-2026",
    });
    await save(page).click();
    await expect(
      toastWith(page, "Fehler beim Aktualisieren des Profils: Das aktuelle Passwort ist falsch."),
    ).toBeVisible();
    await expect(field(page, "Aktuelles Passwort")).toHaveAttribute("aria-invalid", "true");

    // The strength meter beside the new password says in words what the server will say
    // ("passwort123" was accepted).
    const meter = main(page).getByTestId("password-strength");
    await fillPasswords(page, { current: admin.password, password: "passwort123", confirm: "passwort123" });
    await expect(meter).toHaveRole("status");
    await expect(meter).toContainText("Passwortstärke: schwach. Noch zu schwach: Erst ab „gut“");
    await expect(meter).toContainText("Das ähnelt einem oft verwendeten Passwort.");
    await save(page).click();
    await expect(toastWith(page, "Dieses Passwort ist zu leicht zu erraten.")).toBeVisible();
    await expect(field(page, "Neues Passwort (mindestens 10 Zeichen)")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await field(page, "Neues Passwort (mindestens 10 Zeichen)").fill("Wolke-Fahrrad-Kompass-Tee");
    await expect(meter).toContainText("Passwortstärke: sehr gut. Stark genug.");

    // None of it changed the password.
    expect(await signsIn(request, server.url, admin, `${client}1`)).toBe(true);
    expect(
      await signsIn(request, server.url, { ...admin, password: "Neues-Passwort-2026" }, `${client}1`),
    ).toBe(false);
  } finally {
    await page.close();
    await server.stop();
  }
});

test("a password change closes and clears the section, ends the other sessions and keeps this one", async ({
  page,
  browser,
  request,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(90_000);
  consoleGuard.allow(/status of 401/);
  const server = await startOwnServer();
  const { locale, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const other = await browser.newContext({
    baseURL: server.url,
    locale,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
  });
  try {
    const admin = server.admin!;
    const client = await actAsOwnClient(page.context(), testInfo);
    // A second browser, signed in before the change (a forgotten laptop, a stolen session).
    await actAsOwnClient(other, testInfo);
    const laptop = await other.newPage();
    await acceptCookiesUpFront(laptop);
    await signInAsAdmin(laptop, { baseURL: server.url, clientAddress: client, credentials: admin });
    await laptop.goto(`${server.url}/admin/kontaktanfragen`);
    await expect(laptop.getByRole("heading", { name: "Kontaktanfragen verwalten" })).toBeVisible();

    await signInAsAdmin(page, { baseURL: server.url, clientAddress: client, credentials: admin });
    await openAdminPage(page, `${server.url}/admin/profil`);
    const newPassword = "Frisches-Passwort-2026";
    await toggle(page).click();
    await fillPasswords(page, { current: admin.password, password: newPassword, confirm: newPassword });
    const sessionToken = async () =>
      (await page.context().cookies()).find((cookie) => /session$/.test(cookie.name))?.value;
    const before = await sessionToken();
    await save(page).click();
    await expect(toastWith(page, "Profil erfolgreich aktualisiert")).toBeVisible();
    // This session goes on under a new token.
    expect(before).toBeTruthy();
    await expect.poll(sessionToken).not.toBe(before);
    // The section closes; opened again, its fields are empty.
    await expect(toggle(page)).toHaveText("Passwort ändern");
    await expect(field(page, "Aktuelles Passwort")).toHaveCount(0);
    await toggle(page).click();
    await expect(field(page, "Aktuelles Passwort")).toHaveValue("");
    await expect(field(page, "Neues Passwort (mindestens 10 Zeichen)")).toHaveValue("");
    await expect(field(page, "Neues Passwort wiederholen")).toHaveValue("");

    // This browser stays signed in ...
    await page
      .getByRole("navigation", { name: "Admin-Bereiche" })
      .getByRole("link", { name: "Kontaktanfragen" })
      .click();
    await expect(page.getByRole("heading", { name: "Kontaktanfragen verwalten" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Kontaktanfragen verwalten" })).toBeVisible();

    // ... the other one is signed out at its next request.
    await laptop.goto(`${server.url}/admin/kontaktanfragen`);
    await expect(laptop).toHaveURL(`${server.url}/admin?redirectTo=%2Fadmin%2Fkontaktanfragen`);
    await expect(laptop.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expect(laptop.getByRole("heading", { name: "Kontaktanfragen verwalten" })).toHaveCount(0);

    // Only the new password signs in now.
    expect(await signsIn(request, server.url, admin, `${client}2`)).toBe(false);
    expect(await signsIn(request, server.url, { ...admin, password: newPassword }, `${client}2`)).toBe(true);
  } finally {
    await other.close();
    await page.close();
    await server.stop();
  }
});

test("npm run admin -- reset-password on the stopped server's data: a new password that signs in", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const first = await startOwnServer();
  const admin = first.admin!;
  const client = await actAsOwnClient(page.context(), testInfo);
  let second: Awaited<ReturnType<typeof startOwnServer>> | undefined;
  try {
    await signInAsAdmin(page, { baseURL: first.url, clientAddress: client, credentials: admin });
    const oldCookie = (await page.context().cookies()).find((cookie) => cookie.name === "session")!;
    expect(oldCookie).toBeDefined();

    // While the server holds the embedded database, the command refuses and says why.
    const busy = await adminCli(
      ["reset-password", "--email", admin.email, "--password", "Zwischendurch-2026"],
      first.dataDir,
    );
    expect(busy.code).not.toBe(0);
    expect(busy.output).toMatch(/in use/i);
    await first.stop();

    const tooShort = await adminCli(
      ["reset-password", "--email", admin.email, "--password", "kurz"],
      first.dataDir,
    );
    expect(tooShort.code).toBe(1);
    expect(tooShort.output).toContain("Das Passwort muss mindestens 10 Zeichen lang sein.");
    const weak = await adminCli(
      ["reset-password", "--email", admin.email, "--password", "passwort123"],
      first.dataDir,
    );
    expect(weak.code).toBe(1);
    expect(weak.output).toContain("Dieses Passwort ist zu leicht zu erraten.");
    const unknown = await adminCli(
      ["reset-password", "--email", "niemand@example.org", "--password", "Irgendein-Passwort-2026"],
      first.dataDir,
    );
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain("No admin with niemand@example.org.");

    const newPassword = "Per-Terminal-Gesetzt-2026";
    const reset = await adminCli(
      ["reset-password", "--email", admin.email, "--password", newPassword],
      first.dataDir,
    );
    expect(reset.output).toContain(
      `Password of ${admin.email} reset; the account is unlocked and all its sessions ended.`,
    );
    expect(reset.code).toBe(0);

    // The same data again, ADMIN_PASSWORD still the old one: it does not overwrite the reset.
    second = await startOwnServer({ dataDir: first.dataDir, admin });
    const replay = await request.get(`${second.url}/admin/kontaktanfragen`, {
      headers: { Cookie: `session=${oldCookie.value}` },
      maxRedirects: 0,
    });
    expect(replay.status(), "the old session ended").toBe(302);
    expect(await signsIn(request, second.url, admin, `${client}3`)).toBe(false);

    await page.context().clearCookies();
    await openAdminPage(page, `${second.url}/admin`);
    await main(page).getByLabel("E-Mail", { exact: true }).fill(admin.email);
    await main(page).getByLabel("Passwort", { exact: true }).fill(newPassword);
    await main(page).getByRole("button", { name: "Login" }).click();
    await expect(toastWith(page, "Login successful")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Admin-Bereich" })).toBeVisible();
  } finally {
    await page.close();
    await first.stop();
    await second?.stop();
  }
});

test("guessing the current password in Profil is limited like a sign-in", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const server = await startOwnServer();
  try {
    const admin = server.admin!;
    const client = await actAsOwnClient(page.context(), testInfo);
    await signInAsAdmin(page, { baseURL: server.url, clientAddress: client, credentials: admin });
    const guess = (n: number) =>
      page.request.post(`${server.url}/admin/profil`, {
        form: {
          name: "Inhaberin",
          changePassword: "on",
          currentPassword: `Geraten-${n}-Passwort`,
          password: "Neues-Passwort-2026",
          confirmPassword: "Neues-Passwort-2026",
        },
        headers: { Origin: server.url, "X-Forwarded-For": client },
      });
    for (let n = 1; n <= 5; n++) expect((await guess(n)).status()).toBe(400);
    const refused = await guess(6);
    expect(refused.status()).toBe(429);
    expect(await refused.text()).toContain("Zu viele fehlgeschlagene Anmeldeversuche");
  } finally {
    await page.close();
    await server.stop();
  }
});
