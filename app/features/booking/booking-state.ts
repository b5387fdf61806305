import type { BookingStatus } from "~/platform/db/schema";

/**
 * What the owner's list shows: the stored status, or "vergangen" once an appointment that was
 * not cancelled has ended. Derived, never stored: no job has to move bookings into the past.
 */
export type BookingState = BookingStatus | "vergangen";

export function bookingState(booking: { status: BookingStatus; ends_at: Date }, now: Date): BookingState {
  if (booking.status === "abgesagt") return "abgesagt";
  return booking.ends_at <= now ? "vergangen" : booking.status;
}
