/**
 * Termine: what visitors and the owner read of the booking, as whole sentences, so a
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
  /** The slot was free when the page showed it and was booked by someone else meanwhile. */
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
  failure: "Dein Termin konnte nicht gebucht werden.",
  failureDescription: "Bitte versuche es später noch einmal oder schreib mir über das Kontaktformular.",
  moveFailure: "Dein Termin konnte nicht verschoben werden.",
  cancelFailure: "Dein Termin konnte nicht abgesagt werden.",
  alreadyCancelled: "Dieser Termin ist bereits abgesagt.",
  calendarsUnavailable: "Gerade können keine Termine angezeigt werden. Bitte versuche es später noch einmal.",
} as const;

/** The visitor's pages /termine, /termine/<art> and the pages of the links in the mails. */
export const BOOKING_PAGE = {
  title: "Termine",
  intro: "Wähle, worüber wir sprechen wollen, dann einen Tag und eine Uhrzeit.",
  chooseType: "Termin wählen",
  minutes: (minutes: number) => `${minutes} Minuten`,
  chooseDay: "Tag wählen",
  previousMonth: "Vorheriger Monat",
  nextMonth: "Nächster Monat",
  noDays: "In diesem Monat ist kein Termin mehr frei.",
  dayFree: "Termine frei",
  dayNone: "kein Termin frei",
  chooseTime: "Uhrzeit wählen",
  noSlots: "An diesem Tag ist kein Termin mehr frei.",
  timeZone: "Zeitzone",
  showZone: "Anzeigen",
  timesIn: (zone: string) => `Zeiten in ${zone}`,
  ownerZone: (zone: string) =>
    `Ich arbeite in der Zeitzone Europe/Berlin; die Zeiten sind in ${zone} angegeben.`,
  formTitle: "Deine Angaben",
  selected: "Gewählter Termin:",
  otherTime: "Andere Uhrzeit wählen",
  privacy: "Ich verwende deine Angaben nur für diesen Termin. Details in der",
  submit: "Termin buchen",
  submitRequest: "Termin anfragen",
  submitting: "Wird gebucht …",
  requiresConfirmation: "Dieser Termin wird erst nach meiner Bestätigung fest.",
  confirmedTitle: "Dein Termin ist gebucht.",
  requestedTitle: "Deine Terminanfrage ist eingegangen.",
  confirmedText: "Du bekommst gleich eine E-Mail mit allen Angaben und einer Einladung für deinen Kalender.",
  requestedText: "Du bekommst eine E-Mail, sobald ich den Termin bestätigt habe.",
  addToCalendar: "Zum Kalender hinzufügen",
  moveLink: "Termin verschieben",
  cancelLink: "Termin absagen",
  moveTitle: "Termin verschieben",
  moveCurrent: "Bisher:",
  moveSubmit: "Auf diese Zeit verschieben",
  cancelTitle: "Termin absagen",
  cancelQuestion: "Möchtest du diesen Termin wirklich absagen?",
  cancelSubmit: "Ja, Termin absagen",
  cancelledText: "Der Termin ist wieder frei. Du bekommst eine Bestätigung per E-Mail.",
  bookAgain: "Neuen Termin wählen",
  type: "Termin",
  when: "Wann",
  where: "Wo",
  duration: "Dauer",
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
