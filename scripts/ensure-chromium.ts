/**
 * The first step of `npm test` and `npm run test:e2e`: a fresh machine without CHROMIUM_PATH or
 * a system Chromium gets Playwright's own, so the browser tests have one to drive.
 */
import { execFileSync } from "node:child_process";
import { SYSTEM_CHROMIUMS, testChromiumChoice } from "./lib/chromium.ts";

if (testChromiumChoice.use === "install") {
  console.log(
    `No Chromium found (CHROMIUM_PATH unset, none at ${SYSTEM_CHROMIUMS.tests.join(", ")}): installing Playwright's with \`npx playwright install chromium\`…`,
  );
  execFileSync("npx", ["playwright", "install", "chromium"], { stdio: "inherit" });
}
