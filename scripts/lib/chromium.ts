import { existsSync } from "node:fs";

/**
 * The local Chromium (Debian's package; Playwright's own download does not work here) and how
 * every headless run starts it: the end-to-end tests, the reliability suite and `npm run audit`.
 */
export const chromiumPath: string | undefined =
  process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

/** A closed network must not slow the browser down, and a container has no sandbox or GPU. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
