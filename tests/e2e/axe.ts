import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** axe-core against WCAG 2.0/2.1/2.2 A and AA and axe's best practices. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];

/** The longest `settle` waits: far beyond any of the site's animations. */
const SETTLE_LIMIT_MS = 10_000;

/**
 * Waits until every finite animation and transition (page transition, overlay, fades, toasts) has
 * ended, including those that start a frame later (a view transition or a toast's exit begins
 * after the click that caused it has returned): animations are awaited until two frames in a
 * row start none, for at most SETTLE_LIMIT_MS.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async (limitMs) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    const settled = async () => {
      for (let round = 0; round < 20; round++) {
        await frame();
        await frame();
        const running = document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === "running" &&
              animation.effect?.getComputedTiming().iterations !== Infinity,
          );
        if (running.length === 0) return;
        await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
      }
    };
    // An upper bound, not a wait: once in CI the frames stopped and the test waited here for its
    // whole timeout. axe then checks the page as it is.
    await Promise.race([settled(), new Promise((resolve) => setTimeout(resolve, limitMs))]);
  }, SETTLE_LIMIT_MS);
}

/** Runs axe on the page as it is now and fails with a readable list of what it found. */
export async function expectNoAxeViolations(
  page: Page,
  state: string,
  options: { frames?: boolean } = {},
): Promise<void> {
  await settle(page);
  // Legacy mode runs axe.run() in the page and its same-origin frames. The default runs
  // axe.runPartial() in each frame and then axe.finishRun() in a new blank page, injecting axe
  // twice: twice the time per check, for cross-origin frames, which the site never has.
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true);
  // A sandboxed frame without scripts (the newsletter preview) cannot answer axe's messages, and
  // its document is a mail, not a page of the site: it is left out.
  if (options.frames === false) builder = builder.options({ iframes: false }).exclude("iframe");
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (violation) =>
      `${violation.id} [${violation.impact ?? "?"}] ${violation.help}\n` +
      violation.nodes.map((node) => `    at ${node.target.join(" ")}`).join("\n"),
  );
  expect(summary, `axe violations on ${state}`).toEqual([]);
}
