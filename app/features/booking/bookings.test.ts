import { describe, expect } from "vitest";
import type { Db } from "~/platform/db/engines.server";
import { ADMIN_PAGE_SIZE } from "~/platform/db/paged-search.server";
import { bookings } from "~/platform/db/schema";
import { test, testDatabases } from "#tests/setup/databases";
import { secondInstance } from "#tests/setup/second-instance";
import { bookableType } from "#tests/setup/booking";
import { createBookingType } from "./booking-types.server";
import { freeSlots } from "./slots";
import {
  cancelBooking,
  confirmBooking,
  createBooking,
  declineBooking,
  findBooking,
  loadSlotInput,
  moveBooking,
  pageOfBookings,
  type BookingOutcome,
  type BookingRequest,
  type SlotCheck,
} from "./queries.server";

/**
 * Storing, moving and cancelling bookings with the slot checked again under the booking lock
 * (decision 0027). Now is Friday 6 March 2026, 07:00 in Berlin (UTC+1); the owner's hours are
 * 09:00–12:00 every day.
 */
const NOW = new Date("2026-03-06T06:00:00Z");
const at = (berlin: string) => new Date(`${berlin}:00+01:00`);
const SLOT = at("2026-03-10T10:00");

/** The owner's list (its first page) as it is at `now`, every booking since 2026. */
const ownersList = async (db: Db, now: Date) =>
  (await pageOfBookings(db, { now, from: new Date("2026-01-01T00:00:00Z") })).rows;

const request = (typeId: string, start: Date, n = 0): BookingRequest => ({
  typeId,
  start,
  name: `Besucherin ${n}`,
  email: `besucherin${n}@example.org`,
  message: null,
  timeZone: "Europe/Berlin",
});

const check: SlotCheck = { busy: [], now: NOW };

const statuses = (outcomes: { status: string }[]) =>
  outcomes.reduce<Record<string, number>>(
    (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  );

describe.each(testDatabases)("bookings on $name", (database) => {
  test.override({ database });

  test("50 parallel bookings of one slot store exactly one; the others get the next free slots", async ({
    db,
  }) => {
    const type = await bookableType(db);
    // On PostgreSQL the calls go through two pools of ten connections each, as two instances
    // would (without the lock, 4 of 50 were stored).
    const other = await secondInstance(db);
    // The slot computation's first run (its code compiled, the zone data read) done beforehand,
    // so that it does not keep the first transaction to itself either.
    expect((await createBooking(db, request(type.id, at("2026-03-11T10:00")), check)).status).toBe("stored");
    try {
      const outcomes: BookingOutcome[] = await Promise.all(
        Array.from({ length: 50 }, (_, n) =>
          createBooking(n % 2 && other ? other.db : db, request(type.id, SLOT, n), check),
        ),
      );
      expect(statuses(outcomes)).toEqual({ stored: 1, "slot-taken": 49 });
      for (const outcome of outcomes) {
        if (outcome.status === "slot-taken")
          expect(outcome.nextSlots[0]?.start).toEqual(at("2026-03-10T10:30"));
      }
    } finally {
      await other?.close();
    }
    const stored = (await ownersList(db, NOW)).filter(
      (booking) => booking.starts_at < at("2026-03-11T00:00"),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      starts_at: SLOT,
      ends_at: at("2026-03-10T10:30"),
      state: "bestaetigt",
    });
  });

  test("a slot is refused when it is not offered: hidden or unknown type, past, off the grid, outside the hours, busy", async ({
    db,
  }) => {
    const type = await bookableType(db);
    const saved = await createBookingType(db, {
      slug: "versteckt",
      name: "Versteckt",
      duration_minutes: 30,
      location_kind: "telefon",
      visible: false,
    });
    const refused = async (typeId: string, start: Date, busy: SlotCheck["busy"] = []) =>
      (await createBooking(db, request(typeId, start), { busy, now: NOW })).status;
    expect(saved.status === "saved" && (await refused(saved.type.id, SLOT))).toBe("not-offered");
    expect(await refused("00000000-0000-4000-8000-000000000000", SLOT)).toBe("not-offered");
    expect(await refused("kein-uuid", SLOT)).toBe("not-offered");
    expect(await refused(type.id, at("2026-03-05T10:00"))).toBe("not-offered");
    expect(await refused(type.id, at("2026-03-10T10:10"))).toBe("not-offered");
    expect(await refused(type.id, at("2026-03-10T14:00"))).toBe("not-offered");
    expect(
      await refused(type.id, SLOT, [{ start: at("2026-03-10T09:50"), end: at("2026-03-10T10:10") }]),
    ).toBe("not-offered");
    expect(await ownersList(db, NOW)).toEqual([]);
    expect(await refused(type.id, SLOT)).toBe("stored");
  });

  test("one type's booking blocks the slot for every type; a cancelled booking frees it at once", async ({
    db,
  }) => {
    const type = await bookableType(db);
    const coaching = await createBookingType(db, {
      slug: "coaching",
      name: "Coaching-Sitzung",
      duration_minutes: 60,
      location_kind: "vor_ort",
      location_detail: "Musterstraße 1, 10115 Berlin",
    });
    if (coaching.status !== "saved") throw new Error("type not saved");
    const first = await createBooking(db, request(type.id, SLOT, 1), check);
    if (first.status !== "stored") throw new Error(first.status);
    // The hour from 09:30 overlaps 10:00–10:30.
    expect(
      (await createBooking(db, request(coaching.type.id, at("2026-03-10T09:30"), 2), check)).status,
    ).toBe("slot-taken");

    const cancelled = await cancelBooking(db, first.booking.id, {
      by: "visitor",
      message: "Mir ist etwas dazwischengekommen.",
      now: NOW,
    });
    expect(cancelled).toMatchObject({
      status: "abgesagt",
      cancelled_by: "visitor",
      cancel_message: "Mir ist etwas dazwischengekommen.",
      token_version: first.booking.token_version + 1,
    });
    // Nothing left to cancel.
    expect(await cancelBooking(db, first.booking.id, { by: "owner", now: NOW })).toBeUndefined();
    expect(
      (await createBooking(db, request(coaching.type.id, at("2026-03-10T09:30"), 2), check)).status,
    ).toBe("stored");
  });

  test("a type that requires confirmation stores requests; the owner confirms or declines them", async ({
    db,
  }) => {
    const type = await bookableType(db, { type: { requires_confirmation: true } });
    const one = await createBooking(db, request(type.id, SLOT, 1), check);
    const two = await createBooking(db, request(type.id, at("2026-03-11T10:00"), 2), check);
    if (one.status !== "stored" || two.status !== "stored") throw new Error("not stored");
    expect(one.booking).toMatchObject({ status: "angefragt", confirmed_at: null });
    // A request blocks its slot too.
    expect((await createBooking(db, request(type.id, SLOT, 3), check)).status).toBe("slot-taken");

    expect(await confirmBooking(db, one.booking.id, NOW)).toMatchObject({
      status: "bestaetigt",
      confirmed_at: NOW,
    });
    expect(await confirmBooking(db, one.booking.id, NOW)).toBeUndefined();
    // Only a request can be declined.
    expect(await declineBooking(db, one.booking.id, "Leider nicht.", NOW)).toBeUndefined();
    expect(await declineBooking(db, two.booking.id, "Leider bin ich da unterwegs.", NOW)).toMatchObject({
      status: "abgesagt",
      cancelled_by: "owner",
      cancel_message: "Leider bin ich da unterwegs.",
    });
    expect((await createBooking(db, request(type.id, at("2026-03-11T10:00"), 4), check)).status).toBe(
      "stored",
    );
  });

  test("moving re-checks the new slot: its own old time does not count, another booking does", async ({
    db,
  }) => {
    const type = await bookableType(db, { type: { buffer_after_minutes: 30 } });
    const mine = await createBooking(db, request(type.id, at("2026-03-10T09:00"), 1), check);
    const theirs = await createBooking(db, request(type.id, at("2026-03-10T11:00"), 2), check);
    if (mine.status !== "stored" || theirs.status !== "stored") throw new Error("not stored");

    // 09:30–10:30 with its buffer overlaps only its own old time.
    const moved = await moveBooking(db, mine.booking.id, at("2026-03-10T09:30"), check);
    expect(moved).toMatchObject({
      status: "moved",
      booking: { starts_at: at("2026-03-10T09:30"), token_version: 1, reminder_sent_at: null },
    });
    // 10:30 plus its 30 minutes' buffer reaches into theirs.
    const taken = await moveBooking(db, mine.booking.id, at("2026-03-10T10:30"), check);
    expect(taken.status).toBe("slot-taken");
    expect(await moveBooking(db, mine.booking.id, at("2026-03-10T10:45"), check)).toEqual({
      status: "not-offered",
    });
    expect((await findBooking(db, mine.booking.id, NOW))?.starts_at).toEqual(at("2026-03-10T09:30"));

    await cancelBooking(db, theirs.booking.id, { by: "owner", now: NOW });
    expect(await moveBooking(db, theirs.booking.id, at("2026-03-10T11:00"), check)).toEqual({
      status: "not-found",
    });
    // A booking that has begun can no longer be moved.
    const later: SlotCheck = { busy: [], now: at("2026-03-10T09:40") };
    expect(await moveBooking(db, mine.booking.id, at("2026-03-10T11:00"), later)).toEqual({
      status: "not-found",
    });
  });

  test("two bookings moved into one free slot at once: one moves, the other is told it is taken", async ({
    db,
  }) => {
    const type = await bookableType(db);
    const ids: string[] = [];
    for (const [n, start] of [at("2026-03-10T09:00"), at("2026-03-10T09:30")].entries()) {
      const outcome = await createBooking(db, request(type.id, start, n), check);
      if (outcome.status !== "stored") throw new Error(outcome.status);
      ids.push(outcome.booking.id);
    }
    const other = await secondInstance(db);
    try {
      const outcomes = await Promise.all(
        ids.map((id, n) => moveBooking(n && other ? other.db : db, id, at("2026-03-10T11:00"), check)),
      );
      expect(statuses(outcomes)).toEqual({ moved: 1, "slot-taken": 1 });
    } finally {
      await other?.close();
    }
  });

  test("the list derives 'vergangen' from the time; cancelled stays cancelled", async ({ db }) => {
    const type = await bookableType(db, { type: { requires_confirmation: true } });
    for (const [n, start] of ["2026-03-07T09:00", "2026-03-07T10:00", "2026-03-08T09:00"].entries()) {
      await createBooking(db, request(type.id, at(start), n), check);
    }
    const [first, second, third] = await ownersList(db, NOW);
    await confirmBooking(db, first!.id, NOW);
    await cancelBooking(db, second!.id, { by: "owner", now: NOW });
    const later = at("2026-03-07T11:00");
    const stateAt = async (now: Date) =>
      Object.fromEntries((await ownersList(db, now)).map((booking) => [booking.id, booking.state]));
    expect(await stateAt(later)).toEqual({
      [first!.id]: "vergangen",
      [second!.id]: "abgesagt",
      [third!.id]: "angefragt",
    });
    expect(await stateAt(NOW)).toEqual({
      [first!.id]: "bestaetigt",
      [second!.id]: "abgesagt",
      [third!.id]: "angefragt",
    });
    const since8th = await pageOfBookings(db, { now: later, from: at("2026-03-08T00:00") });
    expect(since8th.rows.map((booking) => booking.id)).toEqual([third!.id]);
    expect((await findBooking(db, second!.id, later))?.state).toBe("abgesagt");
  });

  test("the owner's list: what has not ended first, soonest on top, then the ended, latest on top; pages of 20; searched by name and address", async ({
    db,
  }) => {
    const type = await bookableType(db);
    // 25 appointments, one a day at 09:00 from Monday 2 March: 4 ended by now (Friday 6 March, 07:00).
    await db.insert(bookings).values(
      Array.from({ length: 25 }, (_, n) => {
        const start = new Date(at("2026-03-02T09:00").getTime() + n * 86_400_000);
        return {
          type_id: type.id,
          starts_at: start,
          ends_at: new Date(start.getTime() + 30 * 60_000),
          name: n === 7 ? "Zoë Quintero" : `Besucherin ${n}`,
          email: `besucherin${n}@example.org`,
          time_zone: "Europe/Berlin",
          status: "bestaetigt" as const,
        };
      }),
    );
    const from = at("2026-03-01T00:00");
    const first = await pageOfBookings(db, { now: NOW, from });
    const day = (booking: { starts_at: Date }) => booking.starts_at.toISOString().slice(5, 10);
    expect(first.total).toBe(25);
    expect(first.rows).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.rows.slice(0, 3).map(day)).toEqual(["03-06", "03-07", "03-08"]);
    const second = await pageOfBookings(db, { now: NOW, from, page: 2 });
    expect(second.rows.map((booking) => [day(booking), booking.state])).toEqual([
      ["03-26", "bestaetigt"],
      ["03-05", "vergangen"],
      ["03-04", "vergangen"],
      ["03-03", "vergangen"],
      ["03-02", "vergangen"],
    ]);
    // Older than `from` is not listed; the search finds a name in any case and an address.
    expect((await pageOfBookings(db, { now: NOW, from: at("2026-03-04T00:00") })).total).toBe(23);
    expect((await pageOfBookings(db, { now: NOW, from, query: "zoË" })).rows.map(day)).toEqual(["03-09"]);
    expect((await pageOfBookings(db, { now: NOW, from, query: "besucherin24@" })).rows.map(day)).toEqual([
      "03-26",
    ]);
  });

  test("the weekly cap counts this week's bookings already past, as the page's slots and the re-check see them", async ({
    db,
  }) => {
    const type = await bookableType(db, { type: { max_per_week: 1 } });
    // Monday of this week (KW 10), before now.
    await db.insert(bookings).values({
      type_id: type.id,
      starts_at: at("2026-03-02T09:00"),
      ends_at: at("2026-03-02T09:30"),
      name: "Früher",
      email: "frueher@example.org",
      time_zone: "Europe/Berlin",
      status: "bestaetigt",
    });
    const days = freeSlots(await loadSlotInput(db, type, check), { from: "2026-03-06", to: "2026-03-09" });
    expect(days.map(({ day, slots }) => `${day}: ${slots.length}`)).toEqual([
      "2026-03-06: 0",
      "2026-03-07: 0",
      "2026-03-08: 0",
      "2026-03-09: 6",
    ]);
    const refused = await createBooking(db, request(type.id, at("2026-03-07T10:00")), check);
    expect(refused.status).toBe("slot-taken");
    expect(refused.status === "slot-taken" && refused.nextSlots[0]?.start).toEqual(at("2026-03-09T09:00"));
  });
});
