/** What other features use of booking in the browser: the only way in from outside the folder. */
export { BOOKING_STATE_LABELS } from "./messages";
export { BOOKING_FORM } from "./booking-form";
