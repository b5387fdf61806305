import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";
import { CATEGORY_PAGES } from "~/features/projects/categories";
import { fallbackProjects } from "~/features/projects/fallback-projects";
import { LEGAL_SLUGS } from "~/features/settings/legal/types";
import { DEFAULT_MENUS, FOOTER_LEGAL, footerNavigation, mainMenu, type MenuItem } from "~/features/site/menu";
import { DEFAULT_SETTINGS } from "~/features/settings/defaults";
import { externalSites } from "~/features/site/public-site";
import { SERVICE_PAGES } from "~/features/pages/services";
import { CATEGORIES } from "~/features/projects/project";
import {
  acceptCookiesUpFront,
  actAsOwnClient,
  expect,
  formTokenOf,
  isMobileProject,
  openAdminPage,
  pauseClock,
  postForm,
  signInAsAdmin,
  startOwnServer,
  test,
  toastWith,
  uniqueEmail,
  waitForHydration,
  waitForMail,
} from "./fixtures";
import { expectNoAxeViolations } from "./axe";

/**
 * Accessibility: axe-core checks every public page and every admin tab, in the states
 * people meet them in (cookie banner, open dialogs, the mobile menu, form errors), on desktop and
 * on a phone, against WCAG 2.0/2.1/2.2 A and AA and axe's best practices. Zero violations.
 *
 * The page list is derived from the site's own content (menus, categories, service pages, legal
 * pages, built-in projects), and a guard test checks that it reaches every page route of
 * app/routes.ts, so a new page cannot be forgotten here.
 */

/**
 * Waits for the toast with `title` and holds it: sonner pauses a toast's timer while the pointer
 * is over it, so it cannot start leaving (fading, sliding over the header) while axe looks.
 */
async function holdToast(page: Page, title: string): Promise<void> {
  const toast = toastWith(page, title);
  await expect(toast).toBeVisible();
  await toast.hover();
}

// ── The page list ────────────────────────────────────────────────────────────────────────────

const internalPaths = (items: MenuItem[]): string[] =>
  items.flatMap((item) => [...(item.external ? [] : [item.path]), ...internalPaths(item.submenu ?? [])]);

/** One built-in project per category: their detail pages differ in call to action and data. */
const sampleProjects = CATEGORIES.map((category) =>
  fallbackProjects.find((project) => project.category === category)!,
);

/** The demo owner's other sites: the shared e2e server keeps the default settings. */
const menuSite = {
  external: externalSites(DEFAULT_SETTINGS.website),
  services: SERVICE_PAGES.map((page) => ({ title: page.name, path: page.path })),
  portfolio: [],
  menus: DEFAULT_MENUS,
};

const PUBLIC_PATHS = [
  ...new Set([
    ...internalPaths(mainMenu(menuSite)),
    ...internalPaths(footerNavigation(menuSite)),
    ...internalPaths(FOOTER_LEGAL),
    // The filtered portfolio is the same page with other cards: one filter is checked.
    "/projects?category=product",
    ...CATEGORY_PAGES.map((page) => `/category/${page.slug}`),
    ...sampleProjects.map((project) => `/project/${project.id}`),
    `/projects/${sampleProjects[0]!.id}`,
    ...SERVICE_PAGES.map((page) => page.path),
    ...LEGAL_SLUGS.map((slug) => `/${slug}`),
  ]),
];

/** Pages answered with an error status on purpose: the browser reports it in the console. */
const NOT_FOUND_PATHS = ["/not-found", "/diese/seite/gibt-es-nicht"];

/** Routes without a page of their own (files, redirects, downloads, form endpoints). */
const NOT_PAGES = new Set([
  "sitemap.xml",
  "robots.txt",
  "media/:id/:file",
  "admin/logout",
  // The passkey ceremonies' resource route (JSON for the browser's script, no page).
  "admin/passkey",
  "admin/newsletter/export",
  "admin/newsletter/:id/nachweis/download",
  // Pages whose axe checks run in admin-newsletter-issues.spec.ts, in the states its flow
  // reaches (a draft, a sent issue, the preview, the archive on, a confirmed subscriber).
  "admin/newsletter/ausgaben",
  "admin/newsletter/ausgaben/:id",
  "admin/newsletter/ausgaben/:id/vorschau",
  "admin/newsletter/:id/nachweis",
  "newsletter/archiv",
  "newsletter/archiv/:id",
  // Auskunft und Löschung: its downloads, and the view, checked with axe in
  // admin-privacy-requests.spec.ts with an address looked up.
  "admin/datenschutz",
  "admin/datenschutz/export.json",
  "admin/datenschutz/export.html",
  // A backup archive's download, and the upload endpoint the admin's forms send images to.
  "admin/einstellungen/datensicherung/:name",
  "admin/bilder",
  // Termine's calendar download (no page), and its pages, off on a fresh install (this suite's
  // server): axe runs in admin-booking.spec.ts on the owner's four pages and in booking.spec.ts
  // on the visitor's journey: /termine (the list of types), the month view, the form, the
  // confirmation, and the move and cancel pages of the mailed links.
  "termine/bestaetigt/:id/kalender.ics",
  "admin/termine",
  "admin/termine/arten",
  "admin/termine/verfuegbarkeit",
  "admin/termine/kalender",
  "termine",
  "termine/:art",
  "termine/bestaetigt/:id",
  "termine/verschieben/:id",
  "termine/absagen/:id",
]);

/** Paths that the newsletter and admin tests below visit (in their states), for the route guard. */
const VISITED_ELSEWHERE = [
  "/admin",
  "/admin/login",
  "/admin/setup",
  "/admin/passwort-vergessen",
  "/admin/passwort-zuruecksetzen",
  "/admin/kontaktanfragen",
  "/admin/newsletter",
  "/admin/profil",
  "/admin/einstellungen",
  "/admin/einstellungen/datensicherung",
  "/admin/statistik",
  "/admin/inhalte",
  "/admin/inhalte/service-webdesign",
  "/newsletter/bestaetigen",
  "/newsletter/abmelden",
];

function routePatterns(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const here = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = entry.path !== undefined || entry.index ? [here] : [];
    return [...own, ...routePatterns(entry.children ?? [], here)];
  });
}

/**
 * The route pattern that serves `path`, ranked as React Router ranks them: static segments
 * before dynamic ones, the splat last.
 */
function routeOf(patterns: string[], path: string): string | undefined {
  const segments = path.split("?")[0]!.split("/").filter(Boolean);
  const score = (pattern: string) => {
    const parts = pattern.split("/").filter(Boolean);
    if (pattern === "*") return 0;
    if (parts.length !== segments.length) return -1;
    let total = 1;
    for (const [index, part] of parts.entries()) {
      if (part.startsWith(":")) total += 3;
      else if (part === segments[index]) total += 10;
      else return -1;
    }
    return total;
  };
  return patterns
    .map((pattern) => ({ pattern, score: score(pattern) }))
    .filter(({ score }) => score >= 0)
    .sort((a, b) => b.score - a.score)[0]?.pattern;
}

test("the page list reaches every page route of app/routes.ts", () => {
  const patterns = [...new Set(routePatterns(routes))];
  const visited = new Set(
    [...PUBLIC_PATHS, ...NOT_FOUND_PATHS, ...VISITED_ELSEWHERE].map((path) => routeOf(patterns, path)),
  );
  const unvisited = patterns.filter((pattern) => !NOT_PAGES.has(pattern) && !visited.has(pattern));
  expect(unvisited, "page routes without an accessibility check").toEqual([]);
  // And the derived list really holds what the specification names.
  expect(PUBLIC_PATHS).toEqual(
    expect.arrayContaining(["/", "/projects", "/service", "/about", "/contact", "/impressum"]),
  );
  expect(PUBLIC_PATHS.filter((path) => path.startsWith("/service/"))).toHaveLength(9);
  expect(PUBLIC_PATHS.filter((path) => path.startsWith("/category/"))).toHaveLength(5);
});

// ── Public pages ─────────────────────────────────────────────────────────────────────────────

/**
 * On the phone, one page of each kind: the phone changes the frame and the layout of a kind of
 * page (the menu overlay, one column), not what a page of that kind does with its data, which the
 * desktop run checks on every page. The others are tagged @desktop-only (playwright.config.ts).
 */
const PHONE_SAMPLE = new Set([
  "/",
  "/projects",
  "/projects?category=product",
  "/category/projects",
  `/project/${sampleProjects[0]!.id}`,
  "/service",
  "/service/webdesign",
  "/about",
  "/contact",
  ...LEGAL_SLUGS.map((slug) => `/${slug}`),
]);

for (const path of PUBLIC_PATHS) {
  test(`axe: ${path}`, { tag: PHONE_SAMPLE.has(path) ? [] : ["@desktop-only"] }, async ({ page }) => {
    await acceptCookiesUpFront(page);
    const response = await page.goto(path);
    expect(response?.status(), `GET ${path}`).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, path);
  });
}

for (const path of NOT_FOUND_PATHS) {
  test(`axe: the not-found page at ${path}`, async ({ page, baseURL, consoleGuard }) => {
    consoleGuard.allow(/status of 404/, new URL(path, baseURL).href);
    await acceptCookiesUpFront(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
    await expectNoAxeViolations(page, path);
  });
}

test("axe: the cookie banner, shown and after accepting", async ({ page }) => {
  test.slow(); // several pages or states, each checked in full
  await pauseClock(page);
  await page.goto("/");
  await waitForHydration(page);
  await page.clock.runFor(1_500);
  const banner = page.getByRole("region", { name: "Wir verwenden Cookies" });
  await expect(banner).toBeVisible();
  await page.clock.resume(); // axe itself needs running timers
  await expectNoAxeViolations(page, "/ with the cookie banner");

  await banner.getByRole("button", { name: "Akzeptieren" }).click();
  await expect(banner).toHaveCount(0);
  await expectNoAxeViolations(page, "/ after accepting cookies");
});

test("axe: the open menu (desktop submenu, mobile overlay)", async ({ page }, testInfo) => {
  await acceptCookiesUpFront(page);
  await page.goto("/service/webdesign");
  await waitForHydration(page);
  if (isMobileProject(testInfo.project.name)) {
    await page.getByRole("button", { name: "Menü öffnen" }).click();
    await expect(page.getByRole("dialog", { name: "Menü" })).toBeVisible();
    await expectNoAxeViolations(page, "the mobile menu overlay");
  } else {
    const toggle = page.getByRole("button", { name: "Untermenü Services" });
    await toggle.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expectNoAxeViolations(page, "the open Services submenu");
  }
});

test("axe: the contact page with form errors and the success toast", async ({ page }, testInfo) => {
  test.slow(); // several pages or states, each checked in full
  await actAsOwnClient(page, testInfo);
  await acceptCookiesUpFront(page);
  await page.goto("/contact");
  await waitForHydration(page);
  const form = page.getByRole("region", { name: "Schreib mir eine Nachricht" });
  await form.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, "/contact with field errors");

  await form.getByLabel("Name").fill("Erika Musterfrau");
  await form.getByLabel("E-Mail").fill(uniqueEmail(testInfo, "a11y-kontakt"));
  await form.getByLabel("Betreff").fill("Barrierefreiheit");
  await form.getByLabel("Nachricht").fill("Hallo, ist alles gut bedienbar?");
  await form.getByRole("button", { name: "Nachricht senden" }).click();
  await holdToast(page, "Nachricht gesendet!");
  await expectNoAxeViolations(page, "/contact with the success toast");
});

// ── Newsletter confirmation and unsubscribe pages ────────────────────────────────────────────

/** Signs `email` up with the double opt-in and returns the paths of its mail's two links. */
async function signUp(request: APIRequestContext, baseURL: string, clientAddress: string, email: string) {
  const formToken = await formTokenOf(request, "/contact", clientAddress);
  const response = await postForm(
    request,
    "/contact",
    { intent: "newsletter", formToken, email, name: "", consent: "on" },
    { baseURL, clientAddress },
  );
  expect(response.status()).toBe(200);
  const mail = await waitForMail(email);
  const link = (path: string) => {
    const match = mail.text.match(new RegExp(`https?://[^\\s/]+(${path}\\?\\S+)`));
    expect(match, `the mail links to ${path}`).toBeTruthy();
    return match![1]!;
  };
  return { confirm: link("/newsletter/bestaetigen"), unsubscribe: link("/newsletter/abmelden") };
}

async function expectPageWithHeading(page: Page, path: string, heading: string, status = 200) {
  const response = await page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(status);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expectNoAxeViolations(page, `${path} (${heading})`);
}

test("axe: newsletter confirmation, pending, confirmed and invalid", async ({
  page,
  request,
  baseURL,
  consoleGuard,
}, testInfo) => {
  test.slow(); // several pages or states, each checked in full
  const client = await actAsOwnClient(page, testInfo);
  consoleGuard.allow(/status of 400/, new URL("/newsletter/bestaetigen", baseURL).href);
  await acceptCookiesUpFront(page);
  const links = await signUp(request, baseURL!, client, uniqueEmail(testInfo, "a11y-bestaetigen"));

  await expectPageWithHeading(page, links.confirm, "Newsletter-Anmeldung bestätigen");
  await page.getByRole("button", { name: "Anmeldung bestätigen" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deine Anmeldung ist bestätigt");
  await expectNoAxeViolations(page, "the confirmed subscription");

  await expectPageWithHeading(page, "/newsletter/bestaetigen", "Dieser Bestätigungslink ist ungültig", 400);
});

test("axe: newsletter unsubscribe, asked, done, gone and invalid", async ({
  page,
  request,
  baseURL,
  consoleGuard,
}, testInfo) => {
  test.slow(); // several pages or states, each checked in full
  const client = await actAsOwnClient(page, testInfo);
  consoleGuard.allow(/status of 400/, new URL("/newsletter/abmelden", baseURL).href);
  await acceptCookiesUpFront(page);
  const links = await signUp(request, baseURL!, client, uniqueEmail(testInfo, "a11y-abmelden"));

  await expectPageWithHeading(page, links.unsubscribe, "Newsletter abbestellen");
  await page.getByRole("button", { name: "Abmelden", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Du bist abgemeldet");
  await expect(page.getByText("Deine E-Mail-Adresse wurde aus dem Verteiler gelöscht.")).toBeVisible();
  await expectNoAxeViolations(page, "the unsubscribed address");
  await expectPageWithHeading(page, links.unsubscribe, "Du bist abgemeldet");
  await expect(page.getByText("Diese Anmeldung gibt es nicht mehr")).toBeVisible();
  await expectPageWithHeading(page, "/newsletter/abmelden", "Dieser Abmeldelink ist ungültig", 400);
});

// ── Admin area ───────────────────────────────────────────────────────────────────────────────

/*
 * On the phone, the screens whose markup the phone changes: the lists that become cards
 * (projects, contact requests) and the admin's menu. Forms, editors and dialogs are the same
 * markup at every width (their fit at 360 px is admin-mobile.spec.ts); they are @desktop-only.
 */

const main = (page: Page) => page.getByRole("main");

test(
  "axe: admin sign-in, empty and after a failed attempt",
  { tag: "@desktop-only" },
  async ({ page, consoleGuard }, testInfo) => {
    test.slow(); // several pages or states, each checked in full
    await actAsOwnClient(page.context(), testInfo);
    consoleGuard.allow(/status of 401/);
    await openAdminPage(page, "/admin");
    await expect(main(page).getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
    await expectNoAxeViolations(page, "/admin signed out");

    await openAdminPage(page, "/admin/login");
    await main(page).getByLabel("E-Mail").fill("niemand@example.org");
    await main(page).getByLabel("Passwort").fill("falsches-passwort-123");
    await main(page).getByRole("button", { name: "Login" }).click();
    await expect(main(page).getByRole("alert")).toBeVisible();
    await holdToast(page, "Invalid login credentials");
    await expectNoAxeViolations(page, "/admin/login after a failed attempt");
  },
);

test(
  "axe: the one-time setup page of a fresh installation",
  { tag: "@desktop-only" },
  async ({ page, consoleGuard }, testInfo) => {
    test.setTimeout(180_000);
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
      await openAdminPage(page, `${server.url}${link.pathname}${link.search}`);
      await expect(main(page).getByRole("heading", { level: 1, name: "Admin-Konto anlegen" })).toBeVisible();
      await expectNoAxeViolations(page, "/admin/setup");

      // A password that is easy to guess comes back as a field error, under the strength meter.
      await main(page).getByLabel("Name", { exact: true }).fill("Max Mustermann");
      await main(page).getByLabel("E-Mail", { exact: true }).fill("inhaber@example.org");
      await main(page).getByLabel("Passwort (mindestens 10 Zeichen)").fill("password123");
      await main(page).getByLabel("Passwort wiederholen").fill("password123");
      await expect(main(page).getByTestId("password-strength")).toContainText(
        "Passwortstärke: sehr schwach.",
      );
      await main(page).getByRole("button", { name: "Konto anlegen" }).click();
      await expect(main(page).getByLabel("Passwort (mindestens 10 Zeichen)")).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await expectNoAxeViolations(page, "/admin/setup with errors");
    } finally {
      await server.stop();
    }
  },
);

test("axe: Passwort vergessen? (the request, its answer, an unusable link)", async ({
  page,
  consoleGuard,
}, testInfo) => {
  test.slow(); // several pages, each checked in full
  await actAsOwnClient(page.context(), testInfo);
  await openAdminPage(page, "/admin");
  await main(page).getByRole("link", { name: "Passwort vergessen?" }).click();
  await expect(main(page).getByRole("heading", { level: 1, name: "Passwort vergessen?" })).toBeVisible();
  await expectNoAxeViolations(page, "/admin/passwort-vergessen");
  // An address without an account: the same answer, and no mail to the shared server's owner.
  await main(page).getByLabel("E-Mail").fill(`niemand-${testInfo.project.name}@example.org`);
  await main(page).getByRole("button", { name: "Link senden" }).click();
  await expect(main(page).getByRole("heading", { level: 1, name: "Schau in dein Postfach" })).toBeVisible();
  await expectNoAxeViolations(page, "/admin/passwort-vergessen?gesendet");

  const unusable = "/admin/passwort-zuruecksetzen?token=abgelaufen-oder-falsch-1234";
  consoleGuard.allow(/status of 404/, new URL(unusable, testInfo.project.use.baseURL).href);
  await openAdminPage(page, unusable);
  await expect(
    main(page).getByRole("heading", { level: 1, name: "Link ungültig oder abgelaufen" }),
  ).toBeVisible();
  await expectNoAxeViolations(page, "/admin/passwort-zuruecksetzen, an unusable link");
});

/**
 * Signs in as the e2e admin and opens `path`. The sign-in toast is closed (after an axe check
 * with it, if asked for), so that it cannot leave in the middle of a later check of the page.
 */
async function openAsAdmin(
  page: Page,
  path: string,
  options: { baseURL: string; clientAddress: string; checkSignInToast?: boolean },
) {
  await signInAsAdmin(page, options);
  await openAdminPage(page, path);
  await expect(main(page).getByRole("heading", { level: 1, name: "Admin-Bereich" })).toBeVisible();
  await holdToast(page, "Login successful");
  if (options.checkSignInToast) await expectNoAxeViolations(page, `${path} with the sign-in toast`);
  await toastWith(page, "Login successful").getByRole("button", { name: "Meldung schließen" }).click();
  await expect(toastWith(page, "Login successful")).toHaveCount(0);
}

/** Waits until the page's text editors have replaced their plain text areas: axe checks them. */
async function expectTextEditors(page: Page) {
  await expect(main(page).getByRole("button", { name: "Fett" }).first()).toBeVisible();
  await expect(main(page).locator('[contenteditable="true"]').first()).toBeVisible();
}

/** Opens the confirmation behind `trigger`, checks it, and cancels it. */
async function expectAccessibleConfirmation(page: Page, trigger: Locator, name: string) {
  await trigger.click();
  const dialog = page.getByRole("alertdialog", { name });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, `the dialog "${name}"`);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
}

test("axe: admin projects, list, delete dialog, new and edit form with errors", async ({
  page,
  baseURL,
  consoleGuard,
}, testInfo) => {
  test.slow(); // several pages or states, each checked in full
  const client = await actAsOwnClient(page.context(), testInfo);
  consoleGuard.allow(/status of 400/);
  await openAsAdmin(page, "/admin", { baseURL: baseURL!, clientAddress: client, checkSignInToast: true });
  await expect(main(page).getByRole("heading", { level: 2, name: "Projekte verwalten" })).toBeVisible();
  await expectNoAxeViolations(page, "/admin (Projekte)");

  await expectAccessibleConfirmation(
    page,
    main(page)
      .getByRole("button", { name: /^Delete/ })
      .first(),
    "Are you absolutely sure?",
  );

  await main(page).getByRole("link", { name: "Neues Projekt" }).click();
  await expect(main(page).getByRole("heading", { name: "Create New Project" })).toBeVisible();
  await expectNoAxeViolations(page, "/admin?neu");
  await main(page).getByRole("button", { name: "Save" }).click();
  await holdToast(page, "Title, description and image are required");
  await expectNoAxeViolations(page, "/admin?neu with errors");

  const edit = main(page).getByRole("link", { name: /^Edit/ }).first();
  const href = await edit.getAttribute("href");
  expect(href).toMatch(/^\/admin\?bearbeiten=/);
  await openAdminPage(page, href!);
  await expect(main(page).getByRole("heading", { name: /^Edit Project \(ID: / })).toBeVisible();
  await expectNoAxeViolations(page, href!);
});

test(
  "axe: the page editor (Inhalte): list, editor with blocks, errors, versions and dialogs",
  { tag: "@desktop-only" },
  async ({ page, baseURL, consoleGuard }, testInfo) => {
    test.slow(); // several pages or states, each checked in full
    const client = await actAsOwnClient(page.context(), testInfo);
    consoleGuard.allow(/status of 400/);
    await openAsAdmin(page, "/admin/inhalte", { baseURL: baseURL!, clientAddress: client });
    await expect(main(page).getByRole("heading", { level: 2, name: "Inhalte" })).toBeVisible();
    await expectNoAxeViolations(page, "/admin/inhalte");

    // Publishing and drafting the unchanged page: visitors of the shared server see the same page.
    await openAdminPage(page, "/admin/inhalte/service-webdesign");
    await expect(main(page).getByRole("heading", { level: 2, name: /bearbeiten: Webdesign$/ })).toBeVisible();
    await expectTextEditors(page);
    await main(page).getByRole("button", { name: "Veröffentlichen" }).click();
    await holdToast(page, "Veröffentlicht");
    await main(page).getByRole("button", { name: "Entwurf speichern" }).click();
    await holdToast(page, "Entwurf gespeichert");
    await expect(
      main(page)
        .getByRole("button", { name: /^Wiederherstellen/ })
        .first(),
    ).toBeVisible();
    await expectNoAxeViolations(page, "/admin/inhalte/service-webdesign with a draft and versions");
    await expectAccessibleConfirmation(
      page,
      main(page).getByRole("button", { name: "Verwerfen" }),
      "Entwurf verwerfen?",
    );

    await main(page).getByLabel("Titel", { exact: true }).first().fill("");
    await main(page).getByRole("button", { name: "Entwurf speichern" }).click();
    await holdToast(page, "Bitte prüfe die markierten Felder. Es wurde nichts gespeichert.");
    await expectTextEditors(page);
    await expectNoAxeViolations(page, "/admin/inhalte/service-webdesign with errors");

    await openAdminPage(page, "/admin/inhalte/ueber-mich");
    await expectTextEditors(page);
    await expectNoAxeViolations(page, "/admin/inhalte/ueber-mich");
  },
);

test("axe: admin contact requests, list, detail and delete dialogs", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.slow(); // several pages or states, each checked in full
  const client = await actAsOwnClient(page.context(), testInfo);
  const options = { baseURL: baseURL!, clientAddress: client };
  const subject = `Barrierefreiheit ${testInfo.project.name} ${Date.now()}`;
  const formToken = await formTokenOf(request, "/contact", client);
  const sent = await postForm(
    request,
    "/contact",
    {
      intent: "contact",
      formToken,
      name: "Erika Musterfrau",
      email: uniqueEmail(testInfo, "a11y-anfrage"),
      subject,
      message: "Guten Tag,\nbitte prüfen Sie die Seite.",
    },
    options,
  );
  expect(sent.status()).toBe(200);

  await openAsAdmin(page, "/admin/kontaktanfragen", options);
  await expect(
    main(page).getByRole("heading", { level: 2, name: "Kontaktanfragen verwalten" }),
  ).toBeVisible();
  const item = main(page).getByRole("listitem").filter({ hasText: subject });
  await expect(item).toHaveCount(1);
  await expectNoAxeViolations(page, "/admin/kontaktanfragen");

  await item.getByRole("button", { name: /^Details/ }).click();
  const details = page.getByRole("dialog", { name: subject });
  await expect(details).toBeVisible();
  await expectNoAxeViolations(page, "the contact request's detail dialog");
  await page.keyboard.press("Escape");
  await expect(details).toHaveCount(0);

  await expectAccessibleConfirmation(
    page,
    item.getByRole("button", { name: /^Löschen/ }),
    "Kontaktanfrage löschen",
  );
});

test(
  "axe: admin newsletter subscribers, list and delete dialog",
  { tag: "@desktop-only" },
  async ({ page, request, baseURL }, testInfo) => {
    test.slow(); // several pages or states, each checked in full
    const client = await actAsOwnClient(page.context(), testInfo);
    const options = { baseURL: baseURL!, clientAddress: client };
    const email = uniqueEmail(testInfo, "a11y-abonnent");
    const formToken = await formTokenOf(request, "/contact", client);
    const sent = await postForm(
      request,
      "/contact",
      { intent: "newsletter", formToken, email, name: "Erika", consent: "on" },
      options,
    );
    expect(sent.status()).toBe(200);

    await openAsAdmin(page, "/admin/newsletter", options);
    await expect(
      main(page).getByRole("heading", { level: 2, name: "Newsletter-Abonnenten verwalten" }),
    ).toBeVisible();
    const row = main(page).getByRole("row").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expectNoAxeViolations(page, "/admin/newsletter");

    await expectAccessibleConfirmation(
      page,
      row.getByRole("button", { name: /^Entfernen/ }),
      "Abonnent entfernen",
    );
  },
);

test(
  "axe: admin profile, closed and with the password section open",
  { tag: "@desktop-only" },
  async ({ page, baseURL }, testInfo) => {
    test.slow(); // several pages or states, each checked in full
    const client = await actAsOwnClient(page.context(), testInfo);
    await openAsAdmin(page, "/admin/profil", { baseURL: baseURL!, clientAddress: client });
    await expect(main(page).getByRole("heading", { level: 2, name: "Profil verwalten" })).toBeVisible();
    await expectNoAxeViolations(page, "/admin/profil");

    await main(page).getByRole("button", { name: "Passwort ändern" }).click();
    await expect(main(page).getByLabel("Aktuelles Passwort")).toBeVisible();
    await expectNoAxeViolations(page, "/admin/profil with the password section");

    await main(page).getByLabel("Neues Passwort (mindestens 10 Zeichen)").fill("passwort123");
    await expect(main(page).getByTestId("password-strength")).toContainText("Passwortstärke: schwach.");
    await expectNoAxeViolations(page, "/admin/profil with the strength meter");
  },
);

test(
  "axe: Datensicherung, its list and settings",
  { tag: "@desktop-only" },
  async ({ page, baseURL }, testInfo) => {
    const client = await actAsOwnClient(page.context(), testInfo);
    await openAsAdmin(page, "/admin/einstellungen/datensicherung", {
      baseURL: baseURL!,
      clientAddress: client,
    });
    await expect(main(page).getByRole("heading", { level: 2, name: "Datensicherung" })).toBeVisible();
    await expectNoAxeViolations(page, "/admin/einstellungen/datensicherung");
  },
);

test(
  "axe: Statistik, with statistics off and its period links",
  { tag: "@desktop-only" },
  async ({ page, baseURL }, testInfo) => {
    const client = await actAsOwnClient(page.context(), testInfo);
    await openAsAdmin(page, "/admin/statistik", { baseURL: baseURL!, clientAddress: client });
    await expect(main(page).getByRole("heading", { level: 2, name: "Besucherstatistik" })).toBeVisible();
    await expectNoAxeViolations(page, "/admin/statistik");
    await main(page).getByRole("link", { name: "12 Monate" }).click();
    await expect(main(page).getByRole("link", { name: "12 Monate" })).toHaveAttribute("aria-current", "page");
    await expectNoAxeViolations(page, "/admin/statistik?zeitraum=12-monate");
  },
);

test(
  "axe: admin settings with the checklist, and with field errors",
  { tag: "@desktop-only" },
  async ({ page, baseURL, consoleGuard }, testInfo) => {
    test.slow(); // a long page, checked in full twice
    consoleGuard.allow(/status of 400/);
    const client = await actAsOwnClient(page.context(), testInfo);
    await openAsAdmin(page, "/admin/einstellungen", { baseURL: baseURL!, clientAddress: client });
    await expect(main(page).getByRole("heading", { level: 2, name: "Einstellungen" })).toBeVisible();
    await expect(main(page).getByRole("heading", { name: "Checkliste für den Livegang" })).toBeVisible();
    await expectNoAxeViolations(page, "/admin/einstellungen");

    // A refused save (nothing is stored on the shared server): the errors beside their fields.
    const owner = main(page).getByRole("region", { name: "Inhaber und Impressum", exact: true });
    await owner.getByLabel("USt-IdNr.", { exact: true }).fill("DE1");
    await owner.getByLabel("PLZ", { exact: true }).fill("1");
    await owner.getByRole("button", { name: "Speichern" }).click();
    await expect(owner.getByLabel("USt-IdNr.", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page, "/admin/einstellungen with field errors");
  },
);

test("axe: the admin area's own header, with its menu open on the phone", async ({
  page,
  baseURL,
}, testInfo) => {
  const client = await actAsOwnClient(page.context(), testInfo);
  await openAsAdmin(page, "/admin/newsletter", { baseURL: baseURL!, clientAddress: client });
  // The admin area has its own header instead of the public site's.
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  if (isMobileProject(testInfo.project.name)) {
    await page.getByRole("button", { name: /^Menü/ }).click();
  }
  await expect(page.getByRole("navigation", { name: "Admin-Bereiche" })).toBeVisible();
  await expectNoAxeViolations(page, "/admin/newsletter with the open menu");
});
