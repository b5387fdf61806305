import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import tseslint from "typescript-eslint";
import { readdirSync } from "node:fs";

/** The feature folders (app/features/<feature>), each a room of its own. */
const features = readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The boundaries of docs/decisions/0019-feature-folders.md: the platform and the component kit
 * know no feature, and a feature reaches another only through its index.ts (what the browser may
 * load) or index.server.ts (server code). The schema is the database's one map; it names two of
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
    except: ["./projects/project.ts", "./pages/page-content.ts"],
    message: "The schema names only the project's enums and the page document's type of the features.",
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
 * Feature tests that set up or look at what another feature keeps, through modules its index does
 * not offer: they seed its tables, read the mails it composes, or hand the outbox the newsletter's
 * mail hooks as the server does. Each such test is named here with the modules it may reach
 * (relative to app/features); the rest of the test, and the code beside it, keep the boundaries.
 */
const testReach = {
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
    return reached.length ? { ...zone, except: [...(zone.except ?? []), ...reached] } : zone;
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
