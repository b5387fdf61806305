import { asc } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { Db } from "~/platform/db/engines.server";
import { bookings } from "~/platform/db/schema";
import { test, testDatabases } from "#tests/setup/databases";
import { secondInstance } from "#tests/setup/second-instance";
import {
  addDateOverride,
  closeDates,
  deleteDateOverride,
  listDateOverrides,
  listWeeklyHours,
  loadAvailability,
  replaceWeeklyHours,
} from "./availability.server";
import {
  createBookingType,
  deleteBookingType,
  findVisibleBookingType,
  listVisibleBookingTypes,
  updateBookingType,
  type BookingType,
  type BookingTypeInput,
} from "./booking-types.server";
import {
  bookingsByAddress,
  cancelBooking,
  claimDueReminders,
  createBooking,
  deleteBookingsByAddress,
  pruneBookings,
} from "./queries.server";

/** Every stored booking, by its start. */
const storedBookings = (db: Db) => db.select().from(bookings).orderBy(asc(bookings.starts_at));

/**
 * What the owner's screens, the privacy tools, the housekeeping and the reminder mails build on.
 * Now is Friday 6 March 2026, 07:00 in Berlin (UTC+1); the hours are 09:00–12:00 every day.
 */
const NOW = new Date("2026-03-06T06:00:00Z");
const at = (berlin: string) => new Date(`${berlin}:00+01:00`);
const HOUR_MS = 60 * 60_000;

const typeInput = (changes: Partial<BookingTypeInput> = {}): BookingTypeInput => ({
  slug: "erstgespraech",
  name: "Kostenloses Erstgespräch",
  duration_minutes: 30,
  location_kind: "video",
  location_detail: "https://meet.example.org/erstgespraech",
  ...changes,
});

async function newType(db: Db, changes: Partial<BookingTypeInput> = {}): Promise<BookingType> {
  const saved = await createBookingType(db, typeInput(changes));
  if (saved.status !== "saved") throw new Error("slug taken");
  return saved.type;
}

const everyMorning = (db: Db) =>
  replaceWeeklyHours(
    db,
    [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 540, endMinute: 720 })),
  );

async function book(db: Db, type: BookingType, start: Date, email = "besucher@example.org") {
  const outcome = await createBooking(
    db,
    { typeId: type.id, start, name: "Besucher", email, message: "Zum Projekt", timeZone: "Europe/Vienna" },
    { busy: [], now: NOW },
  );
  if (outcome.status !== "stored") throw new Error(outcome.status);
  return outcome.booking;
}

describe.each(testDatabases)("booking records on $name", (database) => {
  test.override({ database });

  test("types: unique addresses, hidden ones not found by visitors, deleted only without bookings", async ({
    db,
  }) => {
    const first = await newType(db, { position: 2 });
    expect(await createBookingType(db, typeInput({ name: "Noch eins" }))).toEqual({ status: "slug-taken" });
    const second = await newType(db, {
      slug: "coaching",
      name: "Coaching-Sitzung",
      duration_minutes: 60,
      position: 1,
    });
    expect((await listVisibleBookingTypes(db)).map((type) => type.slug)).toEqual([
      "coaching",
      "erstgespraech",
    ]);

    expect(await updateBookingType(db, second.id, { slug: "erstgespraech" })).toEqual({
      status: "slug-taken",
    });
    expect(await updateBookingType(db, second.id, { visible: false })).toMatchObject({
      status: "saved",
      type: { visible: false },
    });
    expect(
      await updateBookingType(db, "00000000-0000-4000-8000-000000000000", { name: "x" }),
    ).toBeUndefined();
    expect(await findVisibleBookingType(db, "coaching")).toBeUndefined();
    expect((await findVisibleBookingType(db, "erstgespraech"))?.id).toBe(first.id);
    await expect(createBookingType(db, typeInput({ slug: "Mit Leerzeichen" }))).rejects.toThrow();

    await everyMorning(db);
    await book(db, first, at("2026-03-10T10:00"));
    expect(await deleteBookingType(db, first.id)).toBe("has-bookings");
    expect(await deleteBookingType(db, second.id)).toBe("deleted");
    expect(await deleteBookingType(db, second.id)).toBe("not-found");
  });

  test("hours are replaced as a whole week; overrides are listed by date and deleted one by one", async ({
    db,
  }) => {
    await everyMorning(db);
    await replaceWeeklyHours(db, [
      { weekday: 2, startMinute: 840, endMinute: 1020 },
      { weekday: 2, startMinute: 540, endMinute: 720 },
    ]);
    expect(await listWeeklyHours(db)).toEqual([
      { weekday: 2, startMinute: 540, endMinute: 720 },
      { weekday: 2, startMinute: 840, endMinute: 1020 },
    ]);
    await expect(
      replaceWeeklyHours(db, [{ weekday: 8, startMinute: 540, endMinute: 600 }]),
    ).rejects.toThrow();
    expect(await listWeeklyHours(db)).toHaveLength(2);

    const blocked = await addDateOverride(db, {
      day: "2026-04-07",
      kind: "gesperrt",
      startMinute: 600,
      endMinute: 660,
    });
    await addDateOverride(db, {
      day: "2026-04-11",
      kind: "zeiten",
      startMinute: 600,
      endMinute: 720,
      note: "Samstag",
    });
    expect(await closeDates(db, { from: "2026-04-03", to: "2026-04-06", note: "Ostern" })).toBe(4);
    const { overrides } = await loadAvailability(db, { from: "2026-04-05", to: "2026-04-10" });
    expect(overrides).toEqual([
      { day: "2026-04-05", kind: "geschlossen", startMinute: null, endMinute: null },
      { day: "2026-04-06", kind: "geschlossen", startMinute: null, endMinute: null },
      { day: "2026-04-07", kind: "gesperrt", startMinute: 600, endMinute: 660 },
    ]);
    expect(await deleteDateOverride(db, blocked.id)).toBe(true);
    expect(await deleteDateOverride(db, blocked.id)).toBe(false);
    expect(
      (await listDateOverrides(db, { from: "2026-04-01", to: "2026-04-30" })).map((row) => row.note),
    ).toEqual(["Ostern", "Ostern", "Ostern", "Ostern", "Samstag"]);
  });

  test("each due reminder is claimed exactly once by parallel claims; none for cancelled or unconfirmed bookings", async ({
    db,
  }) => {
    await everyMorning(db);
    const type = await newType(db);
    const requested = await newType(db, { slug: "anfrage", requires_confirmation: true });
    const due = [
      await book(db, type, at("2026-03-06T09:00")),
      await book(db, type, at("2026-03-06T10:00")),
      await book(db, type, at("2026-03-06T11:30")),
    ];
    const cancelled = await book(db, type, at("2026-03-06T11:00"));
    await cancelBooking(db, cancelled.id, { by: "visitor", now: NOW });
    await book(db, requested, at("2026-03-06T10:30"));
    const tomorrow = await book(db, type, at("2026-03-07T09:00")); // 26 hours ahead

    const other = await secondInstance(db);
    try {
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, n) => claimDueReminders(n % 2 && other ? other.db : db, { now: NOW })),
      );
      const claimed = claims.flat().map((booking) => booking.id);
      expect(claimed.toSorted()).toEqual(due.map((booking) => booking.id).toSorted());
    } finally {
      await other?.close();
    }
    // Two hours later the booking of tomorrow morning is due, and only it.
    const later = new Date(NOW.getTime() + 2 * HOUR_MS);
    expect((await claimDueReminders(db, { now: later })).map((booking) => booking.id)).toEqual([tomorrow.id]);
    expect(await claimDueReminders(db, { now: later })).toEqual([]);
    expect(await claimDueReminders(db, { now: later, withinHours: 48 })).toEqual([]);
  });

  test("retention deletes the bookings whose appointment ended more than the months ago, cancelled ones too", async ({
    db,
  }) => {
    const type = await newType(db);
    const row = (startsAt: string, status: "bestaetigt" | "abgesagt" = "bestaetigt") => ({
      type_id: type.id,
      starts_at: new Date(startsAt),
      ends_at: new Date(new Date(startsAt).getTime() + 30 * 60_000),
      name: "Früher",
      email: "frueher@example.org",
      time_zone: "Europe/Berlin",
      status,
    });
    await db
      .insert(bookings)
      .values([
        row("2025-08-01T08:00:00Z"),
        row("2025-08-20T08:00:00Z", "abgesagt"),
        row("2025-09-10T08:00:00Z"),
        row("2026-03-01T08:00:00Z"),
      ]);
    // Six months before now: 6 September 2025.
    expect(await pruneBookings(db, 6, NOW)).toBe(2);
    expect((await storedBookings(db)).map((booking) => booking.starts_at.toISOString())).toEqual([
      "2025-09-10T08:00:00.000Z",
      "2026-03-01T08:00:00.000Z",
    ]);
    expect(await pruneBookings(db, 3, NOW)).toBe(1);
    expect(await pruneBookings(db, 3, NOW)).toBe(0);
  });

  test("a person's bookings are found and erased by address in any case, nobody else's", async ({ db }) => {
    await everyMorning(db);
    const type = await newType(db);
    await book(db, type, at("2026-03-10T09:00"), "Mia.Muster@Example.org");
    const second = await book(db, type, at("2026-03-11T09:00"), "mia.muster@example.org");
    await cancelBooking(db, second.id, { by: "owner", message: "Krank.", now: NOW });
    await book(db, type, at("2026-03-12T09:00"), "ole.other@example.org");

    const found = await bookingsByAddress(db, " MIA.MUSTER@example.org ");
    expect(found).toEqual([
      {
        id: second.id,
        type: "Kostenloses Erstgespräch",
        startsAt: at("2026-03-11T09:00"),
        endsAt: at("2026-03-11T09:30"),
        name: "Besucher",
        email: "mia.muster@example.org",
        message: "Zum Projekt",
        timeZone: "Europe/Vienna",
        status: "abgesagt",
        createdAt: expect.any(Date),
        cancelledAt: NOW,
        cancelMessage: "Krank.",
      },
      expect.objectContaining({ email: "Mia.Muster@Example.org", status: "bestaetigt" }),
    ]);
    // The export is plain data: it survives JSON as it is.
    expect(JSON.parse(JSON.stringify(found))[0].startsAt).toBe("2026-03-11T08:00:00.000Z");

    expect(await db.transaction((tx) => deleteBookingsByAddress(tx, "mia.muster@example.org"))).toBe(2);
    expect(await bookingsByAddress(db, "mia.muster@example.org")).toEqual([]);
    expect((await storedBookings(db)).map((booking) => booking.email)).toEqual(["ole.other@example.org"]);
  });
});
