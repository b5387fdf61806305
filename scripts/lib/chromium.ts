import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

/** Where Debian's package puts Chromium (`.ci/run` installs it there). */
export const SYSTEM_CHROMIUMS = ["/usr/bin/chromium"];

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
}: {
  env: NodeJS.ProcessEnv;
  exists: (path: string) => boolean;
  playwrightChromium: string;
}): ChromiumChoice {
  if (env.CHROMIUM_PATH) return { use: "path", path: env.CHROMIUM_PATH };
  const system = SYSTEM_CHROMIUMS.find(exists);
  if (system) return { use: "path", path: system };
  return exists(playwrightChromium) ? { use: "playwright" } : { use: "install" };
}

export const chromiumChoice = chooseChromium({
  env: process.env,
  exists: existsSync,
  playwrightChromium: chromium.executablePath(),
});

/**
 * How every headless run starts Chromium: the end-to-end tests, the reliability suite and
 * `npm run audit`. Undefined means Playwright's own.
 */
export const chromiumPath: string | undefined =
  chromiumChoice.use === "path" ? chromiumChoice.path : undefined;

/** A closed network must not slow the browser down, and a container has no sandbox or GPU. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
