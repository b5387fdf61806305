import { configDefaults, defineConfig } from "vitest/config";
import base from "./vitest.config";

/**
 * The suites beside the code that open real databases (PGlite, and PostgreSQL when configured):
 * a minute or more each on a busy machine, so they run in `npm test` only.
 */
const databaseSuites = [
  "app/features/auth/sign-in-confirmation.test.ts",
  "app/features/auth/sign-in-race.test.ts",
  "app/features/booking/booking-caldav.test.ts",
  "app/features/booking/booking-flow.test.ts",
  "app/features/booking/booking-records.test.ts",
  "app/features/booking/bookings.test.ts",
  "app/features/media/image-limits.test.ts",
  "app/features/newsletter/newsletter-consent.test.ts",
  "app/features/newsletter/newsletter-sending.test.ts",
  "app/features/pages/pages.test.ts",
  "app/features/privacy/privacy-requests.test.ts",
  "app/features/privacy/retention.test.ts",
  "app/features/settings/site-settings.test.ts",
  "app/platform/db/batched-transaction.test.ts",
  "app/platform/db/pglite-thread.test.ts",
  "app/platform/mail/mail-worker.test.ts",
];

/**
 * `npm run test:quick`, the inner loop: the tests beside the code but the database suites, and
 * the integration suites that need neither a build nor a database server, each of them seconds
 * long. Everything else (suites with the production server, the database suites, end-to-end)
 * runs in `npm test`.
 */
// No suite of the quick loop starts a server: the global setup makes no database template.
process.env.TEST_NO_DATA_DIR_TEMPLATE = "1";

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      "app/**/*.test.ts",
      "tests/integration/csp-hashes.test.ts",
      "tests/integration/informal-copy.test.ts",
      "tests/integration/single-line-fields.test.ts",
      "tests/integration/test-tools.test.ts",
    ],
    exclude: [...configDefaults.exclude, ...databaseSuites],
  },
});
