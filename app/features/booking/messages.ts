/**
 * Termine (issue 30): what visitors and the owner read of the booking, as whole sentences, so a
 * search for a sentence someone saw finds it here.
 */
import type { BookingLocationKind } from "~/platform/db/schema";
import type { BookingState } from "./booking-state";

/** The visitor's booking form (BookingSchema in schema.ts). */
export const BOOKING_FIELD_MESSAGES = {
  nameMissing: "Bitte gib deinen Namen ein.",
  nameTooLong: "Dein Name darf höchstens 100 Zeichen lang sein.",
  messageTooLong: "Deine Nachricht darf höchstens 4000 Zeichen lang sein.",
  slotMissing: "Bitte wähle einen Termin.",
  slotInvalid: "Dieser Termin ist ungültig. Bitte wähle einen Termin aus der Liste.",
  timeZoneInvalid: "Diese Zeitzone kennen wir nicht. Bitte wähle deine Zeitzone aus der Liste.",
} as const;

/** The answers to a booking, a move or a cancellation. */
export const BOOKING_MESSAGES = {
  /** The slot was free when the page showed it and was booked by someone else meanwhile (issue 30). */
  slotTaken: "Dieser Termin ist gerade vergeben worden.",
  nextSlots: "Diese Termine sind noch frei:",
  noNextSlots: "In nächster Zeit ist leider kein Termin mehr frei.",
  notOffered: "Dieser Termin wird nicht angeboten. Bitte wähle einen Termin aus der Liste.",
  slotPast: "Dieser Termin liegt in der Vergangenheit. Bitte wähle einen anderen Termin.",
  booked: "Dein Termin ist gebucht.",
  requested: "Deine Terminanfrage ist eingegangen. Du bekommst eine E-Mail, sobald sie bestätigt ist.",
  moved: "Dein Termin ist verschoben.",
  cancelled: "Dein Termin ist abgesagt.",
  linkInvalid: "Dieser Link ist ungültig oder abgelaufen. Bitte nutze den Link aus deiner neuesten E-Mail.",
} as const;

/** A booking's state in the owner's list. */
export const BOOKING_STATE_LABELS: Record<BookingState, string> = {
  angefragt: "angefragt",
  bestaetigt: "bestätigt",
  abgesagt: "abgesagt",
  vergangen: "vergangen",
};

export const BOOKING_LOCATION_LABELS: Record<BookingLocationKind, string> = {
  vor_ort: "Vor Ort",
  telefon: "Telefon",
  video: "Video",
};
