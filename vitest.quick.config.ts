import { defineConfig } from "vitest/config";
import base from "./vitest.config";

/**
 * `npm run test:quick`, the inner loop: the unit tests beside the code and the integration suites
 * that need neither a build nor a database server, each of them seconds long. Everything else
 * (suites with the production server, the database suites, end-to-end) runs in `npm test`.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      "app/**/*.test.ts",
      "tests/integration/csp-hashes.test.ts",
      "tests/integration/env.test.ts",
      "tests/integration/fallback-content.test.ts",
      "tests/integration/informal-copy.test.ts",
      "tests/integration/legal-storage.test.ts",
      "tests/integration/public-projects.test.ts",
      "tests/integration/single-line-fields.test.ts",
      "tests/integration/test-tools.test.ts",
    ],
  },
});
