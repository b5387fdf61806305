import { randomBytes } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import {
  actAsOwnClient,
  E2E_ADMIN,
  expect,
  openAdminPage,
  postForm,
  signInAsAdmin,
  startOwnServer,
  test,
  toastWith,
  type AdminCredentials,
} from "./fixtures";

/**
 * Signing in and out of the admin area (spec §2, §4, §5, §8): the login form, wrong
 * passwords, the sign-in rate limit, the tabs as URLs, sign-out ending the session on the
 * server, the session cookie's flags, and the one-time setup link of a fresh installation.
 */

const main = (page: Page) => page.getByRole("main");
const emailField = (page: Page) => main(page).getByLabel("E-Mail", { exact: true });
const passwordField = (page: Page) => main(page).getByLabel("Passwort", { exact: true });
const loginButton = (page: Page) => main(page).getByRole("button", { name: "Login" });
const adminHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "Admin-Bereich" });
const tabs = (page: Page) => page.getByRole("navigation", { name: "Admin-Bereiche" });

async function fillLogin(page: Page, { email, password }: AdminCredentials) {
  await emailField(page).fill(email);
  await passwordField(page).fill(password);
}

/** Submits the login form and returns the status of the sign-in request it caused. */
async function submitLogin(page: Page): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().includes("/admin/login"),
    ),
    loginButton(page).click(),
  ]);
  return response.status();
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "session");
}

test("signed out, /admin shows the login form: e-mail and password, both required", async ({
  page,
}, testInfo) => {
  await actAsOwnClient(page.context(), testInfo);
  await openAdminPage(page, "/admin");
  await expect(main(page).getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  await expect(emailField(page)).toHaveAttribute("type", "email");
  await expect(emailField(page)).toHaveAttribute("required", "");
  await expect(passwordField(page)).toHaveAttribute("type", "password");
  await expect(passwordField(page)).toHaveAttribute("required", "");
  await expect(adminHeading(page)).toHaveCount(0);
  await expect(tabs(page)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Projekte verwalten" })).toHaveCount(0);

  // The browser refuses an empty form without asking the server.
  const posts: string[] = [];
  page.on("request", (request) => void (request.method() === "POST" && posts.push(request.url())));
  await loginButton(page).click();
  expect(await emailField(page).evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
    true,
  );
  await page.waitForTimeout(300);
  expect(posts).toEqual([]);
});

test("a wrong password: 'Invalid login credentials', and no session", async ({
  page,
  consoleGuard,
}, testInfo) => {
  consoleGuard.allow(/status of 401/);
  await actAsOwnClient(page.context(), testInfo);
  await openAdminPage(page, "/admin");
  await fillLogin(page, { email: E2E_ADMIN.email, password: "falsches-Passwort-123" });
  expect(await submitLogin(page)).toBe(401);
  await expect(toastWith(page, "Invalid login credentials")).toBeVisible();
  await expect(main(page).getByRole("alert")).toHaveText("Invalid login credentials");
  expect(await sessionCookie(page.context())).toBeUndefined();
  await page.reload();
  await expect(main(page).getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await expect(adminHeading(page)).toHaveCount(0);

  // An unknown e-mail gets the very same answer: nothing tells which accounts exist.
  await fillLogin(page, { email: `nobody-${randomBytes(4).toString("hex")}@example.com`, password: "x" });
  expect(await submitLogin(page)).toBe(401);
  await expect(main(page).getByRole("alert")).toHaveText("Invalid login credentials");
});

test("the right password: 'Login successful', the admin area, tabs as links that survive reload and back", async ({
  page,
}, testInfo) => {
  await actAsOwnClient(page.context(), testInfo);
  await openAdminPage(page, "/admin");
  await fillLogin(page, E2E_ADMIN);
  await loginButton(page).click();
  await expect(toastWith(page, "Login successful")).toBeVisible();
  await expect(adminHeading(page)).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

  const expected = [
    ["Projekte", "/admin", "Projekte verwalten"],
    // the page content beside the projects.
    ["Inhalte", "/admin/inhalte", "Inhalte"],
    ["Kontaktanfragen", "/admin/kontaktanfragen", "Kontaktanfragen verwalten"],
    ["Newsletter", "/admin/newsletter", "Newsletter-Abonnenten verwalten"],
    ["Profil", "/admin/profil", "Profil verwalten"],
    // the settings come after the specification's four tabs.
    ["Einstellungen", "/admin/einstellungen", "Einstellungen"],
    // Auskunft und Löschung after the settings.
    ["Datenschutz", "/admin/datenschutz", "Auskunft und Löschung"],
    // the visit statistics after Datenschutz.
    ["Statistik", "/admin/statistik", "Besucherstatistik"],
    // the booking of calls after Statistik.
    ["Termine", "/admin/termine", "Termine"],
  ] as const;
  await expect(tabs(page).getByRole("link")).toHaveText(expected.map(([label]) => label));
  for (const [label, href] of expected) {
    await expect(tabs(page).getByRole("link", { name: label })).toHaveAttribute("href", href);
  }
  // Projekte is the default tab.
  await expect(tabs(page).getByRole("link", { name: "Projekte" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 2, name: "Projekte verwalten" })).toBeVisible();

  const show = async (tab: (typeof expected)[number][0]) => {
    const [label, href, heading] = expected.find(([name]) => name === tab)!;
    await expect(page).toHaveURL(new RegExp(`${href.replace(/\//g, "\\/")}$`));
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    await expect(tabs(page).getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
    await expect(tabs(page).locator('[aria-current="page"]')).toHaveCount(1);
  };
  await tabs(page).getByRole("link", { name: "Kontaktanfragen" }).click();
  await show("Kontaktanfragen");
  await page.reload();
  await show("Kontaktanfragen");
  await tabs(page).getByRole("link", { name: "Newsletter" }).click();
  await show("Newsletter");
  await tabs(page).getByRole("link", { name: "Profil" }).click();
  await show("Profil");
  await page.goBack();
  await show("Newsletter");
  await page.goBack();
  await show("Kontaktanfragen");
  await page.goForward();
  await show("Newsletter");
  await tabs(page).getByRole("link", { name: "Projekte" }).click();
  await show("Projekte");

  // The session cookie: HttpOnly, SameSite=Lax, for the whole site, 24 hours while unused.
  const cookie = await sessionCookie(page.context());
  expect(cookie).toBeDefined();
  expect(cookie!.httpOnly).toBe(true);
  expect(cookie!.sameSite).toBe("Lax");
  expect(cookie!.path).toBe("/");
  expect(cookie!.secure).toBe(false); // the e2e server runs on http://; https adds Secure and __Host-
  expect(cookie!.value.length).toBeGreaterThanOrEqual(22); // at least 128 random bits
  const hours = (cookie!.expires * 1000 - Date.now()) / 3_600_000;
  expect(hours).toBeGreaterThan(23.9);
  expect(hours).toBeLessThanOrEqual(24);
  expect(await page.evaluate(() => document.cookie)).not.toContain("session=");
});

test("a tab opened while signed out leads to the login and, after it, back to that tab", async ({
  page,
}, testInfo) => {
  await actAsOwnClient(page.context(), testInfo);
  await openAdminPage(page, "/admin/kontaktanfragen");
  await expect(page).toHaveURL(/\/admin\?redirectTo=%2Fadmin%2Fkontaktanfragen$/);
  await expect(main(page).getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await fillLogin(page, E2E_ADMIN);
  await loginButton(page).click();
  await expect(toastWith(page, "Login successful")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/kontaktanfragen$/);
  await expect(page.getByRole("heading", { level: 2, name: "Kontaktanfragen verwalten" })).toBeVisible();
});

test("Logout: 'Logged out successfully', the login form, and the old session cookie is dead", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const client = await actAsOwnClient(page.context(), testInfo);
  await signInAsAdmin(page, { baseURL: baseURL!, clientAddress: client });
  await openAdminPage(page, "/admin/newsletter");
  await expect(adminHeading(page)).toBeVisible();
  const old = await sessionCookie(page.context());
  expect(old).toBeDefined();

  // The same cookie works from elsewhere while the session lasts ...
  const replay = (path: string) =>
    request.get(path, { headers: { Cookie: `session=${old!.value}` }, maxRedirects: 0 });
  expect((await replay("/admin/kontaktanfragen")).status()).toBe(200);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(toastWith(page, "Logged out successfully")).toBeVisible();
  await expect(main(page).getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await expect(adminHeading(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin$/);
  expect(await sessionCookie(page.context())).toBeUndefined();

  // ... and not after: sign-out deleted the session on the server, not only the cookie.
  const afterwards = await replay("/admin/kontaktanfragen");
  expect(afterwards.status()).toBe(302);
  expect(afterwards.headers()["location"]).toBe("/admin?redirectTo=%2Fadmin%2Fkontaktanfragen");
  const page2 = await replay("/admin");
  expect(await page2.text()).toContain("Admin Login");
  expect(await page2.text()).not.toContain("Projekte verwalten");
  const csv = await replay("/admin/newsletter/export");
  expect(csv.status()).toBe(302);
});

test("five wrong passwords from one client: 429 with the German message and the time to wait", async ({
  page,
  request,
  baseURL,
  consoleGuard,
}, testInfo) => {
  consoleGuard.allow(/status of 401/);
  consoleGuard.allow(/status of 429/);
  const client = await actAsOwnClient(page.context(), testInfo);
  await openAdminPage(page, "/admin");
  // An account that does not exist: the shared admin must not be throttled by this test.
  const nobody = `nobody-${randomBytes(5).toString("hex")}@example.com`;
  for (let attempt = 1; attempt <= 5; attempt++) {
    await fillLogin(page, { email: nobody, password: `falsch-${attempt}` });
    expect(await submitLogin(page), `attempt ${attempt}`).toBe(401);
    await expect(main(page).getByRole("alert")).toHaveText("Invalid login credentials");
  }
  await fillLogin(page, { email: nobody, password: "falsch-6" });
  expect(await submitLogin(page)).toBe(429);
  const message = /^Zu viele fehlgeschlagene Anmeldeversuche\. Bitte versuche es in 1[45] Minuten erneut\.$/;
  await expect(main(page).getByRole("alert")).toHaveText(message);
  await expect(toastWith(page, "Zu viele fehlgeschlagene Anmeldeversuche")).toContainText("Minute");

  // The client stays throttled even with valid credentials (nothing is counted against them).
  const blocked = await postForm(request, "/admin/login", E2E_ADMIN, {
    baseURL: baseURL!,
    clientAddress: client,
  });
  expect(blocked.status()).toBe(429);
  expect(await blocked.text()).toContain("Minuten erneut");
  expect(blocked.headers()["set-cookie"] ?? "").not.toContain("session=");
  expect(await sessionCookie(page.context())).toBeUndefined();
  // The wait in seconds for programs, as the contact form's 429 gives it.
  expect(Number(blocked.headers()["retry-after"]), "Retry-After header").toBeGreaterThan(800);
});

test("a fresh installation prints a one-time setup link that creates the admin account", async ({
  page,
  request,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(90_000);
  consoleGuard.allow(/status of 400/);
  await actAsOwnClient(page.context(), testInfo);
  const server = await startOwnServer({ admin: null });
  try {
    const line = server.process
      .output()
      .split("\n")
      .find((entry) => entry.includes("setupLink"));
    expect(line, "the log names the setup link").toBeDefined();
    const link = new URL((JSON.parse(line!) as { setupLink: string }).setupLink);
    expect(link.pathname).toBe("/admin/setup");
    const token = link.searchParams.get("token")!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const setupUrl = `${server.url}/admin/setup?token=${token}`;

    // Without the token, or with a wrong one, the page does not exist.
    expect((await request.get(`${server.url}/admin/setup`)).status()).toBe(404);
    expect((await request.get(`${server.url}/admin/setup?token=${token.slice(0, -2)}xx`)).status()).toBe(404);

    await openAdminPage(page, setupUrl);
    await expect(main(page).getByRole("heading", { level: 1, name: "Admin-Konto anlegen" })).toBeVisible();
    const admin = {
      email: `inhaber-${randomBytes(3).toString("hex")}@example.org`,
      password: "Mein-Neues-Konto-2026",
    };
    const fill = async (password: string) => {
      await main(page).getByLabel("Name", { exact: true }).fill("Max Mustermann");
      await main(page).getByLabel("E-Mail", { exact: true }).fill(admin.email);
      await main(page).getByLabel("Passwort (mindestens 10 Zeichen)").fill(password);
      await main(page).getByLabel("Passwort wiederholen").fill(password);
      await main(page).getByRole("button", { name: "Konto anlegen" }).click();
    };
    // A password that is easy to guess ("passwort123" went through) is refused; the
    // meter beside the field says so in words before the form is sent.
    await main(page).getByLabel("Passwort (mindestens 10 Zeichen)").fill("passwort123");
    await expect(main(page).getByTestId("password-strength")).toContainText(
      "Passwortstärke: schwach. Noch zu schwach",
    );
    await fill("passwort123");
    await expect(
      main(page).getByText(
        "Dieses Passwort ist zu leicht zu erraten. Das ähnelt einem oft verwendeten Passwort.",
      ),
    ).toBeVisible();
    expect((await request.get(setupUrl)).status()).toBe(200);

    await fill(admin.password);
    await expect(toastWith(page, "Admin-Konto angelegt")).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/admin`);
    await expect(adminHeading(page)).toBeVisible();
    expect(await sessionCookie(page.context())).toBeDefined();

    // Used once, the link is gone; the new account signs in like any other.
    expect((await request.get(setupUrl)).status()).toBe(404);
    const again = await request.post(setupUrl, {
      form: {
        email: "zweiter@example.org",
        password: "Noch-Ein-Konto-2026",
        confirmPassword: "Noch-Ein-Konto-2026",
      },
      headers: { Origin: server.url },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(404);
    await tabs(page).getByRole("link", { name: "Profil" }).click();
    await expect(main(page).getByLabel("E-Mail", { exact: true })).toHaveValue(admin.email);
    await expect(main(page).getByLabel("Name", { exact: true })).toHaveValue("Max Mustermann");
    // The setup's session names the browser like any other (it was "Unbekannter Browser").
    await expect(main(page).getByTestId("session")).toContainText(/^Chrome auf \w+Diese Sitzung/);
    const login = await request.post(`${server.url}/admin/login`, {
      form: admin,
      headers: { Origin: server.url },
      maxRedirects: 0,
    });
    expect(login.status()).toBe(302);
  } finally {
    // The page would go on fetching from the stopped server (and log that) otherwise.
    await page.close();
    await server.stop();
  }
});
