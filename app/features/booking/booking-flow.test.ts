import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { Db } from "~/platform/db/engines.server";
import { outbox } from "~/platform/db/schema";
import { test, testDatabases } from "#tests/setup/databases";
import { secondInstance } from "#tests/setup/second-instance";
import { bookableType } from "#tests/setup/booking";
import { bookSlot, cancelByVisitor, moveSlot, sendDueReminders } from "./booking-flow.server";
import { bookingLinkPath, bookingOfLink } from "./booking-links.server";
import { saveBookingSettings } from "./booking-settings.server";
import type { Booking } from "./queries.server";

/**
 * The visitor's booking around the core: the mails queued with the booking, the
 * signed links, moving and cancelling freeing the slot, reminders handed out once. Now is
 * Friday 6 March 2026, 07:00 in Berlin; the owner's hours are 09:00–12:00 every day.
 */
const NOW = new Date("2026-03-06T06:00:00Z");
const at = (berlin: string) => new Date(`${berlin}:00+01:00`);
const SLOT = at("2026-03-10T10:00");
/** The video call's room, in the invitation's LOCATION. */
const ROOM = { location_detail: "https://meet.example.org/raum" };

const visitor = (start: Date, n = 0) => ({
  start,
  name: `Besucherin ${n}`,
  email: `besucherin${n}@example.org`,
  message: "Worum es geht.",
  timeZone: "America/New_York",
});

type BookArgs = Parameters<typeof bookSlot> extends [Db, ...infer Rest] ? Rest : never;

async function stored(db: Db, ...args: BookArgs): Promise<Booking> {
  const outcome = await bookSlot(db, ...args);
  if (outcome.status !== "stored") throw new Error(`not stored: ${outcome.status}`);
  return outcome.booking;
}

const mailsTo = (db: Db, address: string) => db.select().from(outbox).where(eq(outbox.to, address));

const signatureOf = (path: string) => new URL(path, "http://x").searchParams.get("s");

function eventOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return { calendar, event: new ICAL.Event(calendar.getFirstSubcomponent("vevent")!) };
}

describe.each(testDatabases)("the visitor's booking on $name", (database) => {
  test.override({ database });

  test("a booking queues the visitor's invitation and the owner's notice, each with its .ics", async ({
    db,
  }) => {
    const type = await bookableType(db, { type: ROOM });
    const booking = await stored(db, type, visitor(SLOT), NOW);

    const [mail, ...more] = await mailsTo(db, "besucherin0@example.org");
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Terminbestätigung: Kostenloses Erstgespräch");
    // The visitor's zone: 10:00 in Berlin is 05:00 in New York (summer time there since 8 March).
    expect(mail!.text).toContain("Dienstag, 10. März 2026 um 05:00 Uhr (Zeitzone America/New_York)");
    expect(mail!.text).toContain(`/termine/verschieben/${booking.id}?s=`);
    expect(mail!.text).toContain(`/termine/absagen/${booking.id}?s=`);
    expect(mail!.calendar?.method).toBe("REQUEST");
    const { calendar, event } = eventOf(mail!.calendar!.content);
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(event.startDate.toJSDate().toISOString()).toBe(SLOT.toISOString());
    expect(event.location).toBe(ROOM.location_detail);
    expect(event.attendees[0]!.getFirstValue()).toBe("mailto:besucherin0@example.org");

    const owner = (await db.select().from(outbox)).filter((row) => row.to !== "besucherin0@example.org");
    expect(owner).toHaveLength(1);
    expect(owner[0]!.subject).toMatch(
      /^Neuer Termin: Kostenloses Erstgespräch, Dienstag, 10\. März 2026 um 10:00 Uhr/,
    );
    expect(owner[0]!.headers["Reply-To"]).toBe("besucherin0@example.org");
    expect(eventOf(owner[0]!.calendar!.content).event.uid).toBe(event.uid);
  });

  test("a type that requires confirmation sends “angefragt”, tentative", async ({ db }) => {
    const type = await bookableType(db, { type: { ...ROOM, requires_confirmation: true } });
    await stored(db, type, visitor(SLOT), NOW);
    const [mail] = await mailsTo(db, "besucherin0@example.org");
    expect(mail!.subject).toBe("Terminanfrage: Kostenloses Erstgespräch");
    expect(eventOf(mail!.calendar!.content).event.component.getFirstPropertyValue("status")).toBe(
      "TENTATIVE",
    );
  });

  test("a slot taken meanwhile stores nothing and queues no mail, with the next free slots", async ({
    db,
  }) => {
    const type = await bookableType(db, { type: ROOM });
    await stored(db, type, visitor(SLOT, 1), NOW);
    const outcome = await bookSlot(db, type, visitor(SLOT, 2), NOW);
    expect(outcome.status).toBe("slot-taken");
    if (outcome.status !== "slot-taken") return;
    expect(outcome.nextSlots[0]!.start).toEqual(at("2026-03-10T10:30"));
    expect(await mailsTo(db, "besucherin2@example.org")).toHaveLength(0);
    expect((await bookSlot(db, type, visitor(at("2026-03-10T13:00"), 3), NOW)).status).toBe("not-offered");
  });

  test("signed links: forged, for another purpose, ended by a move, or after the start are refused", async ({
    db,
  }) => {
    const type = await bookableType(db, { type: ROOM });
    const booking = await stored(db, type, visitor(SLOT), NOW);
    const move = signatureOf(await bookingLinkPath(db, booking, "verschieben"));
    const cancel = signatureOf(await bookingLinkPath(db, booking, "absagen"));

    expect((await bookingOfLink(db, booking.id, move, "verschieben", NOW))?.id).toBe(booking.id);
    expect(await bookingOfLink(db, booking.id, cancel, "verschieben", NOW)).toBeUndefined();
    expect(
      await bookingOfLink(db, booking.id, `${move!.slice(0, -2)}AA`, "verschieben", NOW),
    ).toBeUndefined();
    expect(await bookingOfLink(db, booking.id, null, "verschieben", NOW)).toBeUndefined();
    // Until the appointment starts.
    expect(await bookingOfLink(db, booking.id, cancel, "absagen", SLOT)).toBeUndefined();

    const moved = await moveSlot(db, booking, at("2026-03-10T11:00"), NOW);
    expect(moved.status).toBe("moved");
    expect(await bookingOfLink(db, booking.id, move, "verschieben", NOW)).toBeUndefined();
    expect(await bookingOfLink(db, booking.id, cancel, "absagen", NOW)).toBeUndefined();
  });

  test("moving frees the old slot and notifies the owner with a raised SEQUENCE", async ({ db }) => {
    const type = await bookableType(db, { type: ROOM });
    const booking = await stored(db, type, visitor(SLOT, 1), NOW);
    expect((await moveSlot(db, booking, at("2026-03-10T11:00"), NOW)).status).toBe("moved");
    expect((await bookSlot(db, type, visitor(SLOT, 2), NOW)).status).toBe("stored");

    const notices = (await db.select().from(outbox)).filter((row) =>
      row.subject.startsWith("Termin verschoben"),
    );
    expect(notices).toHaveLength(2); // the visitor's new confirmation and the owner's notice
    for (const notice of notices) {
      const { event } = eventOf(notice.calendar!.content);
      expect(event.sequence).toBe(1);
      expect(event.startDate.toJSDate()).toEqual(at("2026-03-10T11:00"));
    }
    expect(notices.find((row) => row.to === "besucherin1@example.org")!.text).toContain(
      `/termine/absagen/${booking.id}?s=`,
    );
  });

  test("cancelling frees the slot and sends METHOD:CANCEL to both", async ({ db }) => {
    const type = await bookableType(db, { type: ROOM });
    const booking = await stored(db, type, visitor(SLOT, 1), NOW);
    const cancelled = await cancelByVisitor(db, booking, NOW);
    expect(cancelled?.status).toBe("abgesagt");
    expect(cancelled?.cancelled_by).toBe("visitor");
    expect(await cancelByVisitor(db, booking, NOW)).toBeUndefined();
    expect((await bookSlot(db, type, visitor(SLOT, 2), NOW)).status).toBe("stored");

    const cancellations = (await db.select().from(outbox)).filter((row) => row.calendar?.method === "CANCEL");
    expect(cancellations.map((row) => row.to).sort()).toEqual(
      ["besucherin1@example.org", "kontakt@example.com"].sort(),
    );
    for (const row of cancellations) {
      const { calendar, event } = eventOf(row.calendar!.content);
      expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
      expect(event.component.getFirstPropertyValue("status")).toBe("CANCELLED");
      expect(event.sequence).toBe(1);
    }
  });

  test("reminders go out once across two parallel claims, not for a cancelled booking, not when off", async ({
    db,
  }) => {
    const type = await bookableType(db, { type: ROOM });
    const kept = await stored(db, type, visitor(SLOT, 1), NOW);
    const dropped = await stored(db, type, visitor(at("2026-03-10T11:00"), 2), NOW);
    await cancelByVisitor(db, dropped, NOW);
    const dayBefore = new Date(SLOT.getTime() - 23 * 3_600_000);

    await saveBookingSettings(db, { reminder_hours: 0 });
    expect(await sendDueReminders(db, dayBefore)).toBe(0);
    await saveBookingSettings(db, { reminder_hours: 24 });
    // Too early: 25 hours before.
    expect(await sendDueReminders(db, new Date(SLOT.getTime() - 25 * 3_600_000))).toBe(0);

    const other = await secondInstance(db);
    try {
      const counts = await Promise.all([
        sendDueReminders(db, dayBefore),
        sendDueReminders(other?.db ?? db, dayBefore),
        sendDueReminders(db, dayBefore),
      ]);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    } finally {
      await other?.close();
    }
    const reminders = (await db.select().from(outbox)).filter((row) => row.subject.startsWith("Erinnerung"));
    expect(reminders.map((row) => row.to)).toEqual([kept.email]);
    expect(reminders[0]!.text).toContain("Dienstag, 10. März 2026 um 05:00 Uhr");
  });
});
