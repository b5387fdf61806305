import ICAL from "ical.js";
import { Temporal } from "temporal-polyfill";
import { expect, test } from "vitest";
import {
  bookingUid,
  calendarEventIcs,
  icsContentType,
  invitationIcs,
  type Invitation,
} from "./invitation.server";

/** The texts are read back with ical.js, as a mail client's calendar would read them. */
const invitation = (fields: Partial<Invitation> = {}): Invitation => ({
  uid: bookingUid("b-0042", "www.example.de"),
  sequence: 0,
  // Sunday 29 March 2026, the day summer time begins: 09:00 in Berlin is 07:00 UTC.
  start: new Date("2026-03-29T07:00:00Z"),
  end: new Date("2026-03-29T07:30:00Z"),
  summary: "Kostenloses Erstgespräch mit Anna Beispiel",
  description: "Wir sprechen über Dein Vorhaben.\nAbsagen oder verschieben: https://www.example.de/termine/x",
  videoUrl: "https://meet.example.de/anna-erstgespraech",
  organizer: { name: "Anna Beispiel", email: "anna@example.de" },
  attendee: { name: "Max Müller", email: "max@example.org" },
  stamp: new Date("2026-03-01T10:00:00Z"),
  ...fields,
});

const parsed = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent("vevent")!;
  return { calendar, event, start: event.getFirstProperty("dtstart")! };
};

test("the invitation: METHOD:REQUEST, 09:00 Europe/Berlin on the day summer time begins, organizer and attendee", () => {
  const text = invitationIcs(invitation(), "REQUEST");
  const { calendar, event, start } = parsed(text);
  expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
  expect(start.getParameter("tzid")).toBe("Europe/Berlin");
  expect(start.getFirstValue()!.toString()).toBe("2026-03-29T09:00:00");
  // The VTIMEZONE sent along makes that the right instant (its summer time rule is right).
  expect((start.getFirstValue() as InstanceType<typeof ICAL.Time>).toUnixTime()).toBe(
    Date.parse("2026-03-29T07:00:00Z") / 1000,
  );
  expect(event.getFirstPropertyValue("uid")).toBe("b-0042@www.example.de");
  expect(event.getFirstPropertyValue("sequence")).toBe(0);
  expect(event.getFirstPropertyValue("status")).toBe("CONFIRMED");
  expect(event.getFirstPropertyValue("dtstamp")!.toString()).toBe("2026-03-01T10:00:00Z");
  expect(event.getFirstPropertyValue("url")).toBe("https://meet.example.de/anna-erstgespraech");
  expect(event.getFirstPropertyValue("location")).toBe("https://meet.example.de/anna-erstgespraech");
  expect(event.getFirstPropertyValue("description")).toContain("\nAbsagen oder verschieben");
  const organizer = event.getFirstProperty("organizer")!;
  expect([organizer.getParameter("cn"), organizer.getFirstValue()]).toEqual([
    "Anna Beispiel",
    "mailto:anna@example.de",
  ]);
  const attendee = event.getFirstProperty("attendee")!;
  expect(attendee.getFirstValue()).toBe("mailto:max@example.org");
  expect(attendee.getParameter("cn")).toBe("Max Müller");
  expect(attendee.getParameter("rsvp")).toBe("TRUE");
  expect(attendee.getParameter("partstat")).toBe("NEEDS-ACTION");
});

test("every line ends in CRLF and none is longer than 75 octets", () => {
  const text = invitationIcs(
    invitation({ description: "Ein längerer Text über Ümläute. ".repeat(20) }),
    "REQUEST",
  );
  expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
  expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
  const lines = text.split("\r\n").slice(0, -1);
  expect(Math.max(...lines.map((line) => Buffer.byteLength(line)))).toBeLessThanOrEqual(75);
  // Folded lines read back whole.
  expect(parsed(text).event.getFirstPropertyValue("description")).toBe(
    "Ein längerer Text über Ümläute. ".repeat(20),
  );
});

test("on the day summer time ends, 09:00 in Berlin is 08:00 UTC", () => {
  const text = invitationIcs(
    invitation({ start: new Date("2026-10-25T08:00:00Z"), end: new Date("2026-10-25T09:00:00Z") }),
    "REQUEST",
  );
  const start = parsed(text).start;
  expect(start.getFirstValue()!.toString()).toBe("2026-10-25T09:00:00");
  expect((start.getFirstValue() as InstanceType<typeof ICAL.Time>).toUnixTime()).toBe(
    Date.parse("2026-10-25T08:00:00Z") / 1000,
  );
});

test("the VTIMEZONE sent along agrees with the tz database for every hour of 2026 and 2027", () => {
  const text = invitationIcs(invitation(), "REQUEST");
  const zone = new ICAL.Timezone(parsed(text).calendar.getFirstSubcomponent("vtimezone")!);
  for (let hour = 0; hour < 2 * 365 * 24; hour++) {
    const instant = Temporal.Instant.from("2026-01-01T00:00:00Z").add({ hours: hour });
    const local = instant.toZonedDateTimeISO("Europe/Berlin");
    // The hour of each change exists twice or not at all; those are covered above.
    if (local.hour === 2) continue;
    const time = new ICAL.Time(
      { year: local.year, month: local.month, day: local.day, hour: local.hour },
      zone,
    );
    expect(time.toUnixTime(), local.toString()).toBe(instant.epochMilliseconds / 1000);
  }
});

test("the cancellation: METHOD:CANCEL, the same UID, a higher SEQUENCE, STATUS:CANCELLED", () => {
  const text = invitationIcs(invitation({ sequence: 2 }), "CANCEL");
  const { calendar, event } = parsed(text);
  expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
  expect(event.getFirstPropertyValue("uid")).toBe("b-0042@www.example.de");
  expect(event.getFirstPropertyValue("sequence")).toBe(2);
  expect(event.getFirstPropertyValue("status")).toBe("CANCELLED");
  expect(event.getFirstProperty("attendee")!.getFirstValue()).toBe("mailto:max@example.org");
  expect(icsContentType("CANCEL")).toBe("text/calendar; charset=utf-8; method=CANCEL");
});

test("the plain event (CalDAV, 'Zum Kalender hinzufügen'): no METHOD, no people, the same UID and time", () => {
  const {
    organizer: _organizer,
    attendee: _attendee,
    ...event
  } = invitation({ location: "Musterstraße 1, 10115 Berlin" });
  const text = calendarEventIcs(event);
  const read = parsed(text);
  expect(read.calendar.getFirstPropertyValue("method")).toBeNull();
  expect(read.event.hasProperty("organizer") || read.event.hasProperty("attendee")).toBe(false);
  expect(read.event.getFirstPropertyValue("uid")).toBe("b-0042@www.example.de");
  expect(read.start.getFirstValue()!.toString()).toBe("2026-03-29T09:00:00");
  expect(read.event.getFirstPropertyValue("location")).toBe("Musterstraße 1, 10115 Berlin");
  expect(text.endsWith("\r\n")).toBe(true);
});

test("a name with quotes or a line break cannot break the ORGANIZER or ATTENDEE line", () => {
  const text = invitationIcs(
    invitation({ attendee: { name: 'Max "Maxi"\r\nMüller; Berlin', email: "max@example.org" } }),
    "REQUEST",
  );
  const attendee = parsed(text).event.getFirstProperty("attendee")!;
  expect(attendee.getParameter("cn")).toBe("Max 'Maxi' Müller; Berlin");
  expect(attendee.getFirstValue()).toBe("mailto:max@example.org");
});
