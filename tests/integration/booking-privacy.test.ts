import { describe, expect } from "vitest";
import { bookingLegalFacts } from "~/features/booking/index.server";
import { replaceWeeklyHours } from "~/features/booking/availability.server";
import { saveBookingSettings } from "~/features/booking/booking-settings.server";
import { createBookingType } from "~/features/booking/booking-types.server";
import { createBooking } from "~/features/booking/queries.server";
import { runHousekeeping } from "~/features/privacy/housekeeping.server";
import { legalPage } from "~/features/settings/legal";
import { defaultSnapshot } from "~/features/settings/site-settings.server";
import type { Db } from "~/platform/db/engines.server";
import { bookings } from "~/platform/db/schema";
import { test, testDatabases } from "#tests/setup/databases";

/**
 * What Termine promises in the Datenschutzerklärung, and the housekeeping that keeps it:
 * bookings go the owner's retention months after their appointment.
 */
const FACTS = { backup: { keep: 7, cron: undefined } };

async function datenschutzText(db: Db): Promise<string> {
  const booking = await bookingLegalFacts(db);
  const page = legalPage("datenschutz", defaultSnapshot(), { ...FACTS, ...(booking && { booking }) });
  return JSON.stringify(page.sections);
}

/** A booking of Tuesday 10 March 2026, 10:00–10:30 Berlin, made the Friday before. */
async function bookOnce(db: Db) {
  await replaceWeeklyHours(db, [{ weekday: 2, startMinute: 540, endMinute: 720 }]);
  const type = await createBookingType(db, {
    slug: "erstgespraech",
    name: "Erstgespräch",
    duration_minutes: 30,
    location_kind: "video",
  });
  if (type.status !== "saved") throw new Error("type not saved");
  const booked = await createBooking(
    db,
    {
      typeId: type.type.id,
      start: new Date("2026-03-10T09:00:00Z"),
      name: "Bea",
      email: "bea@example.org",
      message: null,
      timeZone: "Europe/Berlin",
    },
    { busy: [], now: new Date("2026-03-06T06:00:00Z") },
  );
  if (booked.status !== "stored") throw new Error(booked.status);
}

describe.each(testDatabases)("Termine and privacy on $name", (database) => {
  test.override({ database });

  test("the Datenschutzerklärung has a section Terminbuchung only while booking is on, naming the CalDAV host as processor", async ({
    db,
  }) => {
    expect(await datenschutzText(db)).not.toContain("Terminbuchung");

    await saveBookingSettings(db, { enabled: true, retention_months: 9 });
    const on = await datenschutzText(db);
    expect(on).toContain('"heading":"Terminbuchung"');
    expect(on).toContain("Buchungen werden 9 Monate nach dem Termin automatisch gelöscht");
    expect(on).toContain("Terminbuchungen: 9 Monate nach dem Termin");
    expect(on).toContain("Art. 6 Abs. 1 lit. b DSGVO");
    expect(on).toContain("Zeitzone");
    expect(on).not.toContain("Auftragsverarbeiter auf Grundlage");

    await saveBookingSettings(db, {
      caldav_url: "https://caldav.fastmail.com/dav/calendars/user/maria/",
      caldav_username: "maria",
      caldav_password: "pw-Xq93zz",
    });
    const withCalDav = await datenschutzText(db);
    expect(withCalDav).toContain("in meinen Kalender bei caldav.fastmail.com ein");
    expect(withCalDav).toContain("Auftragsverarbeiter");
    expect(withCalDav).not.toContain("pw-Xq93zz");

    await saveBookingSettings(db, { enabled: false });
    expect(await datenschutzText(db)).not.toContain("Terminbuchung");
  });

  test("housekeeping deletes bookings past the retention months set under Termine", async ({ db }) => {
    await bookOnce(db);
    const sevenMonthsLater = new Date("2026-10-11T09:00:00Z");
    await saveBookingSettings(db, { retention_months: 12 });
    expect((await runHousekeeping(db, { now: sevenMonthsLater }))?.bookings).toBe(0);
    expect(await db.select().from(bookings)).toHaveLength(1);

    await saveBookingSettings(db, { retention_months: 6 });
    expect((await runHousekeeping(db, { now: sevenMonthsLater }))?.bookings).toBe(1);
    expect(await db.select().from(bookings)).toHaveLength(0);
  });
});
