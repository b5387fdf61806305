import type { Db } from "~/platform/db/engines.server";
import { databaseContext, type RequestContext } from "~/platform/http/request-context";
import { versionedRead } from "~/platform/http/versioned-read.server";
import { readBookingSettings } from "./booking-settings.server";

/** As the Datenschutzerklärung takes them (LegalFacts in features/settings/legal/types.ts). */
export type BookingFacts = { retentionMonths: number; calDavHost?: string };

/**
 * What the Datenschutzerklärung says about Termine: nothing while booking is off; else the
 * retention and the host of the CalDAV calendar the appointments go to (its processor).
 */
export async function bookingLegalFacts(db: Db): Promise<BookingFacts | undefined> {
  const settings = await readBookingSettings(db);
  if (!settings.enabled) return undefined;
  const host = settings.caldav_url ? URL.parse(settings.caldav_url)?.hostname : undefined;
  return { retentionMonths: settings.retention_months, ...(host && { calDavHost: host }) };
}

/** Read once per version of the public pages (an admin write bumps it), like the backup facts. */
const factsRead = versionedRead<BookingFacts | undefined>(
  "booking facts",
  bookingLegalFacts,
  () => undefined,
);

export const bookingFacts = (context: RequestContext): Promise<BookingFacts | undefined> =>
  factsRead.load(() => context.get(databaseContext));
