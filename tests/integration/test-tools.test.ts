import { expect, test } from "vitest";
import { chooseChromium } from "../../scripts/lib/chromium.ts";
import { STRACE_MISSING, straceProblem, TRACING_NOT_ALLOWED } from "../setup/failing-disk";

const PLAYWRIGHT_CHROMIUM = "/home/dev/.cache/ms-playwright/chromium-1/chrome-linux64/chrome";

test("CHROMIUM_PATH names the browser even when others are present", () => {
  const choice = chooseChromium({
    env: { CHROMIUM_PATH: "/opt/chromium/chrome" },
    exists: () => true,
    playwrightChromium: PLAYWRIGHT_CHROMIUM,
  });
  expect(choice).toEqual({ use: "path", path: "/opt/chromium/chrome" });
});

test("without CHROMIUM_PATH the system's Chromium is used", () => {
  const choice = chooseChromium({
    env: {},
    exists: (path) => path === "/usr/bin/chromium",
    playwrightChromium: PLAYWRIGHT_CHROMIUM,
  });
  expect(choice).toEqual({ use: "path", path: "/usr/bin/chromium" });
});

test("without CHROMIUM_PATH or a system Chromium, Playwright's download is used when present", () => {
  const choice = chooseChromium({
    env: {},
    exists: (path) => path === PLAYWRIGHT_CHROMIUM,
    playwrightChromium: PLAYWRIGHT_CHROMIUM,
  });
  expect(choice).toEqual({ use: "playwright" });
});

test("with no Chromium at all, Playwright's is to be installed", () => {
  const choice = chooseChromium({ env: {}, exists: () => false, playwrightChromium: PLAYWRIGHT_CHROMIUM });
  expect(choice).toEqual({ use: "install" });
});

test("a missing strace is reported with what to install", () => {
  const missing = Object.assign(new Error("spawnSync strace ENOENT"), { code: "ENOENT" });
  expect(straceProblem(() => ({ error: missing, status: null }))).toBe(STRACE_MISSING);
  expect(STRACE_MISSING).toContain("apt-get install strace");
});

test("a strace that may not trace is reported as such", () => {
  const problem = straceProblem((args) => ({ status: args.includes("-V") ? 0 : 1 }));
  expect(problem).toBe(TRACING_NOT_ALLOWED);
  expect(problem).not.toContain("\n");
});

test("a strace that runs and may trace is no problem", () => {
  expect(straceProblem(() => ({ status: 0 }))).toBeUndefined();
});
