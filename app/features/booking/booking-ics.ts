import { siteSettingsOf } from "~/features/settings/index.server";
import { databaseContext } from "~/platform/http/request-context";
import type { Route } from "./+types/booking-ics";
import { bookingOfRequest } from "./booking-link-page.server";
import { findBookingType } from "./booking-types.server";
import { icsContentType } from "./calendars/invitation.server";
import { bookingEventIcs } from "./visitor-mails.server";

/** "Zum Kalender hinzufügen": the booking's event as a download, under its one UID (decision 0028). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const db = await context.get(databaseContext);
  const booking = await bookingOfRequest(db, request, params.id, "ansehen");
  const type = await findBookingType(db, booking.type_id);
  if (!type) return new Response(null, { status: 404 });
  const ics = bookingEventIcs(booking, { settings: (await siteSettingsOf(db)).settings, type });
  return new Response(ics, {
    headers: {
      "Content-Type": icsContentType(),
      "Content-Disposition": 'attachment; filename="termin.ics"',
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
