import ICAL from "ical.js";
import { Temporal } from "temporal-polyfill";
import { BERLIN_VTIMEZONE_LINES } from "./berlin-vtimezone.ts";
import { OWNER_TIME_ZONE } from "./ics-busy.ts";

/**
 * The iCalendar texts of a booking: the invitation mailed to the visitor and to the owner
 * (iTIP, RFC 5546: METHOD:REQUEST, and METHOD:CANCEL when it is called off), and the plain
 * event written into the owner's CalDAV calendar and offered as "Zum Kalender hinzufügen".
 * All carry the booking's one UID, so a calendar that receives two of them keeps one event.
 * Times are written in Europe/Berlin with its VTIMEZONE, so the event shows 09:00 in Berlin
 * on both sides of a daylight-saving change. Lines are folded at 75 octets and end in CRLF.
 */

export type Person = { name: string; email: string };

export type BookingEvent = {
  /** Stable per booking (`bookingUid`): every later text about it replaces the earlier ones. */
  uid: string;
  /** Raised with every change the visitor or owner is sent (moved, cancelled): RFC 5546 2.1.5. */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  /** An address, or a phone number. */
  location?: string;
  /** A video call's link: URL, and LOCATION when no other is given (many calendars show only that). */
  videoUrl?: string;
  /** TENTATIVE while the owner has yet to confirm ("angefragt"). */
  status?: "CONFIRMED" | "TENTATIVE";
  /** DTSTAMP: when this text was made. */
  stamp?: Date;
};

export type Invitation = BookingEvent & { organizer: Person; attendee: Person };

export const PRODUCT_ID = "-//Portfolio//Termine//DE";

/** A UID unique across the calendars it lands in: the booking's id at the site's host. */
export const bookingUid = (bookingId: string, siteHost: string) => `${bookingId}@${siteHost}`;

/** The Content-Type of a mail part or download with this text (RFC 6047 wants `method`). */
export const icsContentType = (method?: "REQUEST" | "CANCEL") =>
  `text/calendar; charset=utf-8${method ? `; method=${method}` : ""}`;

/** The invitation, or with "CANCEL" its cancellation (give it a higher `sequence`). */
export function invitationIcs(invitation: Invitation, method: "REQUEST" | "CANCEL"): string {
  const calendar = calendarWith(method);
  const event = eventOf(invitation, method === "CANCEL" ? "CANCELLED" : (invitation.status ?? "CONFIRMED"));
  event.addProperty(personProperty("organizer", invitation.organizer));
  const attendee = personProperty("attendee", invitation.attendee);
  attendee.setParameter("cutype", "INDIVIDUAL");
  attendee.setParameter("role", "REQ-PARTICIPANT");
  attendee.setParameter("partstat", "NEEDS-ACTION");
  attendee.setParameter("rsvp", "TRUE");
  event.addProperty(attendee);
  calendar.addSubcomponent(event);
  return text(calendar);
}

/** The event alone (no METHOD, no people): the owner's CalDAV calendar and the download. */
export function calendarEventIcs(event: BookingEvent): string {
  const calendar = calendarWith();
  calendar.addSubcomponent(eventOf(event, event.status ?? "CONFIRMED"));
  return text(calendar);
}

const BERLIN_VTIMEZONE = BERLIN_VTIMEZONE_LINES.join("\r\n");

const berlin = new ICAL.Timezone(ICAL.Component.fromString(BERLIN_VTIMEZONE));

function calendarWith(method?: "REQUEST" | "CANCEL") {
  const calendar = new ICAL.Component("vcalendar");
  calendar.addPropertyWithValue("prodid", PRODUCT_ID);
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("calscale", "GREGORIAN");
  if (method) calendar.addPropertyWithValue("method", method);
  calendar.addSubcomponent(ICAL.Component.fromString(BERLIN_VTIMEZONE));
  return calendar;
}

function eventOf(booking: BookingEvent, status: "CONFIRMED" | "TENTATIVE" | "CANCELLED") {
  const component = new ICAL.Component("vevent");
  const event = new ICAL.Event(component);
  event.uid = booking.uid;
  component.addPropertyWithValue("dtstamp", ICAL.Time.fromJSDate(booking.stamp ?? new Date(), true));
  event.startDate = inBerlin(booking.start);
  event.endDate = inBerlin(booking.end);
  event.sequence = booking.sequence;
  event.summary = oneLine(booking.summary);
  if (booking.description) event.description = booking.description;
  const location = booking.location ?? booking.videoUrl;
  if (location) event.location = oneLine(location);
  if (booking.videoUrl) component.addPropertyWithValue("url", booking.videoUrl);
  component.addPropertyWithValue("status", status);
  component.addPropertyWithValue("transp", "OPAQUE");
  return component;
}

/** The instant as Berlin's wall clock, tagged with the zone (TZID=Europe/Berlin). */
function inBerlin(instant: Date): InstanceType<typeof ICAL.Time> {
  const local = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(OWNER_TIME_ZONE);
  return new ICAL.Time(
    {
      year: local.year,
      month: local.month,
      day: local.day,
      hour: local.hour,
      minute: local.minute,
      second: local.second,
    },
    berlin,
  );
}

function personProperty(name: "organizer" | "attendee", person: Person) {
  const property = new ICAL.Property(name);
  // A CN may not hold a double quote even escaped (RFC 6868's ^' is read by few clients).
  property.setParameter("cn", oneLine(person.name).replaceAll('"', "'"));
  property.setValue(`mailto:${person.email}`);
  return property;
}

/** Control characters (a line break in a name) have no place in a one-line value. */
const oneLine = (value: string) => value.replace(/\p{Cc}+/gu, " ").trim();

function text(calendar: InstanceType<typeof ICAL.Component>): string {
  // ical.js cuts a long line into pieces of `foldLength` octets and puts the space of a
  // continuation line before the piece: 76 octets at 75, one more than RFC 5545 3.1 allows.
  const foldLength = ICAL.foldLength;
  ICAL.foldLength = 74;
  try {
    // Lines joined with CRLF, but the last one left open; RFC 5545 ends every line.
    return `${calendar.toString()}\r\n`;
  } finally {
    ICAL.foldLength = foldLength;
  }
}
