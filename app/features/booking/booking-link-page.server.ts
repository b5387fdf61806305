import { data } from "react-router";
import type { Db } from "~/platform/db/engines.server";
import { bookingLinkPath, bookingOfLink, type BookingLinkPurpose } from "./booking-links.server";
import { findBookingType } from "./booking-types.server";
import { BOOKING_LOCATION_LABELS, BOOKING_MESSAGES } from "./messages";
import type { BookingWithState } from "./queries.server";
import { appointmentLabelIn, zoneOf } from "./slot-view.server";

/**
 * The pages behind the signed links of the mails (confirmation, move, cancel): the booking when
 * the link holds, else a 403 with "Dieser Link ist ungültig oder abgelaufen." thrown as data,
 * which the route's ErrorBoundary shows.
 */
export async function bookingOfRequest(
  db: Db,
  request: Request,
  id: string | undefined,
  purpose: BookingLinkPurpose,
): Promise<BookingWithState> {
  const signature = new URL(request.url).searchParams.get("s");
  const booking = id ? await bookingOfLink(db, id, signature, purpose) : undefined;
  if (!booking) throw data(BOOKING_MESSAGES.linkInvalid, { status: 403 });
  return booking;
}

/** What the link pages show of a booking, in the visitor's zone (query `tz`, else theirs). */
export async function bookingSummary(db: Db, booking: BookingWithState, request: Request) {
  const type = await findBookingType(db, booking.type_id);
  const timeZone = zoneOf(new URL(request.url).searchParams.get("tz") ?? booking.time_zone);
  return {
    typeName: type?.name ?? "",
    typeSlug: type?.visible ? type.slug : null,
    durationMinutes:
      type?.duration_minutes ??
      Math.round((booking.ends_at.getTime() - booking.starts_at.getTime()) / 60_000),
    location: type ? BOOKING_LOCATION_LABELS[type.location_kind] : "",
    when: appointmentLabelIn(booking.starts_at, timeZone),
    timeZone,
    status: booking.status,
  };
}

export type BookingSummary = Awaited<ReturnType<typeof bookingSummary>>;

export const linksOf = async (db: Db, booking: BookingWithState) => ({
  move: await bookingLinkPath(db, booking, "verschieben"),
  cancel: await bookingLinkPath(db, booking, "absagen"),
  calendar: (await bookingLinkPath(db, booking, "ansehen")).replace("?", "/kalender.ics?"),
});
