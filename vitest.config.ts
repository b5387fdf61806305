import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      // The suites' helpers, for the tests beside the code (tsconfig `paths` says the same).
      "#tests": fileURLToPath(new URL("./tests", import.meta.url)),
    },
  },
  test: {
    include: ["tests/**/*.test.ts", "app/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/setup/fail-on-console.ts"],
    // Empties tmp/test-logs/vitest before the run and scans the servers' logs after it.
    globalSetup: ["tests/setup/vitest-global.ts"],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Each file opens its own databases; two at a time suits the 2-core machines.
    maxWorkers: 2,
  },
});
