import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "~/platform/db/engines.server";
import { pruneBookings, readBookingSettings } from "~/features/booking/index.server";
import { pruneContactSubmissions } from "~/features/contact/index.server";
import { issueRunning, pruneConsentRecords, prunePending } from "~/features/newsletter/index.server";
import { pruneRateLimits } from "~/platform/db/rate-limits.server";
import { pruneOutbox } from "~/platform/mail/outbox.server";
import { MAIL_RECORD_DAYS } from "~/platform/mail/retention";
import { logger } from "~/platform/logger.server";
import { pruneExpiredSessions, pruneExpiredChallenges } from "~/features/auth/index.server";
import { readSiteSettings } from "~/features/settings/index.server";
import { pruneVisits, reclaimVisitSpace, sendWeeklyReport } from "~/features/statistics/index.server";
import { env } from "~/platform/env.server";

/** Any number, the same on every instance: the advisory lock that lets one instance at a time run. */
export const HOUSEKEEPING_LOCK = 4_151_515;

/** How many rows (and dropped mail files) one run deleted, per kind. */
export type HousekeepingCounts = {
  contactRequests: number;
  mails: number;
  mailFiles: number;
  unconfirmedSignUps: number;
  consentRecords: number;
  rateLimits: number;
  sessions: number;
  /** Raw visit events past 30 days (their days rolled up into the daily totals first). */
  visitEvents: number;
  /** Bookings whose appointment ended longer ago than Termine's retention (default 6 months). */
  bookings: number;
};

/**
 * The deletions the privacy policy promises, in one transaction under an advisory
 * lock, so that only one instance runs them at a time: contact requests past their period
 * (Einstellungen) unless marked "Aufbewahren", records of mails sent or failed more than 30 days
 * ago, never-confirmed sign-ups, proof-and-block records past their period, rate-limit counters
 * (with the used form tokens, after the tokens' 24 hours), expired sessions, and raw visit
 * events past 30 days once their days are rolled up (with the salts of past days). Logs the counts, never an address. Resolves to the counts, or to
 * undefined when another instance holds the lock. Under the same lock, once the days are rolled
 * up, the statistics' weekly report is queued when it is due (Monday from 07:00 Berlin), so no
 * two instances send it.
 */
export async function runHousekeeping(
  db: Db,
  options: {
    mailDropDir?: string;
    /** For the absolute links of the mails queued here (default: the environment's PUBLIC_URL). */
    publicUrl?: string;
    now?: Date;
  } = {},
): Promise<HousekeepingCounts | undefined> {
  const now = options.now ?? new Date();
  // Read fresh: the period may have changed on another instance since this one cached it.
  const { settings } = await readSiteSettings(db);
  const booking = await readBookingSettings(db);
  const counts = await db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${HOUSEKEEPING_LOCK}) as locked`),
    );
    if (!lock?.locked) return undefined;
    const deleted = {
      contactRequests: await pruneContactSubmissions(tx, Number(settings.privacy.contactMonths)),
      mails: await pruneOutbox(tx, issueRunning),
      mailFiles: 0,
      unconfirmedSignUps: await prunePending(tx),
      consentRecords: await pruneConsentRecords(tx),
      rateLimits: await pruneRateLimits(tx),
      sessions: await pruneExpiredSessions(tx),
      signInChallenges: await pruneExpiredChallenges(tx),
      visitEvents: await pruneVisits(tx, now),
      bookings: await pruneBookings(tx, booking.retention_months, now),
    };
    // In a savepoint of its own: a report that fails is logged and tried again at the next run,
    // and never undoes the deletions above.
    await sendWeeklyReport(tx, settings, { publicUrl: options.publicUrl ?? env().PUBLIC_URL, now }).catch(
      (error: unknown) => logger.error({ err: error }, "statistics: the weekly report could not be queued"),
    );
    return deleted;
  });
  if (!counts) return undefined;
  if (counts.visitEvents > 0) await reclaimVisitSpace(db);
  if (options.mailDropDir) counts.mailFiles = await pruneMailDrop(options.mailDropDir);
  logger.info(counts, "housekeeping: expired data deleted");
  return counts;
}

/**
 * Without SMTP_URL, mails are written to files in the mail drop; they follow the outbox records
 * and go after MAIL_RECORD_DAYS.
 */
async function pruneMailDrop(directory: string): Promise<number> {
  const files = await readdir(directory).catch(() => [] as string[]);
  const before = Date.now() - MAIL_RECORD_DAYS * 24 * 60 * 60 * 1000;
  let deleted = 0;
  for (const name of files.filter((file) => file.endsWith(".eml"))) {
    const file = path.join(directory, name);
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < before) {
      await unlink(file).catch(() => undefined);
      deleted++;
    }
  }
  return deleted;
}
