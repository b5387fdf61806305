/** What other features use of booking on the server: the only way in from outside the folder. */
export {
  bookingsByAddress,
  claimDueReminders,
  deleteBookingsByAddress,
  pruneBookings,
  type BookingExport,
} from "./queries.server";
export {
  bookingOpen,
  readBookingSettings,
  type BookingSettings,
  DEFAULT_BOOKING_SETTINGS,
} from "./booking-settings.server";
export { ownerBusy, type OwnerBusy } from "./busy.server";
export { bookingFacts, bookingLegalFacts } from "./legal-facts.server";
export { sendDueReminders } from "./booking-flow.server";
