import { test as base, expect, type ConsoleMessage, type Page } from "@playwright/test";

/**
 * Shared Playwright setup for the end-to-end tests.
 *
 * House rule: a warning or error printed to the browser console fails the test. The automatic
 * `consoleGuard` fixture listens on every page of the test's context and asserts at teardown that
 * nothing was logged. A test that provokes an expected message on purpose (a 404 document) names
 * it with `consoleGuard.allow(pattern)`, so everything else still fails.
 */

type ConsoleProblem = { kind: string; text: string; url: string };

export type ConsoleGuard = {
  /** Permits console messages whose text matches `pattern` for the rest of this test. */
  allow: (pattern: RegExp) => void;
};

export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ context }, provide) => {
      const problems: ConsoleProblem[] = [];
      const allowed: RegExp[] = [];

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

      await provide({ allow: (pattern) => allowed.push(pattern) });

      const unexpected = problems.filter(({ text }) => !allowed.some((pattern) => pattern.test(text)));
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
