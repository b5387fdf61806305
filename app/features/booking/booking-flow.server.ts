import { siteSettingsOf } from "~/features/settings/index.server";
import type { Db } from "~/platform/db/engines.server";
import { logger } from "~/platform/logger.server";
import { enqueueMails } from "~/platform/mail/outbox.server";
import { MINUTE_MS } from "./berlin-time";
import { calDavAccountOf, readBookingSettings } from "./booking-settings.server";
import { findBookingType, type BookingType } from "./booking-types.server";
import { ownerBusy } from "./busy.server";
import { deleteCalDavEvent, writeCalDavEvent } from "./calendars/caldav.server";
import {
  cancelBooking,
  claimDueReminders,
  createBooking,
  moveBooking,
  setCaldavHref,
  type Booking,
  type BookingOutcome,
  type BookingRequest,
  type MoveOutcome,
} from "./queries.server";
import {
  bookingEvent,
  bookingEventIcs,
  ownerNotice,
  visitorCancellation,
  visitorConfirmation,
  visitorReminder,
  type BookingMailContext,
} from "./visitor-mails.server";

/**
 * What a visitor's booking, move and cancellation do beyond the row: the slot checked
 * against the owner's calendars, the mails queued in the booking's own transaction (both are
 * committed or neither), then the owner's CalDAV calendar written after the commit, whose
 * failure is logged and never fails the visitor's request.
 */

const DAY_MS = 24 * 60 * MINUTE_MS;

/** The calendars' busy times over everything `type` may offer. */
async function busyFor(db: Db, type: BookingType, now: Date) {
  const range = {
    from: new Date(now.getTime() - DAY_MS),
    to: new Date(now.getTime() + (type.horizon_days + 2) * DAY_MS),
  };
  return (await ownerBusy(db, range, now)).busy;
}

async function contextOf(db: Db, type: BookingType): Promise<BookingMailContext> {
  return { settings: (await siteSettingsOf(db)).settings, type };
}

/** Stores the booking if its slot is free now, with the visitor's and the owner's mails. */
export async function bookSlot(
  db: Db,
  type: BookingType,
  request: Omit<BookingRequest, "typeId">,
  now = new Date(),
): Promise<BookingOutcome> {
  const busy = await busyFor(db, type, now);
  const context = await contextOf(db, type);
  const outcome = await db.transaction(async (tx) => {
    const stored = await createBooking(tx, { ...request, typeId: type.id }, { busy, now });
    if (stored.status !== "stored") return stored;
    const { booking } = stored;
    await enqueueMails(tx, [
      await visitorConfirmation(tx, booking, context),
      ownerNotice(booking, context, booking.status === "angefragt" ? "angefragt" : "gebucht"),
    ]);
    return stored;
  });
  if (outcome.status === "stored") afterCommit(writeToCalDav(db, outcome.booking, context));
  return outcome;
}

/** Moves the booking (its signed link was checked) and tells both sides. */
export async function moveSlot(
  db: Db,
  booking: Booking,
  start: Date,
  now = new Date(),
): Promise<MoveOutcome> {
  const type = await findBookingType(db, booking.type_id);
  if (!type) return { status: "not-found" };
  const busy = await busyFor(db, type, now);
  const context = await contextOf(db, type);
  const outcome = await db.transaction(async (tx) => {
    const moved = await moveBooking(tx, booking.id, start, { busy, now });
    if (moved.status !== "moved") return moved;
    await enqueueMails(tx, [
      await visitorConfirmation(tx, moved.booking, context, { moved: true }),
      ownerNotice(moved.booking, context, "verschoben", booking.starts_at),
    ]);
    return moved;
  });
  if (outcome.status === "moved") afterCommit(writeToCalDav(db, outcome.booking, context));
  return outcome;
}

/** Cancels the booking by the visitor (its signed link was checked); undefined when nothing was. */
export async function cancelByVisitor(
  db: Db,
  booking: Booking,
  now = new Date(),
): Promise<Booking | undefined> {
  const type = await findBookingType(db, booking.type_id);
  if (!type) return undefined;
  const context = await contextOf(db, type);
  const cancelled = await db.transaction(async (tx) => {
    const row = await cancelBooking(tx, booking.id, { by: "visitor", now });
    if (!row) return undefined;
    await enqueueMails(tx, [visitorCancellation(row, context), ownerNotice(row, context, "abgesagt")]);
    return row;
  });
  if (cancelled?.caldav_href) afterCommit(removeFromCalDav(db, cancelled));
  return cancelled;
}

/**
 * Claims the reminders due (Einstellungen → Termine: `reminder_hours` before, 0 for none) and
 * queues their mails in the same transaction: a reminder is claimed and queued, or neither.
 * Resolves to how many were queued.
 */
export async function sendDueReminders(db: Db, now = new Date()): Promise<number> {
  const { reminder_hours: withinHours } = await readBookingSettings(db);
  if (withinHours <= 0) return 0;
  const { settings } = await siteSettingsOf(db);
  return db.transaction(async (tx) => {
    const due = await claimDueReminders(tx, { withinHours, now });
    const mails = [];
    for (const booking of due) {
      const type = await findBookingType(tx, booking.type_id);
      if (type) mails.push(await visitorReminder(tx, booking, { settings, type }));
    }
    if (mails.length > 0) await enqueueMails(tx, mails);
    return mails.length;
  });
}

/** Work after the commit that the visitor does not wait for; its failure is logged. */
function afterCommit(work: Promise<unknown>): void {
  void work.catch((error: unknown) => logger.warn({ err: error }, "booking: work after the commit failed"));
}

/** Writes (or rewrites) the booking's event into the owner's CalDAV calendar, when one is set. */
export async function writeToCalDav(db: Db, booking: Booking, context: BookingMailContext): Promise<void> {
  const account = calDavAccountOf(await readBookingSettings(db));
  if (!account) return;
  const written = await writeCalDavEvent(account, {
    uid: bookingEvent(booking, context).uid,
    ics: bookingEventIcs(booking, context),
    ...(booking.caldav_href ? { href: booking.caldav_href } : {}),
  });
  if (!written.ok) {
    logger.warn({ error: written.error }, "booking: the event could not be written to the CalDAV calendar");
    return;
  }
  if (written.href !== booking.caldav_href) await setCaldavHref(db, booking.id, written.href);
}

/** Removes a cancelled booking's event from the owner's CalDAV calendar. */
export async function removeFromCalDav(db: Db, booking: Booking): Promise<void> {
  const account = calDavAccountOf(await readBookingSettings(db));
  if (!account || !booking.caldav_href) return;
  const removed = await deleteCalDavEvent(account, booking.caldav_href);
  if (!removed.ok) {
    logger.warn({ error: removed.error }, "booking: the event could not be removed from the CalDAV calendar");
    return;
  }
  await setCaldavHref(db, booking.id, null);
}
