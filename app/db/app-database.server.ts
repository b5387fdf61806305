import path from "node:path";
import { fallbackProjects } from "~/content/fallback-projects";
import { env, type Env } from "~/env.server";
import { logger } from "~/lib/logger.server";
import { publicPagesChanged } from "~/lib/public-pages.server";
import { createSetupLink } from "~/lib/setup-link.server";
import { ensureAdmin } from "./admin-users.server";
import { openDatabase, type DatabaseHandle, type DatabaseOptions, type Db } from "./engines.server";
import { loadDemoContent } from "./demo-content.server";
import { insertMissingPages } from "./pages.server";
import { DEFAULT_PAGES } from "~/content/pages";
import { runHousekeeping } from "~/lib/housekeeping.server";
import { startMailWorker, type MailWorker } from "~/mail/worker.server";
import { newsletterComposer } from "~/mail/newsletter.server";
import { createMailTransport } from "~/mail/transport.server";
import { mailSender, siteSettingsOf, usesDemoData } from "~/lib/site-settings.server";

/**
 * The application's one database, opened from the environment on first use: migrated,
 * demo content loaded into an empty installation, and the configured admin ensured.
 * Kept on globalThis so that the dev server's module reloads reuse it.
 */
const holder = globalThis as typeof globalThis & {
  __appDatabase?: Promise<DatabaseHandle>;
  __mailWorker?: MailWorker;
  __stopListening?: () => Promise<void>;
};

/** PostgreSQL when DATABASE_URL is set, else the embedded database in DATA_DIR. */
export function configuredDatabase(config: Env = env()): DatabaseOptions {
  return config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR };
}

async function initialise(): Promise<DatabaseHandle> {
  const config = env();
  const handle = await openDatabase(configuredDatabase(config));
  try {
    if (await loadDemoContent(handle.db, fallbackProjects)) {
      logger.info({ count: fallbackProjects.length }, "demo content loaded into the empty projects table");
    }
    const added = await insertMissingPages(
      handle.db,
      [...DEFAULT_PAGES].map(([path, content], position) => ({ path, content, position })),
    );
    if (added > 0) logger.info({ count: added }, "built-in page content stored for the editor");
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      const result = await ensureAdmin(handle.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
      logger.info(
        result === "created"
          ? "admin account from ADMIN_EMAIL created"
          : "admin account from ADMIN_EMAIL exists; password left unchanged",
      );
    }
    const setupLink = await createSetupLink(handle.db, config.PUBLIC_URL);
    if (setupLink) {
      logger.warn({ setupLink }, "no admin account yet: open this one-time link to create it");
    }
    if (usesDemoData((await siteSettingsOf(handle.db)).settings)) {
      logger.warn("the site still shows the demo owner's data: enter your own under /admin/einstellungen");
    }
  } catch (error) {
    await handle.close();
    throw error;
  }
  logger.info({ database: handle.kind }, "database ready");
  // Changes from any instance (or anyone editing the database) reach this one's page cache.
  holder.__stopListening = await handle.listen("public_pages", publicPagesChanged);
  const mailDropDir = path.join(config.DATA_DIR, "mail");
  holder.__mailWorker = startMailWorker({
    db: handle.db,
    transport: createMailTransport({
      smtpUrl: config.SMTP_URL,
      from: async () => mailSender((await siteSettingsOf(handle.db)).settings, config.MAIL_FROM),
      dropDir: mailDropDir,
    }),
    maxPerHour: config.MAIL_MAX_PER_HOUR,
    maxPerDay: config.MAIL_MAX_PER_DAY,
    compose: newsletterComposer(handle.db, config.PUBLIC_URL),
    onIdle: () => housekeeping(handle.db, mailDropDir),
  });
  return handle;
}

export function database(): Promise<DatabaseHandle> {
  if (!holder.__appDatabase) {
    holder.__appDatabase = initialise();
    // A failed start is not cached: the next call tries again.
    holder.__appDatabase.catch(() => {
      holder.__appDatabase = undefined;
    });
  }
  return holder.__appDatabase;
}

export async function getDb(): Promise<Db> {
  return (await database()).db;
}

/** Sends queued mail now instead of at the next poll (call after committing a mail). */
export function kickMailWorker(): void {
  holder.__mailWorker?.kick();
}

let lastHousekeeping = 0;

/** Hourly, when the mail worker is idle: the deletions of runHousekeeping. */
async function housekeeping(db: Db, mailDropDir: string): Promise<void> {
  if (Date.now() - lastHousekeeping < 60 * 60 * 1000) return;
  lastHousekeeping = Date.now();
  await runHousekeeping(db, { mailDropDir });
}

/** Stops the mail worker and closes the database if it was opened. */
export async function closeDatabase(): Promise<void> {
  await holder.__mailWorker?.stop();
  holder.__mailWorker = undefined;
  await holder.__stopListening?.();
  holder.__stopListening = undefined;
  const pending = holder.__appDatabase;
  holder.__appDatabase = undefined;
  if (pending) await (await pending).close();
}
