import { existsSync, statfsSync } from "node:fs";
import { chromium } from "@playwright/test";

/**
 * Where Debian's packages put Chromium (`.ci/run` installs both), in the order each purpose tries
 * them. The tests prefer `chromium-headless-shell`: the same engine without the full browser's
 * window compositing, which took a third less CPU and time in the end-to-end tests
 * (docs/decisions/0030-test-browser-and-motion.md). The audits measure with the full browser, as a
 * phone's Chrome renders.
 */
export const SYSTEM_CHROMIUMS = {
  tests: ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"],
  audits: ["/usr/bin/chromium"],
} as const;
export type ChromiumPurpose = keyof typeof SYSTEM_CHROMIUMS;

/**
 * Which Chromium the headless runs use: the one named by CHROMIUM_PATH, else the system's, else
 * Playwright's own download, which `npm test` fetches first when it is missing
 * (scripts/ensure-chromium.ts). Playwright's download does not work on every machine, hence the
 * system's first.
 */
export type ChromiumChoice = { use: "path"; path: string } | { use: "playwright" } | { use: "install" };

export function chooseChromium({
  env,
  exists,
  playwrightChromium,
  purpose,
}: {
  env: NodeJS.ProcessEnv;
  exists: (path: string) => boolean;
  playwrightChromium: string;
  purpose: ChromiumPurpose;
}): ChromiumChoice {
  if (env.CHROMIUM_PATH) return { use: "path", path: env.CHROMIUM_PATH };
  const system = SYSTEM_CHROMIUMS[purpose].find(exists);
  if (system) return { use: "path", path: system };
  return exists(playwrightChromium) ? { use: "playwright" } : { use: "install" };
}

const chromiumFor = (purpose: ChromiumPurpose) =>
  chooseChromium({
    env: process.env,
    exists: existsSync,
    playwrightChromium: chromium.executablePath(),
    purpose,
  });

/** The tests' Chromium: what `npm test` checks for first (scripts/ensure-chromium.ts). */
export const testChromiumChoice = chromiumFor("tests");

const pathOf = (choice: ChromiumChoice) => (choice.use === "path" ? choice.path : undefined);

/**
 * The Chromium the end-to-end tests and the reliability suite start. Undefined means
 * Playwright's own.
 */
export const testChromiumPath: string | undefined = pathOf(testChromiumChoice);

/** The Chromium `npm run audit` and `npm run main-thread` measure with. Undefined: Playwright's own. */
export const chromiumPath: string | undefined = pathOf(chromiumFor("audits"));

/**
 * Playwright starts Chromium with `--disable-dev-shm-usage`, for containers whose /dev/shm has
 * Docker's 64 MB: Chromium then keeps its shared memory in files under /tmp, on disk here, which
 * cost the end-to-end tests 8–10 % of their time (decision 0030). Where /dev/shm has room, the
 * flag is left out.
 */
export const playwrightArgsToDrop = devShmHasRoom() ? ["--disable-dev-shm-usage"] : [];

function devShmHasRoom(): boolean {
  try {
    const { bavail, bsize } = statfsSync("/dev/shm");
    return bavail * bsize >= 1024 ** 3;
  } catch {
    return false;
  }
}

/** A closed network must not slow the browser down, and a container has no sandbox or GPU. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
