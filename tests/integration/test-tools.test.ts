import { expect, test } from "vitest";
import { chooseChromium } from "../../scripts/lib/chromium.ts";
import { cpuSlowdownFor } from "../../scripts/lib/cpu-slowdown.ts";
import { crashedFilesOnly } from "../../scripts/lib/vitest-crashes.ts";
import { STRACE_MISSING, straceProblem, TRACING_NOT_ALLOWED } from "../setup/failing-disk";

const PLAYWRIGHT_CHROMIUM = "/home/dev/.cache/ms-playwright/chromium-1/chrome-linux64/chrome";

test("CHROMIUM_PATH names the browser even when others are present", () => {
  const choice = chooseChromium({
    env: { CHROMIUM_PATH: "/opt/chromium/chrome" },
    exists: () => true,
    playwrightChromium: PLAYWRIGHT_CHROMIUM,
    purpose: "tests",
  });
  expect(choice).toEqual({ use: "path", path: "/opt/chromium/chrome" });
});

test("without CHROMIUM_PATH the tests use Debian's headless shell, the audits the full browser", () => {
  const both = (path: string) => path === "/usr/bin/chromium" || path === "/usr/bin/chromium-headless-shell";
  const choose = (purpose: "tests" | "audits") =>
    chooseChromium({ env: {}, exists: both, playwrightChromium: PLAYWRIGHT_CHROMIUM, purpose });
  expect(choose("tests")).toEqual({ use: "path", path: "/usr/bin/chromium-headless-shell" });
  expect(choose("audits")).toEqual({ use: "path", path: "/usr/bin/chromium" });
});

test("without CHROMIUM_PATH or the headless shell, the system's Chromium is used", () => {
  const choice = chooseChromium({
    env: {},
    exists: (path) => path === "/usr/bin/chromium",
    playwrightChromium: PLAYWRIGHT_CHROMIUM,
    purpose: "tests",
  });
  expect(choice).toEqual({ use: "path", path: "/usr/bin/chromium" });
});

test("without CHROMIUM_PATH or a system Chromium, Playwright's download is used when present", () => {
  const choice = chooseChromium({
    env: {},
    exists: (path) => path === PLAYWRIGHT_CHROMIUM,
    playwrightChromium: PLAYWRIGHT_CHROMIUM,
    purpose: "tests",
  });
  expect(choice).toEqual({ use: "playwright" });
});

test("with no Chromium at all, Playwright's is to be installed", () => {
  const choice = chooseChromium({
    env: {},
    exists: () => false,
    playwrightChromium: PLAYWRIGHT_CHROMIUM,
    purpose: "tests",
  });
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

test("the audit's CPU slowdown follows Lighthouse's calculator", () => {
  // The calculator's points: 150 = 1×, 800 = 2×, 1300 = 3×, 2000 = 6×.
  expect([150, 800, 1300, 2000].map(cpuSlowdownFor)).toEqual([1, 2, 3, 6]);
  // Two hosts: about 1100 here, 2905 where 4× gave 0–14 ms of TBT.
  expect(cpuSlowdownFor(1100)).toBe(2.6);
  expect(cpuSlowdownFor(2905)).toBe(9.9);
  expect(cpuSlowdownFor(475)).toBe(1.5);
});

test("a host slower than the emulated phone gets no CPU slowdown", () => {
  expect(cpuSlowdownFor(149)).toBeUndefined();
  expect(cpuSlowdownFor(Number.NaN)).toBeUndefined();
  expect(cpuSlowdownFor(Number.POSITIVE_INFINITY)).toBeUndefined();
});

const crashOutput = (summary: string, unhandled = 1) => `
 ✓ app/features/contact/schema.test.ts (1 test) 12ms
\u001b[31m\u001b[1mVitest caught ${unhandled} unhandled error${unhandled === 1 ? "" : "s"} during the test run.\u001b[22m\u001b[39m
Caused by: Error: Worker exited unexpectedly with signal SIGSEGV during started state while running test file /check/work/main/tests/integration/data-layer.test.ts
${summary}`;

test("a worker that V8 ended with SIGSEGV, the run's only fault, names its file for one more run", () => {
  expect(crashedFilesOnly(crashOutput(" Test Files  75 passed (76)\n      Tests  485 passed (500)"))).toEqual(
    ["/check/work/main/tests/integration/data-layer.test.ts"],
  );
});

test("a worker that V8 ended with SIGTRAP (its own crash, int3) is run once more too", () => {
  const trapped = crashOutput(" Test Files  7 passed (8)").replace("signal SIGSEGV", "signal SIGTRAP");
  expect(crashedFilesOnly(trapped)).toEqual(["/check/work/main/tests/integration/data-layer.test.ts"]);
  expect(crashedFilesOnly(trapped.replace("signal SIGTRAP", "signal SIGKILL"))).toEqual([]);
});

test("no second run beside a failed test, another unhandled error, or without a crash", () => {
  expect(crashedFilesOnly(crashOutput(" Test Files  1 failed | 74 passed (76)"))).toEqual([]);
  expect(crashedFilesOnly(crashOutput(" Tests  1 failed | 484 passed (500)"))).toEqual([]);
  expect(crashedFilesOnly(crashOutput(" Test Files  75 passed (76)", 2))).toEqual([]);
  expect(crashedFilesOnly(" Test Files  1 failed | 75 passed (76)")).toEqual([]);
});
