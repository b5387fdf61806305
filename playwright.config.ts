import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, playwrightArgsToDrop, testChromiumPath } from "./scripts/lib/chromium.ts";

/**
 * End-to-end tests drive a real Chromium against the production build (`npm run build` first),
 * served by `node server.js` on a fresh embedded database.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);

/**
 * Journeys whose outcome does not depend on the screen run on the desktop viewport only: most
 * admin journeys (sign-in and its security, projects, contents, Profil, Einstellungen, the lists,
 * newsletter issues, the privacy tools, categories, menus and service pages; the last three check
 * the phone's menu overlay at 412 px themselves) and the server-level specs. What the phone
 * changes in the admin (cards instead of tables, editors and dialogs at 360 px, no sideways
 * scrolling) is admin-mobile.spec.ts, which runs on the phone only. The owner's writing with the
 * toolbar, her focal points and selections, and the demo's removal run on both, as every visitor
 * journey does. This keeps CI under 30 minutes.
 */
const DESKTOP_ONLY = [
  /admin-(auth|sign-in-security|profile|settings|contacts-newsletter|newsletter-issues|privacy-requests|projects|content|categories|menus|service-pages)\.spec\.ts$/,
  /(server|routing|database-down|newsletter-expiry)\.spec\.ts$/,
  // What the server puts in the head, the sitemap, robots.txt and the legal texts: the same for
  // every browser.
  /(seo|legal-pages)\.spec\.ts$/,
];
/**
 * Journeys of the owner on a phone whose desktop run would add nothing: the admin at 360 px, the
 * first start, TOTP set up from the copied key and a forgotten password.
 */
const MOBILE_ONLY = [/admin-(mobile|first-start|backups)\.spec\.ts$/];
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  // A test that fails once on CI runs once more: it counts as flaky, and the recap at the end
  // of the output names it with its error, so a rare failure is seen without failing the run.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [["line"], ["./tests/setup/failure-recap-reporter.ts"]]
    : [["list"], ["./tests/setup/failure-recap-reporter.ts"]],
  // Scans the servers' logs (tmp/test-logs/e2e-<port>) for what must never be logged.
  globalTeardown: "./tests/setup/e2e-teardown.ts",
  // Makes the migrated database that the tests' own servers copy (tests/setup/data-dir-template.ts).
  globalSetup: "./tests/setup/e2e-setup.ts",
  timeout: 30_000,
  // The slowest spec files, named at the end of the run: where to look when CI grows.
  reportSlowTests: { max: 10, threshold: 60_000 },
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    locale: "de-DE",
    trace: "retain-on-failure",
    // No particles, fades or slides unless a test checks them (`withMotion`): the hero's canvas
    // alone drew 60 frames a second in every test that stayed on the home page
    // (docs/decisions/0030-test-browser-and-motion.md).
    contextOptions: { reducedMotion: "reduce" },
    launchOptions: {
      executablePath: testChromiumPath,
      args: chromiumArgs,
      ignoreDefaultArgs: playwrightArgsToDrop,
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 } },
      testIgnore: MOBILE_ONLY,
    },
    {
      name: "mobile",
      use: { ...devices["Pixel 7"] },
      testIgnore: DESKTOP_ONLY,
      // Single tests whose outcome does not depend on the screen either: answers to requests
      // without a page, a second address or a second faulty input of the same page, and the
      // pages of one template but the first (tagged @desktop-only).
      grepInvert: /@desktop-only/,
    },
  ],
  webServer: {
    // The production server behind a real in-process SMTP receiver (tests/setup/e2e-server.ts).
    command: "node tests/setup/e2e-server.ts",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      PUBLIC_URL: baseURL,
      // The admin journeys sign in with this account (created at start).
      ADMIN_EMAIL: "owner@example.com",
      ADMIN_PASSWORD: "e2e-Admin-Passwort-2026",
      HOST: "127.0.0.1",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "portfolio-e2e-")),
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      E2E_MAIL_DIR: path.join(tmpdir(), `portfolio-e2e-mail-${PORT}`),
      // Each test poses as its own client (X-Forwarded-For), so per-client limits stay per test.
      TRUST_PROXY: "X-Forwarded-For",
      // Playwright fills forms faster than people; the minimum fill time has its own test.
      FORM_MIN_FILL_MS: "0",
      // The suite sends more forms in an hour than a real site gets; the cap has its own test.
      FORM_MAX_PER_HOUR: "1000000",
    },
  },
});
