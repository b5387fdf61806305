import { describe, expect } from "vitest";
import { test, testDatabases } from "#tests/setup/databases";
import { bookableType } from "#tests/setup/booking";
import { startRadicale } from "#tests/setup/radicale";
import { bookSlot, cancelByVisitor } from "./booking-flow.server";
import { saveBookingSettings } from "./booking-settings.server";
import { findBooking } from "./queries.server";
import type { Db } from "~/platform/db/engines.server";

/**
 * A booking is written into the owner's CalDAV calendar after its commit and removed when it is
 * cancelled, against Debian's Radicale; the visitor's request does not wait for it.
 */
const NOW = new Date("2026-03-06T06:00:00Z");
const SLOT = new Date("2026-03-10T10:00:00+01:00");

async function hrefOf(db: Db, id: string, want: "set" | "cleared"): Promise<string | null> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const href = (await findBooking(db, id))?.caldav_href ?? null;
    if ((want === "set") === (href !== null)) return href;
    if (Date.now() > deadline) throw new Error(`the CalDAV href was not ${want}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(testDatabases.slice(0, 1))("CalDAV writing on $name", (database) => {
  test.override({ database });

  test("a booking appears in the CalDAV calendar and goes with its cancellation", async ({ db }) => {
    const radicale = await startRadicale();
    try {
      const url = await radicale.makeCalendar("termine");
      await saveBookingSettings(db, {
        caldav_url: url,
        caldav_username: radicale.username,
        caldav_password: radicale.password,
      });
      const type = await bookableType(db);
      const outcome = await bookSlot(
        db,
        type,
        { start: SLOT, name: "Erika", email: "erika@example.org", message: null, timeZone: "Europe/Berlin" },
        NOW,
      );
      if (outcome.status !== "stored") throw new Error(outcome.status);
      const auth = {
        authorization: `Basic ${Buffer.from(`${radicale.username}:${radicale.password}`).toString("base64")}`,
      };
      const href = (await hrefOf(db, outcome.booking.id, "set"))!;
      const event = await fetch(href, { headers: auth });
      expect(event.status).toBe(200);
      const text = await event.text();
      expect(text).toContain(`UID:${outcome.booking.id}@`);
      expect(text).toContain("DTSTART;TZID=Europe/Berlin:20260310T100000");

      await cancelByVisitor(db, outcome.booking, NOW);
      await hrefOf(db, outcome.booking.id, "cleared");
      expect((await fetch(href, { headers: auth })).status).toBe(404);
    } finally {
      await radicale.stop();
    }
  });
});
