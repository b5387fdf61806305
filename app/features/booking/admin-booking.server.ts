import { z } from "zod";
import type { SiteSettings } from "~/features/settings/index.server";
import type { Db } from "~/platform/db/engines.server";
import type { PageRequest } from "~/platform/db/paged-search.server";
import { fieldErrors } from "~/platform/forms/schemas";
import { formatDateTime, formatTime } from "~/platform/format";
import { enqueueMail } from "~/platform/mail/outbox.server";
import { formValues } from "~/platform/forms/guard.server";
import { refused, whole, textOf, type AdminOutcome } from "./admin-form.server";
import { BOOKING_ADMIN_MESSAGES as M } from "./admin-messages";
import { bookingOpen, readBookingSettings, saveBookingSettings } from "./booking-settings.server";
import { findBookingType, listBookingTypes } from "./booking-types.server";
import { BOOKING_STATE_LABELS } from "./messages";
import { confirmationMail, declineMail, ownerCancelMail } from "./owner-mails.server";
import {
  cancelBooking,
  confirmBooking,
  declineBooking,
  pageOfBookings,
  type Booking,
} from "./queries.server";

/**
 * /admin/termine: booking on or off, the reminder and the retention, and the bookings with the
 * owner's answers (confirm, decline, cancel), each queueing the visitor's mail in the
 * transaction that changes the booking.
 */

export const BookingSettingsFormSchema = z.object({
  enabled: z.string().transform((value) => value === "on"),
  reminder_hours: whole(0, 168, M.reminderInvalid),
  retention_months: whole(1, 60, M.retentionInvalid),
});

const OwnerMessageSchema = z.object({
  message: z
    .string()
    .trim()
    .max(2000, M.ownerMessageTooLong)
    .transform((value) => value || null),
});

/** How far back the list reaches: what happened lately; older bookings wait for retention. */
const LIST_PAST_DAYS = 60;

export async function loadBookingOverview(db: Db, request: PageRequest = {}, now = new Date()) {
  const settings = await readBookingSettings(db);
  const types = await listBookingTypes(db);
  const names = new Map(types.map((type) => [type.id, type.name]));
  const { rows, ...page } = await pageOfBookings(db, {
    ...request,
    now,
    from: new Date(now.getTime() - LIST_PAST_DAYS * 86_400_000),
  });
  return {
    settings: {
      enabled: settings.enabled,
      reminder_hours: settings.reminder_hours,
      retention_months: settings.retention_months,
    },
    open: await bookingOpen(db),
    typeCount: types.length,
    visibleTypeCount: types.filter((type) => type.visible).length,
    bookings: {
      ...page,
      error: null,
      rows: rows.map((booking) => ({
        id: booking.id,
        state: booking.state,
        stateLabel: BOOKING_STATE_LABELS[booking.state],
        when: `${formatDateTime(booking.starts_at)}–${formatTime(booking.ends_at)}`,
        startsAt: booking.starts_at.toISOString(),
        typeName: names.get(booking.type_id) ?? "",
        name: booking.name,
        email: booking.email,
        message: booking.message,
        cancelMessage: booking.cancel_message,
        // Only what has not ended can be cancelled (cancelBooking).
        cancellable: booking.state === "angefragt" || booking.state === "bestaetigt",
      })),
    },
  };
}

/** "settings", "confirm", "decline", "cancel". */
export async function bookingOverviewAction(
  db: Db,
  form: FormData,
  site: SiteSettings,
  now = new Date(),
): Promise<AdminOutcome> {
  const intent = textOf(form, "intent");
  if (intent === "settings") {
    const values = formValues(form, ["enabled", "reminder_hours", "retention_months"]);
    const parsed = BookingSettingsFormSchema.safeParse(values);
    if (!parsed.success) return refused(intent, fieldErrors(parsed.error), values);
    await saveBookingSettings(db, parsed.data);
    return { ok: true, message: M.settingsSaved };
  }
  if (intent !== "confirm" && intent !== "decline" && intent !== "cancel")
    return refused(intent, {}, undefined, M.unknownAction);
  const id = textOf(form, "id");
  const parsed = OwnerMessageSchema.safeParse({ message: textOf(form, "message") });
  if (!parsed.success)
    return refused(intent, fieldErrors(parsed.error), { id, message: textOf(form, "message") });
  const message = parsed.data.message;
  const changed = await db.transaction(async (tx) => {
    const booking: Booking | undefined =
      intent === "confirm"
        ? await confirmBooking(tx, id, now)
        : intent === "decline"
          ? await declineBooking(tx, id, message, now)
          : await cancelBooking(tx, id, { by: "owner", message, now });
    if (!booking) return false;
    const typeName = (await findBookingType(tx, booking.type_id))?.name ?? "Termin";
    await enqueueMail(
      tx,
      intent === "confirm"
        ? confirmationMail(booking, typeName, site)
        : intent === "decline"
          ? declineMail(booking, typeName, message, site)
          : ownerCancelMail(booking, typeName, message, site),
    );
    return true;
  });
  if (!changed) return refused(intent, {}, undefined, M.bookingGone, 409);
  return {
    ok: true,
    message: intent === "confirm" ? M.confirmed : intent === "decline" ? M.declined : M.cancelled,
  };
}
