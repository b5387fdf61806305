import type { Db } from "~/platform/db/engines.server";
import { busySourcesOf, listBookingFeeds, readBookingSettings } from "./booking-settings.server";
import { busyFromSources, type SourceReport } from "./calendars/feed-cache.server";
import type { Interval } from "./calendars/ics-busy";

/** The first and last instant any slot computation asks about: wider than any horizon. */
const FOREVER: Interval = { start: new Date("2000-01-01T00:00:00Z"), end: new Date("2100-01-01T00:00:00Z") };

export type OwnerBusy = {
  /** What blocks slots: the calendars' busy times, or all time while one cannot be read. */
  busy: Interval[];
  /** False while a calendar has neither a fresh read nor a good copy (no slot is offered). */
  complete: boolean;
  /** Per calendar, the feeds first, then CalDAV: for the admin's list with its errors. */
  sources: SourceReport[];
};

/**
 * The owner's calendars (the feeds and CalDAV of Termine's settings) as busy times from `from`
 * to `to`, through the process's cache (decision 0028). Fail closed: while one cannot be read
 * and has no good copy younger than 6 hours, the whole range is busy, so the slot computation
 * (and the re-check inside the booking's transaction) offers nothing.
 */
export async function ownerBusy(
  db: Db,
  range: { from: Date; to: Date },
  now = new Date(),
): Promise<OwnerBusy> {
  const [settings, feeds] = await Promise.all([readBookingSettings(db), listBookingFeeds(db)]);
  const sources = busySourcesOf(settings, feeds);
  if (sources.length === 0) return { busy: [], complete: true, sources: [] };
  const read = await busyFromSources(sources, range, now);
  return { busy: read.complete ? read.busy : [FOREVER], complete: read.complete, sources: read.sources };
}
