import { replaceWeeklyHours } from "~/features/booking/availability.server";
import { saveBookingSettings } from "~/features/booking/booking-settings.server";
import { createBookingType, type BookingTypeInput } from "~/features/booking/booking-types.server";
import type { Db } from "~/platform/db/engines.server";

/**
 * The booking suites' start: the same weekly hours every day (09:00–12:00 unless `hours` says
 * otherwise) and the Termin-Art "Kostenloses Erstgespräch" (/termine/erstgespraech, 30 minutes
 * by video) with `type`'s changes; with `open`, booking switched on for visitors.
 */
export async function bookableType(
  db: Db,
  {
    type = {},
    hours = { startMinute: 540, endMinute: 720 },
    open = false,
  }: {
    type?: Partial<BookingTypeInput>;
    hours?: { startMinute: number; endMinute: number };
    open?: boolean;
  } = {},
) {
  if (open) await saveBookingSettings(db, { enabled: true });
  await replaceWeeklyHours(
    db,
    [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ...hours })),
  );
  const saved = await createBookingType(db, {
    slug: "erstgespraech",
    name: "Kostenloses Erstgespräch",
    duration_minutes: 30,
    location_kind: "video",
    ...type,
  });
  if (saved.status !== "saved") throw new Error(`type not saved: ${saved.status}`);
  return saved.type;
}
