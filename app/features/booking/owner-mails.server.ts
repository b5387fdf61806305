import { mailFooter, type SiteSettings } from "~/features/settings/index.server";
import type { OutgoingMail } from "~/platform/mail/outbox.server";
import type { Booking } from "./queries.server";

/**
 * The visitor's mails when the owner confirms, declines or cancels their booking: plain text, in
 * the visitor's time zone, signed like every mail of the site. Queued by the admin's action in
 * the transaction that changes the booking (admin-booking.server.ts).
 */

type MailBooking = Pick<Booking, "name" | "email" | "starts_at" | "ends_at" | "time_zone">;

/** "Dienstag, 10. März 2026, 09:00–10:00 Uhr (Europe/Berlin)" in the visitor's zone. */
export function appointmentText(booking: MailBooking): string {
  const zone = booking.time_zone;
  const day = booking.starts_at.toLocaleDateString("de-DE", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: zone,
  });
  const time = (at: Date) =>
    at.toLocaleTimeString("de-DE", { hour: "2-digit", minute: "2-digit", timeZone: zone });
  return `${day}, ${time(booking.starts_at)}–${time(booking.ends_at)} Uhr (${zone})`;
}

const ownerMessage = (message: string | null) => (message ? ["", "Nachricht:", message] : []);

function visitorMail(
  booking: MailBooking,
  typeName: string,
  subject: string,
  sentence: string,
  settings: SiteSettings,
  message: string | null = null,
): OutgoingMail {
  return {
    to: booking.email,
    subject: `${subject}: ${typeName}`,
    headers: { "Reply-To": settings.owner.email },
    text: [
      `Hallo ${booking.name},`,
      "",
      sentence,
      "",
      `${typeName}`,
      appointmentText(booking),
      ...ownerMessage(message),
      "",
      "Bei Fragen antworte einfach auf diese E-Mail.",
      "",
      ...mailFooter(settings),
    ].join("\n"),
  };
}

export const confirmationMail = (booking: MailBooking, typeName: string, settings: SiteSettings) =>
  visitorMail(booking, typeName, "Termin bestätigt", "dein Termin ist bestätigt:", settings);

export const declineMail = (
  booking: MailBooking,
  typeName: string,
  message: string | null,
  settings: SiteSettings,
) =>
  visitorMail(
    booking,
    typeName,
    "Terminanfrage abgelehnt",
    "deine Terminanfrage kann ich leider nicht annehmen:",
    settings,
    message,
  );

export const ownerCancelMail = (
  booking: MailBooking,
  typeName: string,
  message: string | null,
  settings: SiteSettings,
) =>
  visitorMail(booking, typeName, "Termin abgesagt", "dein Termin muss leider ausfallen:", settings, message);
