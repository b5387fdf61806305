import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import tseslint from "typescript-eslint";
import { readFileSync, readdirSync } from "node:fs";

/** The feature folders (app/features/<feature>), each a room of its own. */
const features = readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The boundaries of docs/decisions/0019-feature-folders.md: the platform and the component kit
 * know no feature, and a feature reaches another only through its index.ts (what the browser may
 * load) or index.server.ts (server code). The schema is the database's one map; it names three of
 * the features' value types.
 */
const boundaries = [
  {
    target: ["./app/platform/!(db)/**", "./app/platform/*.ts", "./app/platform/db/!(schema).ts"],
    from: "./app/features",
    message:
      "The platform knows no feature: pass what it needs in (see MailHooks in platform/mail/worker.server.ts).",
  },
  {
    target: "./app/platform/db/schema.ts",
    from: "./app/features",
    except: ["./projects/project.ts", "./pages/page-content.ts", "./statistics/visit-source.ts"],
    message:
      "The schema names only the project's enums, the page document's type and a contact's visit source of the features.",
  },
  { target: "./app/ui", from: "./app/features", message: "The component kit knows no feature." },
  ...features.flatMap((feature) =>
    features
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `./app/features/${feature}`,
        from: `./app/features/${other}`,
        except: ["./index.ts", "./index.server.ts"],
        message: `Import ${other} through ~/features/${other} or ~/features/${other}/index.server.`,
      })),
  ),
];

/**
 * Every table has one owner module: the only one that imports the table from the schema, so the
 * only one whose queries name it (docs/decisions/0019-feature-folders.md). Others call the
 * owner's functions; a statement that needs another owner's table takes that part from its owner
 * as SQL (a subquery, a condition), and a transaction across owners passes its `tx` to each.
 */
const tableOwners = {
  projects: "app/features/projects/queries.server.ts",
  contactSubmissions: "app/features/contact/queries.server.ts",
  newsletterSubscriptions: "app/features/newsletter/subscribers.server.ts",
  consentTexts: "app/features/newsletter/subscribers.server.ts",
  newsletterConsentRecords: "app/features/newsletter/subscribers.server.ts",
  newsletterIssues: "app/features/newsletter/issues.server.ts",
  adminUsers: "app/features/auth/admin-users.server.ts",
  sessions: "app/features/auth/session.server.ts",
  passkeys: "app/features/auth/sign-in-factors.server.ts",
  recoveryCodes: "app/features/auth/sign-in-factors.server.ts",
  authChallenges: "app/features/auth/sign-in-factors.server.ts",
  images: "app/features/media/images.server.ts",
  imageVariants: "app/features/media/images.server.ts",
  pages: "app/features/pages/queries.server.ts",
  pageVersions: "app/features/pages/queries.server.ts",
  siteSettings: "app/features/settings/queries.server.ts",
  backupSettings: "app/features/settings/backups/backup-settings.server.ts",
  privacyAuditLog: "app/features/privacy/queries.server.ts",
  outbox: "app/platform/mail/outbox.server.ts",
  appMeta: "app/platform/db/app-meta.server.ts",
  rateLimits: "app/platform/db/rate-limits.server.ts",
  visitEvents: "app/features/statistics/queries.server.ts",
  visitSalts: "app/features/statistics/queries.server.ts",
  visitDaily: "app/features/statistics/queries.server.ts",
  visitToday: "app/features/statistics/queries.server.ts",
  visitTodayMarks: "app/features/statistics/queries.server.ts",
  bookingTypes: "app/features/booking/booking-types.server.ts",
  bookingHours: "app/features/booking/availability.server.ts",
  bookingDateOverrides: "app/features/booking/availability.server.ts",
  bookings: "app/features/booking/queries.server.ts",
  bookingSettings: "app/features/booking/booking-settings.server.ts",
  bookingFeeds: "app/features/booking/booking-settings.server.ts",
};

// A table added to the schema without an owner stops lint here.
const schemaTables = [
  ...readFileSync(new URL("./app/platform/db/schema.ts", import.meta.url), "utf8").matchAll(
    /^export const (\w+) = pgTable\(/gm,
  ),
].map(([, name]) => name);
const unowned = schemaTables.filter((table) => !(table in tableOwners));
if (unowned.length > 0)
  throw new Error(`eslint.config.js: give these tables an owner: ${unowned.join(", ")}`);

/**
 * @typescript-eslint/no-restricted-imports options refusing the value of every table but
 * `owned` from the schema (`./schema` too, for a module beside it). Types may be imported.
 */
const schemaImports = (owned = [], besideSchema = false) => ({
  patterns: Object.entries(tableOwners)
    .filter(([table]) => !owned.includes(table))
    .map(([table, owner]) => ({
      regex: besideSchema ? "(^|/)db/schema$|^\\./schema$" : "(^|/)db/schema$",
      importNames: [table],
      allowTypeImports: true,
      message: `Only ${owner} touches this table: call its functions.`,
    })),
});
const ownerFiles = [...new Set(Object.values(tableOwners))].map((owner) => ({
  files: [owner],
  rules: {
    "@typescript-eslint/no-restricted-imports": [
      "error",
      schemaImports(
        Object.keys(tableOwners).filter((table) => tableOwners[table] === owner),
        owner.startsWith("app/platform/db/"),
      ),
    ],
  },
}));

/**
 * Feature tests that set up or look at what another feature keeps, through modules its index does
 * not offer: they seed its tables, read the mails it composes, or hand the outbox the newsletter's
 * mail hooks as the server does. Each such test is named here with the modules it may reach
 * (relative to app/features); the rest of the test, and the code beside it, keep the boundaries.
 */
const testReach = {
  "app/features/pages/categories.test.ts": ["projects/queries.server.ts"],
  "app/platform/mail/mail-worker.test.ts": ["newsletter/mail-hooks.server.ts"],
  "app/features/media/image-limits.test.ts": ["projects/admin-projects.server.ts"],
  "app/features/newsletter/newsletter-consent.test.ts": ["settings/site-settings.server.ts"],
  "app/features/privacy/privacy-requests.test.ts": [
    "contact/queries.server.ts",
    "newsletter/subscribers.server.ts",
    "newsletter/mail-hooks.server.ts",
  ],
  "app/features/privacy/retention.test.ts": [
    "contact/queries.server.ts",
    "newsletter/subscribers.server.ts",
    "newsletter/mail-hooks.server.ts",
    "settings/site-settings.server.ts",
  ],
  "app/features/settings/demo-content.test.ts": [
    "pages/built-in-pages.ts",
    "pages/messages.ts",
    "pages/page-content.ts",
    "pages/pages.server.ts",
    "pages/queries.server.ts",
    "projects/demo-content.server.ts",
    "projects/queries.server.ts",
  ],
  "app/features/settings/site-settings.test.ts": [
    "site/menu.ts",
    "projects/demo-content.server.ts",
    "projects/queries.server.ts",
    "auth/admin-users.server.ts",
    "contact/notification-mail.server.ts",
    "newsletter/confirmation-mail.server.ts",
  ],
};

/** The boundaries, with `modules` (relative to app/features) let through. */
const boundariesReaching = (modules) =>
  boundaries.map((zone) => {
    const reached = modules
      .map((module) => `./app/features/${module}`)
      .filter((module) => module.startsWith(`${zone.from}/`))
      .map((module) => `./${module.slice(zone.from.length + 1)}`);
    // A set: a zone may name one of them already (the schema's zone names page-content.ts).
    return reached.length ? { ...zone, except: [...new Set([...(zone.except ?? []), ...reached])] } : zone;
  });

// Icons by their own module: through the barrel, the build's chunking saw every icon as
// imported by the frame, and every page loaded the admin area's icons.
const iconBarrel = {
  name: "lucide-react",
  message: 'Import the icon\'s own module: import X from "lucide-react/icons/x".',
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "data/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "tmp/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"],
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": ["error", { paths: [iconBarrel] }],
    },
  },
  // Public pages read projects through public-projects.server.ts, which sends a visitor's browser
  // only what the page shows: a whole row would carry the owner's admin URL.
  {
    files: ["app/features/projects/{projects,project-detail,category}.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            iconBarrel,
            {
              name: "./queries.server",
              message: "Public pages read projects through ./public-projects.server.",
            },
          ],
        },
      ],
    },
  },
  // One owner per table (tableOwners above).
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", schemaImports()],
      // The relational API (`db.query.<table>`) would name a table without importing it.
      "no-restricted-syntax": [
        "error",
        {
          selector: `MemberExpression[object.property.name="query"][property.name=/^(${Object.keys(tableOwners).join("|")})$/]`,
          message: "Query a table through its owner's functions (tableOwners in eslint.config.js).",
        },
      ],
    },
  },
  {
    files: ["app/platform/db/*.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", schemaImports([], true)] },
  },
  ...ownerFiles,
  {
    // engines.server.ts hands drizzle the whole schema, for the Db type; it queries no table.
    // Tests set up and inspect rows directly.
    files: ["app/platform/db/engines.server.ts", "tests/**", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": "off", "no-restricted-syntax": "off" },
  },
  // No import cycles: a module's dependencies can be read without meeting it again.
  importX.flatConfigs.typescript,
  {
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver()] },
    rules: {
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": ["error", { zones: boundaries }],
    },
  },
  ...Object.entries(testReach).map(([file, modules]) => ({
    files: [file],
    rules: { "import-x/no-restricted-paths": ["error", { zones: boundariesReaching(modules) }] },
  })),
);
