/**
 * The visitors' bookings: the only module that touches `bookings` (tableOwners in
 * eslint.config.js). Storing and moving re-check the slot inside their transaction, under one
 * advisory lock, so that no two bookings ever take one slot (decision 0027-booking).
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/engines.server";
import { bookings } from "~/platform/db/schema";
import { pagedSearch, type Page, type PageRequest } from "~/platform/db/paged-search.server";
import { isUuid } from "~/platform/uuid";
import { berlinDayOf, MINUTE_MS } from "./berlin-time";
import { bookingState, type BookingState } from "./booking-state";
import { findBookingType, listBookingTypes, slotRulesOf, type BookingType } from "./booking-types.server";
import { loadAvailability } from "./availability.server";
import { slotRefusal, type BlockingBooking, type Interval, type SlotInput, type SlotRefusal } from "./slots";

/**
 * Any number, the same on every instance and connection: held by every transaction that checks
 * a slot and then writes a booking, so the check and the write are one step for all others.
 */
export const BOOKING_LOCK = 3_027_030;

export type Booking = typeof bookings.$inferSelect;
export type BookingWithState = Booking & { state: BookingState };

/** What the slot check takes besides the database: the calendars' busy times and the time. */
export type SlotCheck = { busy: Interval[]; now?: Date };

export type BookingRequest = {
  typeId: string;
  start: Date;
  name: string;
  email: string;
  message: string | null;
  /** The visitor's IANA time zone (BookingSchema). */
  timeZone: string;
};

export type BookingOutcome = { status: "stored"; booking: Booking } | SlotRefusal;
export type MoveOutcome = { status: "moved"; booking: Booking } | SlotRefusal | { status: "not-found" };

const ACTIVE = ["angefragt", "bestaetigt"] as const;
const DAY_MS = 24 * 60 * MINUTE_MS;

const blockingOf = (booking: Booking): BlockingBooking => ({
  typeId: booking.type_id,
  status: booking.status,
  start: booking.starts_at,
  end: booking.ends_at,
  bufferBeforeMinutes: booking.buffer_before_minutes,
  bufferAfterMinutes: booking.buffer_after_minutes,
});

/**
 * Everything the slots of `type` depend on: hours, overrides and the active bookings from a week
 * before now (the current ISO week counts towards the weekly cap) to a week past the horizon.
 * `exceptId` leaves out the booking being moved.
 */
export async function loadSlotInput(
  db: Db,
  type: BookingType,
  { busy, now = new Date() }: SlotCheck,
  exceptId?: string,
): Promise<SlotInput> {
  const from = new Date(now.getTime() - 8 * DAY_MS);
  const to = new Date(now.getTime() + (type.horizon_days + 8) * DAY_MS);
  const availability = await loadAvailability(db, { from: berlinDayOf(from), to: berlinDayOf(to) });
  const rows = await db
    .select()
    .from(bookings)
    .where(
      and(
        inArray(bookings.status, ACTIVE),
        lt(bookings.starts_at, to),
        gt(bookings.ends_at, from),
        exceptId ? ne(bookings.id, exceptId) : undefined,
      ),
    );
  return { type: slotRulesOf(type), ...availability, busy, bookings: rows.map(blockingOf), now };
}

/** Waits for the booking lock; released when the transaction ends. */
const lockBookings = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);

/**
 * Stores a visitor's booking of a visible type if its slot is free at this moment: the slot is
 * checked again under the booking lock, against the bookings committed until then, and stored in
 * the same transaction. "angefragt" when the type requires the owner's confirmation.
 */
export async function createBooking(
  db: Db,
  request: BookingRequest,
  check: SlotCheck,
): Promise<BookingOutcome> {
  const now = check.now ?? new Date();
  return db.transaction(async (tx) => {
    await lockBookings(tx);
    const type = await findBookingType(tx, request.typeId);
    if (!type?.visible) return { status: "not-offered" };
    const refusal = slotRefusal(await loadSlotInput(tx, type, { busy: check.busy, now }), request.start);
    if (refusal) return refusal;
    const [booking] = await tx
      .insert(bookings)
      .values({
        type_id: type.id,
        starts_at: request.start,
        ends_at: new Date(request.start.getTime() + type.duration_minutes * MINUTE_MS),
        buffer_before_minutes: type.buffer_before_minutes,
        buffer_after_minutes: type.buffer_after_minutes,
        name: request.name,
        email: request.email,
        message: request.message,
        time_zone: request.timeZone,
        status: type.requires_confirmation ? "angefragt" : "bestaetigt",
        confirmed_at: type.requires_confirmation ? null : now,
      })
      .returning();
    return { status: "stored", booking: booking! };
  });
}

/**
 * Moves an active booking that has not begun to a new slot, checked as createBooking checks
 * (its own old slot does not count against it; a hidden type may still be moved within). The
 * old move and cancel links end, the reminder is due again, and a type that requires
 * confirmation needs it again.
 */
export async function moveBooking(db: Db, id: string, start: Date, check: SlotCheck): Promise<MoveOutcome> {
  const now = check.now ?? new Date();
  if (!isUuid(id)) return { status: "not-found" };
  return db.transaction(async (tx) => {
    await lockBookings(tx);
    const [current] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, id), movable(now)));
    const type = current && (await findBookingType(tx, current.type_id));
    if (!current || !type) return { status: "not-found" };
    const refusal = slotRefusal(await loadSlotInput(tx, type, { busy: check.busy, now }, id), start);
    if (refusal) return refusal;
    const [booking] = await tx
      .update(bookings)
      .set({
        starts_at: start,
        ends_at: new Date(start.getTime() + type.duration_minutes * MINUTE_MS),
        buffer_before_minutes: type.buffer_before_minutes,
        buffer_after_minutes: type.buffer_after_minutes,
        status: type.requires_confirmation ? "angefragt" : "bestaetigt",
        confirmed_at: type.requires_confirmation ? null : now,
        token_version: sql`${bookings.token_version} + 1`,
        reminder_sent_at: null,
        updated_at: now,
      })
      .where(eq(bookings.id, id))
      .returning();
    return { status: "moved", booking: booking! };
  });
}

/** Active and not yet begun: what a visitor may still move or cancel. */
const movable = (now: Date) => and(inArray(bookings.status, ACTIVE), gt(bookings.starts_at, now));

/** The owner confirms a request ("angefragt" → "bestätigt"); undefined when it is no open request. */
export async function confirmBooking(db: Db, id: string, now = new Date()): Promise<Booking | undefined> {
  if (!isUuid(id)) return undefined;
  const [booking] = await db
    .update(bookings)
    .set({ status: "bestaetigt", confirmed_at: now, updated_at: now })
    .where(and(eq(bookings.id, id), eq(bookings.status, "angefragt")))
    .returning();
  return booking;
}

/**
 * Cancels a booking that has not ended, freeing its slot at once and ending its links: by the
 * visitor (their link) or by the owner, with a message for the other side. The owner's
 * "Ablehnen" of a request is this with `onlyRequested`. Undefined when there is nothing to cancel.
 */
export async function cancelBooking(
  db: Db,
  id: string,
  {
    by,
    message = null,
    onlyRequested = false,
    now = new Date(),
  }: {
    by: "visitor" | "owner";
    message?: string | null;
    onlyRequested?: boolean;
    now?: Date;
  },
): Promise<Booking | undefined> {
  if (!isUuid(id)) return undefined;
  const [booking] = await db
    .update(bookings)
    .set({
      status: "abgesagt",
      cancelled_at: now,
      cancelled_by: by,
      cancel_message: message,
      token_version: sql`${bookings.token_version} + 1`,
      updated_at: now,
    })
    .where(
      and(
        eq(bookings.id, id),
        onlyRequested ? eq(bookings.status, "angefragt") : inArray(bookings.status, ACTIVE),
        gt(bookings.ends_at, now),
      ),
    )
    .returning();
  return booking;
}

/** The owner declines a request: cancelBooking by the owner, of an "angefragt" booking only. */
export const declineBooking = (db: Db, id: string, message: string | null, now = new Date()) =>
  cancelBooking(db, id, { by: "owner", message, onlyRequested: true, now });

/**
 * One page of the owner's list, searched by name and address: what has not ended first, the
 * soonest on top, then what has ended since `from`, the latest on top.
 */
export async function pageOfBookings(
  db: Db,
  { now, from, ...request }: PageRequest & { now: Date; from: Date },
): Promise<Page<BookingWithState>> {
  const ended = sql`${bookings.ends_at} <= ${now}`;
  const page = await pagedSearch(
    db,
    {
      select: db.select().from(bookings).$dynamic(),
      from: bookings,
      searchIn: [bookings.name, bookings.email],
      order: [
        asc(ended),
        sql`case when ${ended} then null else ${bookings.starts_at} end asc`,
        desc(bookings.starts_at),
      ],
      filter: gte(bookings.starts_at, from),
    },
    request,
  );
  return { ...page, rows: page.rows.map((row) => ({ ...row, state: bookingState(row, now) })) };
}

export async function findBooking(
  db: Db,
  id: string,
  now = new Date(),
): Promise<BookingWithState | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row && { ...row, state: bookingState(row, now) };
}

/** Notes where the booking's event was written in the owner's CalDAV calendar (null: removed). */
export async function setCaldavHref(db: Db, id: string, href: string | null): Promise<void> {
  await db.update(bookings).set({ caldav_href: href }).where(eq(bookings.id, id));
}

/**
 * Claims the reminders due: confirmed bookings starting within `withinHours` whose reminder was
 * not claimed yet, marked in the same statement. Of two instances claiming at once, the second
 * waits for the first's row locks and then finds them claimed: each reminder is handed out once.
 * The caller queues the mails in the same transaction, or a crash between would lose them.
 */
export function claimDueReminders(
  db: Db,
  { withinHours = 24, now = new Date() }: { withinHours?: number; now?: Date } = {},
): Promise<Booking[]> {
  return db
    .update(bookings)
    .set({ reminder_sent_at: now })
    .where(
      and(
        eq(bookings.status, "bestaetigt"),
        isNull(bookings.reminder_sent_at),
        gt(bookings.starts_at, now),
        lte(bookings.starts_at, new Date(now.getTime() + withinHours * 60 * MINUTE_MS)),
      ),
    )
    .returning();
}

/**
 * Retention (Einstellungen, default 6 months after the appointment): deletes the bookings whose
 * appointment ended more than `months` ago, cancelled ones too; how many went.
 */
export async function pruneBookings(db: Db, months = 6, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(bookings)
    .where(
      lt(bookings.ends_at, sql`${now.toISOString()}::timestamptz - (${months}::int * interval '1 month')`),
    )
    .returning({ id: bookings.id });
  return deleted.length;
}

// ── A person's bookings (Auskunft und Löschung), found by e-mail address in any case ─────────

const ofAddress = (address: string) => eq(sql`lower(${bookings.email})`, address.trim().toLowerCase());

/** What the privacy export shows of a booking: plain values, the type by its name. */
export type BookingExport = {
  id: string;
  type: string;
  startsAt: Date;
  endsAt: Date;
  name: string;
  email: string;
  message: string | null;
  timeZone: string;
  status: Booking["status"];
  createdAt: Date;
  cancelledAt: Date | null;
  cancelMessage: string | null;
};

/** The bookings made with `address`, newest appointment first. */
export async function bookingsByAddress(db: Db, address: string): Promise<BookingExport[]> {
  const rows = await db
    .select()
    .from(bookings)
    .where(ofAddress(address))
    .orderBy(sql`${bookings.starts_at} desc`);
  if (rows.length === 0) return [];
  const typeNames = new Map((await listBookingTypes(db)).map((type) => [type.id, type.name]));
  return rows.map((row) => ({
    id: row.id,
    type: typeNames.get(row.type_id) ?? "",
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    name: row.name,
    email: row.email,
    message: row.message,
    timeZone: row.time_zone,
    status: row.status,
    createdAt: row.created_at,
    cancelledAt: row.cancelled_at,
    cancelMessage: row.cancel_message,
  }));
}

/** Inside the erasure's `tx`: deletes the bookings made with `address`; how many. */
export async function deleteBookingsByAddress(tx: Db, address: string): Promise<number> {
  const deleted = await tx.delete(bookings).where(ofAddress(address)).returning({ id: bookings.id });
  return deleted.length;
}
