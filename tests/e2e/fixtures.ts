import { test as base, expect, type ConsoleMessage, type Page } from "@playwright/test";

/**
 * Shared Playwright setup for the end-to-end tests.
 *
 * House rule: a warning or error printed to the browser console fails the test. The automatic
 * `consoleGuard` fixture listens on every page of the test's context and asserts at teardown that
 * nothing was logged. A test that provokes an expected message on purpose (a 404 document) names
 * it with `consoleGuard.allow(text, url)`, so everything else still fails.
 */

type ConsoleProblem = { kind: string; text: string; url: string };
type Allowance = { text: RegExp; url?: string };

export type ConsoleGuard = {
  /**
   * Permits console messages whose text matches `text` for the rest of this test; with `url`,
   * only messages reported for exactly that resource (e.g. the browser's note on a 404 document).
   */
  allow: (text: RegExp, url?: string) => void;
};

export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ context }, provide) => {
      const problems: ConsoleProblem[] = [];
      const allowed: Allowance[] = [];

      const watch = (page: Page) => {
        page.on("console", (message: ConsoleMessage) => {
          const kind = message.type();
          if (kind !== "error" && kind !== "warning") return;
          problems.push({ kind, text: message.text(), url: message.location().url });
        });
        page.on("pageerror", (error) => {
          problems.push({ kind: "pageerror", text: `${error.name}: ${error.message}`, url: page.url() });
        });
      };
      context.pages().forEach(watch);
      context.on("page", watch);

      await provide({ allow: (text, url) => void allowed.push({ text, url }) });

      const isAllowed = (problem: ConsoleProblem) =>
        allowed.some(
          ({ text, url }) => text.test(problem.text) && (url === undefined || url === problem.url),
        );
      const unexpected = problems.filter((problem) => !isAllowed(problem));
      expect(unexpected, "the browser console must stay free of errors and warnings").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until React has hydrated the page. On a public page, the footer's e-mail link is
 * server-rendered with the contact page as its target and only becomes a mailto: link once the
 * client has taken over (app/features/site/obfuscated-contact.tsx). The admin area has no footer:
 * its main element is marked `data-hydrated` then (app/features/site/layout.tsx).
 */
export async function waitForHydration(page: Page): Promise<void> {
  if (/^\/admin(\/|$)/i.test(new URL(page.url()).pathname)) {
    await expect(page.getByRole("main")).toHaveAttribute("data-hydrated", "true");
    return;
  }
  await expect(page.getByRole("contentinfo").getByRole("link", { name: /^E-Mail:/ })).toHaveAttribute(
    "href",
    /^mailto:/,
  );
}

/**
 * Stores the cookie consent before any page script runs, so the banner never appears in tests
 * that are not about it.
 */
export async function acceptCookiesUpFront(page: Page): Promise<void> {
  await page.addInitScript(() => {
    try {
      window.localStorage.setItem("cookiesAccepted", "true");
    } catch {
      // about:blank has no storage; the real pages do.
    }
  });
}

/**
 * Replaces the page's timers with Playwright's fake clock, paused: time-based behaviour (the
 * cookie banner delay, the submenu close delay) then only advances with `page.clock.runFor()`.
 * Call before the first `page.goto`. The wall-clock date stays today's, so dates rendered on the
 * server and in the browser agree.
 */
export async function pauseClock(page: Page): Promise<void> {
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 1_000);
}

/**
 * The tests run with `prefers-reduced-motion: reduce` (playwright.config.ts): no particles, no
 * fades. A test whose subject is the motion itself asks for the visitor without that preference
 * here, before its first `page.goto` (docs/decisions/0030-test-browser-and-motion.md).
 */
export async function withMotion(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: "no-preference" });
}

/** Current vertical scroll position of the page. */
export function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

/** Scrolls the window instantly to `top` and waits until the position is reached. */
export async function scrollWindowTo(page: Page, top: number): Promise<void> {
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), top);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(top - 2);
}

/** Whether the test runs in the phone-sized project (hamburger menu) rather than on desktop. */
export function isMobileProject(projectName: string): boolean {
  return projectName === "mobile";
}

// ── Helpers for the public pages and forms ──────────────────────────────────────────

import { createHash, randomBytes } from "node:crypto";
import type {
  APIRequestContext,
  APIResponse,
  Browser,
  BrowserContext,
  Locator,
  TestInfo,
} from "@playwright/test";
import { mailsTo, type ReceivedMail } from "./mail";

/**
 * A client address that belongs to this test alone (and to this project and retry), so the
 * per-client rate limit of the forms (5 per 10 minutes, keyed on X-Forwarded-For; the e2e
 * server trusts that header) never carries over from one test to another.
 */
export function clientAddressOf(testInfo: TestInfo): string {
  const digest = createHash("sha256")
    .update([testInfo.testId, testInfo.project.name, testInfo.retry, testInfo.repeatEachIndex].join("|"))
    .digest();
  return `10.${digest[0]}.${digest[1]}.${digest[2]}`;
}

/** Makes every request of `target` (a page or a whole context) come from this test's own client. */
export async function actAsOwnClient(
  target: { setExtraHTTPHeaders: (headers: Record<string, string>) => Promise<void> },
  testInfo: TestInfo,
): Promise<string> {
  const address = clientAddressOf(testInfo);
  await target.setExtraHTTPHeaders({ "X-Forwarded-For": address });
  return address;
}

/** An e-mail address no other test (or project, or run) uses. */
export function uniqueEmail(testInfo: TestInfo, label: string): string {
  return `${label}-${testInfo.project.name}-${randomBytes(4).toString("hex")}@example.org`;
}

/**
 * A browser context without JavaScript that otherwise looks like the project's (viewport,
 * locale, base URL) and acts as this test's own client. Close it at the end of the test.
 */
export async function newContextWithoutJavaScript(
  browser: Browser,
  testInfo: TestInfo,
): Promise<BrowserContext> {
  const { baseURL, locale, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } =
    testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    locale,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    javaScriptEnabled: false,
  });
  await actAsOwnClient(context, testInfo);
  return context;
}

/** The form tokens handed to each client address, which an accepted submission used up. */
const handedOut = new Map<string, Set<string>>();

/**
 * A form token a page renders into its forms (hidden input `formToken`), one this client was not
 * given before: an accepted submission uses its token up, and a cached page hands out the same
 * one for 250 ms, so this waits for the next.
 */
export async function formTokenOf(
  request: APIRequestContext,
  path: string,
  clientAddress: string,
): Promise<string> {
  const given = handedOut.get(clientAddress) ?? new Set<string>();
  handedOut.set(clientAddress, given);
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(path, { headers: { "X-Forwarded-For": clientAddress } });
        expect(response.status(), `GET ${path}`).toBe(200);
        token = (await response.text()).match(/name="formToken" value="([^"]+)"/)?.[1];
        return token !== undefined && !given.has(token);
      },
      { message: `${path} renders a form token this client was not given yet`, intervals: [50] },
    )
    .toBe(true);
  given.add(token!);
  return token!;
}

/** Posts a form the way a browser without JavaScript would, from our own origin and client. */
export function postForm(
  request: APIRequestContext,
  path: string,
  fields: Record<string, string>,
  options: { baseURL: string; clientAddress: string; origin?: string },
): Promise<APIResponse> {
  return request.post(path, {
    form: fields,
    maxRedirects: 0,
    headers: { Origin: options.origin ?? options.baseURL, "X-Forwarded-For": options.clientAddress },
  });
}

/** Sends the contact form as a browser without JavaScript would; expects it accepted. */
export async function sendContact(
  request: APIRequestContext,
  options: { baseURL: string; clientAddress: string },
  fields: { name: string; email: string; subject: string; message: string },
) {
  const formToken = await formTokenOf(request, "/contact", options.clientAddress);
  const response = await postForm(request, "/contact", { intent: "contact", formToken, ...fields }, options);
  expect(response.status(), `contact ${fields.subject}`).toBe(200);
}

/** Waits until a mail to `address` that `matches` has arrived and returns it. */
export async function waitForMail(
  address: string,
  matches: (mail: ReceivedMail) => boolean = () => true,
): Promise<ReceivedMail> {
  await expect
    .poll(() => mailsTo(address).some(matches), { timeout: 15_000, message: `a mail to ${address}` })
    .toBe(true);
  return mailsTo(address).find(matches)!;
}

/** The toast (sonner) whose text contains `title`. */
export function toastWith(page: Page, title: string): Locator {
  return page
    .getByRole("region", { name: /^Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: title });
}

// ── Helpers for the admin area ──────────────────────────────────────────────────────

import { Secret, TOTP } from "otpauth";
import { migratedDataDir } from "../setup/data-dir-template";
import { startServer, waitUntilHealthy, type ServerProcess } from "../setup/server-process";

/** The admin account the shared e2e server creates at start (playwright.config.ts). */
export const E2E_ADMIN = { email: "owner@example.com", password: "e2e-Admin-Passwort-2026" } as const;

export type AdminCredentials = { email: string; password: string };

/**
 * Signs in through the sign-in action (as the login form would) with the page's context, so
 * the session cookie lands in the browser. `baseURL` is the server's address.
 */
export async function signInAsAdmin(
  page: Page,
  options: { baseURL: string; clientAddress: string; credentials?: AdminCredentials },
): Promise<void> {
  const { email, password } = options.credentials ?? E2E_ADMIN;
  const response = await page.request.post(`${options.baseURL}/admin/login`, {
    form: { email, password },
    maxRedirects: 0,
    headers: { Origin: options.baseURL, "X-Forwarded-For": options.clientAddress },
  });
  expect(response.status(), `sign-in as ${email}`).toBe(302);
}

/** Opens an admin page (path or full URL) and waits until React has taken over. */
export async function openAdminPage(page: Page, url: string): Promise<void> {
  await acceptCookiesUpFront(page);
  await page.goto(url);
  await waitForHydration(page);
}

/** A server of this test alone: its own embedded database, and its own admin unless `admin: null`. */
export type OwnServer = {
  url: string;
  dataDir: string;
  /** The admin created at start (null when started without one). */
  admin: AdminCredentials | null;
  process: ServerProcess;
  stop(): Promise<number | null>;
};

/**
 * Starts the production server on a fresh DATA_DIR (or `dataDir`), for tests that change what
 * other tests see (the project list, the admin's password, an empty subscriber list).
 */
export async function startOwnServer(
  options: { dataDir?: string; admin?: AdminCredentials | null; env?: Record<string, string> } = {},
): Promise<OwnServer> {
  const dataDir = options.dataDir ?? migratedDataDir("portfolio-e2e-own-");
  const admin =
    options.admin === undefined
      ? {
          email: `admin-${randomBytes(4).toString("hex")}@example.org`,
          password: "Eigenes-Admin-Passwort-2026",
        }
      : options.admin;
  const server = await startServer({
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    FORM_MIN_FILL_MS: "0",
    TRUST_PROXY: "X-Forwarded-For",
    ...(admin ? { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } : {}),
    ...options.env,
  });
  try {
    await waitUntilHealthy(server);
  } catch (error) {
    // A server that did not come up is not left running after the test.
    await server.stop("SIGKILL");
    throw error;
  }
  return { url: server.url, dataDir, admin, process: server, stop: () => server.stop() };
}

/**
 * An authenticator app for the key shown in Profil (spaces between its groups allowed), with the
 * parameters the app's TOTP uses: its `generate()` gives the code of now or of `{ timestamp }`.
 */
export function authenticatorFor(key: string): TOTP {
  return new TOTP({
    secret: Secret.fromBase32(key.replace(/\s/g, "")),
    digits: 6,
    period: 30,
    algorithm: "SHA1",
  });
}

/**
 * Chromium's virtual authenticator (DevTools protocol): a platform passkey with user
 * verification, present at once. Passkeys need a host name: reach the server as localhost.
 */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
