import { mailFooter, notificationAddress, type SiteSettings } from "~/features/settings/index.server";
import type { Db } from "~/platform/db/engines.server";
import { env } from "~/platform/env.server";
import type { OutgoingMail } from "~/platform/mail/outbox.server";
import { OWNER_TIME_ZONE } from "./berlin-time";
import { bookingLinkUrl } from "./booking-links.server";
import type { BookingType } from "./booking-types.server";
import {
  bookingUid,
  calendarEventIcs,
  invitationIcs,
  type BookingEvent,
} from "./calendars/invitation.server";
import { BOOKING_LOCATION_LABELS } from "./messages";
import type { Booking } from "./queries.server";
import { longDateIn, timeLabel } from "./slot-view.server";

/**
 * The mails of a visitor's booking, composed here and queued through the outbox in the
 * transaction that changed the booking: the visitor's confirmation (or "angefragt"), their
 * reminder, and the owner's notices of every booking, move and cancellation, each with its
 * `.ics` (one UID per booking, SEQUENCE raised with every change: decision 0028).
 */

export type BookingMailContext = { settings: SiteSettings; type: BookingType };

/** "Dienstag, 10. März 2026 um 09:00" in `timeZone`. */
export function appointmentLabel(start: Date, timeZone: string): string {
  return `${longDateIn(start, timeZone)} um ${timeLabel(start, timeZone)} Uhr`;
}

const zoneNote = (timeZone: string) => (timeZone === OWNER_TIME_ZONE ? "" : ` (Zeitzone ${timeZone})`);

/** Where the appointment takes place, as the mails and the .ics say it. */
function whereOf(type: BookingType): { line: string; location?: string; videoUrl?: string } {
  const label = BOOKING_LOCATION_LABELS[type.location_kind];
  const detail = type.location_detail.trim();
  if (type.location_kind === "video")
    return { line: detail ? `${label}: ${detail}` : label, ...(detail ? { videoUrl: detail } : {}) };
  return { line: detail ? `${label}: ${detail}` : label, ...(detail ? { location: detail } : {}) };
}

const siteHost = () => new URL(env().PUBLIC_URL).host;

/** The booking as a calendar event: for the invitations, CalDAV and "Zum Kalender hinzufügen". */
export function bookingEvent(booking: Booking, { settings, type }: BookingMailContext): BookingEvent {
  const where = whereOf(type);
  return {
    uid: bookingUid(booking.id, siteHost()),
    // token_version rises with every move and cancellation: a fitting SEQUENCE.
    sequence: booking.token_version,
    start: booking.starts_at,
    end: booking.ends_at,
    summary: `${type.name} mit ${settings.owner.name}`,
    description: type.description || undefined,
    location: where.location,
    videoUrl: where.videoUrl,
    status: booking.status === "angefragt" ? "TENTATIVE" : "CONFIRMED",
  };
}

/** The plain event for the download and CalDAV. */
export const bookingEventIcs = (booking: Booking, context: BookingMailContext) =>
  calendarEventIcs(bookingEvent(booking, context));

function invitation(booking: Booking, context: BookingMailContext, method: "REQUEST" | "CANCEL") {
  const content = invitationIcs(
    {
      ...bookingEvent(booking, context),
      organizer: { name: context.settings.owner.name, email: notificationAddress(context.settings) },
      attendee: { name: booking.name, email: booking.email },
    },
    method,
  );
  return { method, content } as const;
}

async function visitorLinks(db: Db, booking: Booking): Promise<string[]> {
  return [
    "Musst du den Termin verschieben? Hier wählst du einen neuen:",
    await bookingLinkUrl(db, booking, "verschieben"),
    "",
    "Kannst du nicht kommen? Hier sagst du ihn ab:",
    await bookingLinkUrl(db, booking, "absagen"),
    "",
    "Die Links gelten bis zum Beginn des Termins.",
  ];
}

/** To the visitor after booking or moving: confirmed, or asked for when the owner confirms. */
export async function visitorConfirmation(
  db: Db,
  booking: Booking,
  context: BookingMailContext,
  { moved = false }: { moved?: boolean } = {},
): Promise<OutgoingMail> {
  const requested = booking.status === "angefragt";
  const { type, settings } = context;
  const subject = requested
    ? `Terminanfrage: ${type.name}`
    : moved
      ? `Termin verschoben: ${type.name}`
      : `Terminbestätigung: ${type.name}`;
  return {
    to: booking.email,
    subject,
    headers: { "Reply-To": notificationAddress(settings) },
    calendar: invitation(booking, context, "REQUEST"),
    text: [
      `Hallo ${booking.name},`,
      "",
      requested
        ? `danke für deine Anfrage. ${settings.owner.name} bestätigt den Termin noch; du bekommst dann eine E-Mail.`
        : moved
          ? "dein Termin ist verschoben. Hier die neuen Angaben:"
          : "dein Termin ist gebucht. Hier die Angaben:",
      "",
      `Termin: ${type.name} (${type.duration_minutes} Minuten)`,
      `Wann:   ${appointmentLabel(booking.starts_at, booking.time_zone)}${zoneNote(booking.time_zone)}`,
      `Wo:     ${whereOf(type).line}`,
      "",
      "Die Einladung für deinen Kalender hängt an dieser E-Mail.",
      "",
      ...(await visitorLinks(db, booking)),
      "",
      ...mailFooter(settings),
    ].join("\n"),
  };
}

/** To the visitor after cancelling: the calendar's event goes too. */
export function visitorCancellation(booking: Booking, context: BookingMailContext): OutgoingMail {
  const { type, settings } = context;
  return {
    to: booking.email,
    subject: `Termin abgesagt: ${type.name}`,
    headers: { "Reply-To": notificationAddress(settings) },
    calendar: invitation(booking, context, "CANCEL"),
    text: [
      `Hallo ${booking.name},`,
      "",
      `dein Termin „${type.name}“ am ${appointmentLabel(booking.starts_at, booking.time_zone)}${zoneNote(booking.time_zone)} ist abgesagt.`,
      "",
      ...mailFooter(settings),
    ].join("\n"),
  };
}

/** To the visitor, `reminder_hours` before the appointment. */
export async function visitorReminder(
  db: Db,
  booking: Booking,
  context: BookingMailContext,
): Promise<OutgoingMail> {
  const { type, settings } = context;
  return {
    to: booking.email,
    subject: `Erinnerung: ${type.name}`,
    headers: { "Reply-To": notificationAddress(settings) },
    text: [
      `Hallo ${booking.name},`,
      "",
      "eine kurze Erinnerung an deinen Termin:",
      "",
      `Termin: ${type.name} (${type.duration_minutes} Minuten)`,
      `Wann:   ${appointmentLabel(booking.starts_at, booking.time_zone)}${zoneNote(booking.time_zone)}`,
      `Wo:     ${whereOf(type).line}`,
      "",
      ...(await visitorLinks(db, booking)),
      "",
      ...mailFooter(settings),
    ].join("\n"),
  };
}

export type OwnerNotice = "gebucht" | "angefragt" | "verschoben" | "abgesagt";

const OWNER_SUBJECTS: Record<OwnerNotice, string> = {
  gebucht: "Neuer Termin",
  angefragt: "Neue Terminanfrage",
  verschoben: "Termin verschoben",
  abgesagt: "Termin abgesagt",
};

/** To the owner (notification address): every booking, move and cancellation, with its .ics. */
export function ownerNotice(
  booking: Booking,
  context: BookingMailContext,
  notice: OwnerNotice,
  previousStart?: Date,
): OutgoingMail {
  const { type, settings } = context;
  const method = notice === "abgesagt" ? "CANCEL" : "REQUEST";
  return {
    to: notificationAddress(settings),
    subject: `${OWNER_SUBJECTS[notice]}: ${type.name}, ${appointmentLabel(booking.starts_at, OWNER_TIME_ZONE)}`,
    headers: { "Reply-To": booking.email },
    calendar: {
      method,
      content: invitationIcs(
        {
          ...bookingEvent(booking, context),
          organizer: { name: settings.owner.name, email: notificationAddress(settings) },
          attendee: { name: booking.name, email: booking.email },
        },
        method,
      ),
    },
    text: [
      notice === "abgesagt"
        ? `${booking.name} hat den Termin abgesagt.`
        : notice === "verschoben"
          ? `${booking.name} hat den Termin verschoben.`
          : notice === "angefragt"
            ? "Über die Website ist eine Terminanfrage eingegangen. Bestätige oder lehne sie im Admin-Bereich unter „Termine“ ab."
            : "Über die Website ist ein Termin gebucht worden.",
      "",
      `Termin: ${type.name} (${type.duration_minutes} Minuten)`,
      `Wann:   ${appointmentLabel(booking.starts_at, OWNER_TIME_ZONE)}`,
      ...(previousStart ? [`Bisher: ${appointmentLabel(previousStart, OWNER_TIME_ZONE)}`] : []),
      `Name:   ${booking.name}`,
      `E-Mail: ${booking.email}`,
      ...(booking.message ? ["", booking.message] : []),
      "",
      "Antworte direkt auf diese E-Mail, um der Person zu schreiben.",
      "",
      ...mailFooter(settings),
    ].join("\n"),
  };
}
