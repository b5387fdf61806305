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
 * Waits until React has hydrated the page. The footer's e-mail link is server-rendered with the
 * contact page as its target and only becomes a mailto: link once the client has taken over
 * (app/components/obfuscated-contact.tsx), so it is a signal that exists on every frame page.
 */
export async function waitForHydration(page: Page): Promise<void> {
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
