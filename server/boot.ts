import path from "node:path";
import { DEFAULT_PAGES } from "~/features/pages/built-in-pages";
import { fallbackProjects } from "~/features/projects/fallback-projects";
import { ensureAdmin } from "~/features/auth/admin-users.server";
import { loadDemoContent } from "~/features/projects/demo-content.server";
import {
  openDatabase,
  type DatabaseHandle,
  type DatabaseOptions,
  type Db,
} from "~/platform/db/engines.server";
import { insertMissingPages } from "~/features/pages/queries.server";
import { adoptOverviewTeasers } from "~/features/pages/pages.server";
import { env, type Env } from "~/platform/env.server";
import { runHousekeeping } from "~/features/privacy/housekeeping.server";
import { sendDueReminders } from "~/features/booking/index.server";
import { logger } from "~/platform/logger.server";
import { publicPagesChanged } from "~/platform/http/public-pages.server";
import { createSetupLink } from "~/features/auth/setup-link.server";
import { mailSender, siteSettingsOf, usesDemoData } from "~/features/settings/site-settings.server";
import { newsletterMailHooks } from "~/features/newsletter/mail-hooks.server";
import { createMailTransport } from "~/platform/mail/transport.server";
import { startMailWorker, type MailWorker } from "~/platform/mail/worker.server";

/**
 * What the server does at start, in this order:
 *
 * 1. open the database (PGlite in DATA_DIR, or DATABASE_URL) and apply the migrations;
 * 2. demo projects into an empty installation, and the built-in pages the editor has not stored
 *    (nor the owner deleted);
 * 3. the admin from ADMIN_EMAIL and ADMIN_PASSWORD, or else the one-time setup link in the log
 *    (and in a mail to ADMIN_EMAIL when SMTP_URL is set); a warning while
 *    the site still shows the demo owner's data;
 * 4. change notifications from the database, which empty the page cache;
 * 5. the mail worker, whose idle turns run the hourly housekeeping (retention, pruning).
 *
 * `main()` in server/app.ts boots before it listens, and stops if the database cannot be opened.
 * A database lost later does not stop the server: requests ask `database()` again, and a failed
 * start is tried once more by the next request (public pages show their built-in content
 * meanwhile). Loaders and actions get the handle through React Router's context
 * (`databaseContext`, set per request in server/app.ts), never from here.
 *
 * The state lives on globalThis so that the dev server's module reloads reuse the one database.
 */
const state = globalThis as typeof globalThis & {
  __booted?: Promise<DatabaseHandle>;
  __mailWorker?: MailWorker;
  __stopListening?: () => Promise<void>;
};

/** PostgreSQL when DATABASE_URL is set, else the embedded database in DATA_DIR. */
export function configuredDatabase(config: Env = env()): DatabaseOptions {
  return config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR };
}

/** The database, booted on the first call; a failed start is not kept, so the next call retries. */
export function database(): Promise<DatabaseHandle> {
  if (!state.__booted) {
    state.__booted = boot(env());
    state.__booted.catch(() => {
      state.__booted = undefined;
    });
  }
  return state.__booted;
}

let current: { booted: Promise<DatabaseHandle>; db: Promise<Db> } | undefined;

/**
 * The database for a request's context: one promise shared by all requests while the database
 * is up, settled (or failed) with the start. A failure is the requests' to handle, never an
 * unhandled rejection.
 */
export function requestDatabase(): Promise<Db> {
  const booted = database();
  if (current?.booted !== booted) {
    const db = booted.then((handle) => handle.db);
    db.catch(() => {});
    current = { booted, db };
  }
  return current.db;
}

/**
 * The database while it is up or starting, without starting it (undefined otherwise): for work
 * a request may skip, such as counting a visit, which must not retry the start on every page
 * served from the cache during an outage.
 */
export function runningDatabase(): Promise<Db> | undefined {
  return state.__booted ? requestDatabase() : undefined;
}

async function boot(config: Env): Promise<DatabaseHandle> {
  const handle = await openDatabase(configuredDatabase(config));
  try {
    await storeBuiltInContent(handle.db);
    await ensureOwnerAccess(handle.db, config);
  } catch (error) {
    await handle.close();
    throw error;
  }
  logger.info({ database: handle.kind }, "database ready");
  // Changes from any instance (or anyone editing the database) reach this one's page cache.
  state.__stopListening = await handle.listen("public_pages", publicPagesChanged);
  state.__mailWorker = startMailWorkerFor(handle.db, config);
  return handle;
}

async function storeBuiltInContent(db: Db): Promise<void> {
  if (await loadDemoContent(db, fallbackProjects)) {
    logger.info({ count: fallbackProjects.length }, "demo content loaded into the empty projects table");
  }
  const added = await insertMissingPages(
    db,
    [...DEFAULT_PAGES].map(([path, content], position) => ({ path, content, position })),
  );
  if (added > 0) logger.info({ count: added }, "built-in page content stored for the editor");
  const adopted = await adoptOverviewTeasers(db);
  if (adopted > 0) logger.info({ count: adopted }, "service pages took their blocks of the overview");
}

async function ensureOwnerAccess(db: Db, config: Env): Promise<void> {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const result = await ensureAdmin(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    logger.info(
      result === "created"
        ? "admin account from ADMIN_EMAIL created"
        : "admin account from ADMIN_EMAIL exists; password left unchanged",
    );
  }
  // With ADMIN_EMAIL and SMTP_URL the link also goes out by mail (the first start from a phone).
  const mailTo = config.ADMIN_EMAIL && config.SMTP_URL ? config.ADMIN_EMAIL : undefined;
  const setupLink = await createSetupLink(db, config.PUBLIC_URL, { mailTo });
  if (setupLink) {
    logger.warn(
      { setupLink, mailed: Boolean(mailTo) },
      "no admin account yet: open this one-time link to create it",
    );
  }
  if (usesDemoData((await siteSettingsOf(db)).settings)) {
    logger.warn("the site still shows the demo owner's data: enter your own under /admin/einstellungen");
  }
}

/** How often the mail worker's idle turns look for reminders due (Termine). */
const BOOKING_REMINDERS_EVERY_MS = 5 * 60 * 1000;

function startMailWorkerFor(db: Db, config: Env): MailWorker {
  const mailDropDir = path.join(config.DATA_DIR, "mail");
  let lastHousekeeping = 0;
  let lastReminders = 0;
  return startMailWorker({
    db,
    transport: createMailTransport({
      smtpUrl: config.SMTP_URL,
      from: async () => mailSender((await siteSettingsOf(db)).settings, config.MAIL_FROM),
      dropDir: mailDropDir,
    }),
    maxPerHour: config.MAIL_MAX_PER_HOUR,
    maxPerDay: config.MAIL_MAX_PER_DAY,
    hooks: newsletterMailHooks(db, config.PUBLIC_URL),
    onIdle: async () => {
      // Termine's reminders: claimed once across instances (claimDueReminders), so a few minutes'
      // delay is all an instance's turn can add.
      if (Date.now() - lastReminders >= BOOKING_REMINDERS_EVERY_MS) {
        lastReminders = Date.now();
        await sendDueReminders(db).then(
          (queued) => logger.debug({ queued }, "booking reminders checked"),
          (error: unknown) => logger.warn({ err: error }, "booking reminders could not be queued"),
        );
      }
      if (Date.now() - lastHousekeeping < 60 * 60 * 1000) return;
      lastHousekeeping = Date.now();
      await runHousekeeping(db, { mailDropDir, publicUrl: config.PUBLIC_URL });
    },
  });
}

/** Sends queued mail now instead of at the next poll (after a mail was committed). */
export function kickMailWorker(): void {
  state.__mailWorker?.kick();
}

/** Stops the mail worker and the change notifications, and closes the database if it was opened. */
export async function shutDown(): Promise<void> {
  await state.__mailWorker?.stop();
  state.__mailWorker = undefined;
  await state.__stopListening?.();
  state.__stopListening = undefined;
  const pending = state.__booted;
  state.__booted = undefined;
  if (pending) await (await pending).close();
}
