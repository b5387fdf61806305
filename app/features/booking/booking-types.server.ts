/**
 * The owner's Termin-Arten: the only module that touches booking_types (tableOwners in
 * eslint.config.js).
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~/platform/db/engines.server";
import { bookingTypes } from "~/platform/db/schema";
import { isUuid } from "~/platform/uuid";
import type { SlotRules } from "./slots";

export type BookingType = typeof bookingTypes.$inferSelect;
/** What the owner sets; the rest has defaults (schema.ts). */
export type BookingTypeInput = Omit<typeof bookingTypes.$inferInsert, "id" | "created_at" | "updated_at">;

/** The slot rules of a type, for slots.ts. */
export const slotRulesOf = (type: BookingType): SlotRules => ({
  id: type.id,
  durationMinutes: type.duration_minutes,
  bufferBeforeMinutes: type.buffer_before_minutes,
  bufferAfterMinutes: type.buffer_after_minutes,
  minNoticeMinutes: type.min_notice_minutes,
  notSameDay: type.not_same_day,
  horizonDays: type.horizon_days,
  maxPerDay: type.max_per_day,
  maxPerWeek: type.max_per_week,
});

const ordered = [asc(bookingTypes.position), asc(bookingTypes.name)];

/** Every type, in the owner's order. */
export function listBookingTypes(db: Db): Promise<BookingType[]> {
  return db
    .select()
    .from(bookingTypes)
    .orderBy(...ordered);
}

/** The types visitors may book, in the owner's order (/termine). */
export function listVisibleBookingTypes(db: Db): Promise<BookingType[]> {
  return db
    .select()
    .from(bookingTypes)
    .where(eq(bookingTypes.visible, true))
    .orderBy(...ordered);
}

export async function findBookingType(db: Db, id: string): Promise<BookingType | undefined> {
  if (!isUuid(id)) return undefined;
  const [type] = await db.select().from(bookingTypes).where(eq(bookingTypes.id, id));
  return type;
}

/** A visible type by its address (/termine/<slug>); a hidden one is not found. */
export async function findVisibleBookingType(db: Db, slug: string): Promise<BookingType | undefined> {
  const [type] = await db
    .select()
    .from(bookingTypes)
    .where(and(eq(bookingTypes.slug, slug), eq(bookingTypes.visible, true)));
  return type;
}

export type BookingTypeSaved = { status: "saved"; type: BookingType } | { status: "slug-taken" };

/** Stores a new type; its slug must be free. */
export async function createBookingType(db: Db, input: BookingTypeInput): Promise<BookingTypeSaved> {
  const [type] = await db.insert(bookingTypes).values(input).onConflictDoNothing().returning();
  return type ? { status: "saved", type } : { status: "slug-taken" };
}

/** Changes a type; undefined when there is none with this id. */
export async function updateBookingType(
  db: Db,
  id: string,
  changes: Partial<BookingTypeInput>,
): Promise<BookingTypeSaved | undefined> {
  if (!isUuid(id)) return undefined;
  try {
    const [type] = await db
      .update(bookingTypes)
      .set({ ...changes, updated_at: new Date() })
      .where(eq(bookingTypes.id, id))
      .returning();
    return type && { status: "saved", type };
  } catch (error) {
    if (sqlStateOf(error) === "23505") return { status: "slug-taken" };
    throw error;
  }
}

/**
 * Deletes a type that has no bookings. One with bookings stays (their history names it) until
 * retention has deleted them: hide it instead.
 */
export async function deleteBookingType(
  db: Db,
  id: string,
): Promise<"deleted" | "has-bookings" | "not-found"> {
  if (!isUuid(id)) return "not-found";
  try {
    const deleted = await db
      .delete(bookingTypes)
      .where(eq(bookingTypes.id, id))
      .returning({ id: bookingTypes.id });
    return deleted.length > 0 ? "deleted" : "not-found";
  } catch (error) {
    // bookings.type_id refers to it (foreign_key_violation).
    if (sqlStateOf(error) === "23503") return "has-bookings";
    throw error;
  }
}

/** The SQLSTATE of a failed statement, as either driver reports it (Drizzle wraps it in `cause`). */
function sqlStateOf(error: unknown): unknown {
  const value = error as { code?: unknown; cause?: { code?: unknown } };
  return value.cause?.code ?? value.code;
}
