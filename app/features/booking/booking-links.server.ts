import type { Db } from "~/platform/db/engines.server";
import { hmac, installationSecret, safeEqual } from "~/platform/db/installation-secret.server";
import { env } from "~/platform/env.server";
import { findBooking, type Booking, type BookingWithState } from "./queries.server";

/**
 * The visitor's links to a booking: signed with the installation secret over the
 * booking's id, the link's purpose and its `token_version`, so each link does one thing and
 * every move or cancellation ends the links sent before it (decision 0027). They work until the
 * appointment starts.
 */
export type BookingLinkPurpose = "ansehen" | "verschieben" | "absagen";

const PATHS: Record<BookingLinkPurpose, string> = {
  ansehen: "/termine/bestaetigt",
  verschieben: "/termine/verschieben",
  absagen: "/termine/absagen",
};

const signatureOf = (
  secret: Buffer,
  booking: Pick<Booking, "id" | "token_version">,
  purpose: BookingLinkPurpose,
) => hmac(secret, `booking-link|${purpose}|${booking.id}|${booking.token_version}`);

/** The site-relative address of the booking's link for `purpose`. */
export async function bookingLinkPath(
  db: Db,
  booking: Pick<Booking, "id" | "token_version">,
  purpose: BookingLinkPurpose,
): Promise<string> {
  const signature = signatureOf(await installationSecret(db), booking, purpose);
  return `${PATHS[purpose]}/${booking.id}?s=${signature}`;
}

/** The link as a mail carries it: with the site's public address. */
export const bookingLinkUrl = async (
  db: Db,
  booking: Pick<Booking, "id" | "token_version">,
  purpose: BookingLinkPurpose,
) => `${env().PUBLIC_URL}${await bookingLinkPath(db, booking, purpose)}`;

/**
 * The booking a link leads to, when its signature holds for the booking as it is now and the
 * appointment has not begun; undefined for a forged, ended or expired link.
 */
export async function bookingOfLink(
  db: Db,
  id: string,
  signature: string | null,
  purpose: BookingLinkPurpose,
  now = new Date(),
): Promise<BookingWithState | undefined> {
  if (!signature) return undefined;
  const booking = await findBooking(db, id, now);
  if (!booking) return undefined;
  if (!safeEqual(signature, signatureOf(await installationSecret(db), booking, purpose))) return undefined;
  if (booking.starts_at.getTime() <= now.getTime()) return undefined;
  if (purpose !== "ansehen" && booking.status === "abgesagt") return undefined;
  return booking;
}
