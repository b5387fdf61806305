import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/engines.server";
import { bookingFeeds, bookingSettings } from "~/platform/db/schema";
import { listVisibleBookingTypes } from "./booking-types.server";
import type { CalDavAccount } from "./calendars/caldav.server";
import type { BusySource } from "./calendars/feed-cache.server";

/**
 * Termine's settings and the owner's calendar feeds: the only module that touches
 * booking_settings and booking_feeds. Without a row, the defaults of the schema hold: booking
 * off, a reminder 24 hours before, bookings kept 6 months after their appointment, no CalDAV.
 */

export type BookingSettings = Omit<typeof bookingSettings.$inferSelect, "id" | "updated_at">;
export type BookingFeed = typeof bookingFeeds.$inferSelect;

export const DEFAULT_BOOKING_SETTINGS: BookingSettings = {
  enabled: false,
  reminder_hours: 24,
  retention_months: 6,
  caldav_url: null,
  caldav_username: null,
  caldav_password: null,
};

export async function readBookingSettings(db: Db): Promise<BookingSettings> {
  const [row] = await db.select().from(bookingSettings).where(eq(bookingSettings.id, 1));
  if (!row) return DEFAULT_BOOKING_SETTINGS;
  const { id: _id, updated_at: _updated, ...settings } = row;
  return settings;
}

/** Saves the given settings over the stored ones (or the defaults). */
export async function saveBookingSettings(
  db: Db,
  changes: Partial<BookingSettings>,
): Promise<BookingSettings> {
  const next = { ...(await readBookingSettings(db)), ...changes };
  await db
    .insert(bookingSettings)
    .values({ id: 1, ...next })
    .onConflictDoUpdate({ target: bookingSettings.id, set: { ...next, updated_at: sql`now()` } });
  return next;
}

/** Whether visitors can book: booking switched on and at least one type visible. */
export async function bookingOpen(db: Db): Promise<boolean> {
  const settings = await readBookingSettings(db);
  return settings.enabled && (await listVisibleBookingTypes(db)).length > 0;
}

export function listBookingFeeds(db: Db): Promise<BookingFeed[]> {
  return db.select().from(bookingFeeds).orderBy(asc(bookingFeeds.created_at));
}

export async function addBookingFeed(db: Db, feed: { label: string; url: string }): Promise<BookingFeed> {
  const [row] = await db.insert(bookingFeeds).values(feed).returning();
  return row!;
}

/** False when no such feed exists. */
export async function deleteBookingFeed(db: Db, id: string): Promise<boolean> {
  const deleted = await db
    .delete(bookingFeeds)
    .where(eq(bookingFeeds.id, id))
    .returning({ id: bookingFeeds.id });
  return deleted.length > 0;
}

/** The CalDAV calendar, when one is set up in full. */
export function calDavAccountOf(settings: BookingSettings): CalDavAccount | undefined {
  const { caldav_url: url, caldav_username: username, caldav_password: password } = settings;
  return url && username && password ? { url, username, password } : undefined;
}

/** Every calendar whose busy times block slots: the feeds, then the CalDAV calendar. */
export function busySourcesOf(settings: BookingSettings, feeds: BookingFeed[]): BusySource[] {
  const account = calDavAccountOf(settings);
  return [
    ...feeds.map((feed): BusySource => ({ kind: "ics", url: feed.url })),
    ...(account ? [{ kind: "caldav", account } satisfies BusySource] : []),
  ];
}
