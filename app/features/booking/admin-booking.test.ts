import { describe, expect } from "vitest";
import { DEFAULT_SETTINGS } from "~/features/settings";
import type { Db } from "~/platform/db/engines.server";
import { outbox } from "~/platform/db/schema";
import { test, testDatabases } from "#tests/setup/databases";
import { calendarsAction, checkStoredCalDav, loadCalendars } from "./admin-booking-calendars.server";
import { hoursAction, loadHours } from "./admin-booking-hours.server";
import { bookingTypesAction, loadBookingTypes, NEW_TYPE_VALUES, slugOf } from "./admin-booking-types.server";
import { bookingOverviewAction, loadBookingOverview } from "./admin-booking.server";
import type { AdminOutcome } from "./admin-form.server";
import { BOOKING_ADMIN_MESSAGES as M } from "./admin-messages";
import { listDateOverrides, listWeeklyHours, replaceWeeklyHours } from "./availability.server";
import { listBookingFeeds, readBookingSettings, saveBookingSettings } from "./booking-settings.server";
import { listBookingTypes } from "./booking-types.server";
import { CALENDAR_MESSAGES } from "./calendars/messages";
import { createBooking, findBooking } from "./queries.server";

/**
 * The server halves of /admin/termine: what the owner's forms store, the German refusals beside
 * their fields, and the visitor's mail queued with each answer to a booking.
 */
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const errorsOf = (outcome: AdminOutcome) => (outcome.ok ? {} : outcome.errors);
const mails = (db: Db) =>
  db.select({ to: outbox.to, subject: outbox.subject, text: outbox.text }).from(outbox);

const SITE = {
  ...DEFAULT_SETTINGS,
  owner: { ...DEFAULT_SETTINGS.owner, name: "Maria Muster", email: "maria@example.org" },
};

describe.each(testDatabases)("Termine in the admin on $name", (database) => {
  test.override({ database });

  test("settings: booking off by default; saved with the checkbox; faulty numbers are refused in German", async ({
    db,
  }) => {
    expect((await loadBookingOverview(db)).settings).toEqual({
      enabled: false,
      reminder_hours: 24,
      retention_months: 6,
    });
    const bad = await bookingOverviewAction(
      db,
      form({ intent: "settings", enabled: "on", reminder_hours: "-1", retention_months: "0" }),
      SITE,
    );
    expect(bad).toMatchObject({ ok: false, status: 400 });
    expect(errorsOf(bad)).toEqual({
      reminder_hours: M.reminderInvalid,
      retention_months: M.retentionInvalid,
    });
    expect((await readBookingSettings(db)).enabled).toBe(false);

    const saved = await bookingOverviewAction(
      db,
      form({ intent: "settings", enabled: "on", reminder_hours: "0", retention_months: "12" }),
      SITE,
    );
    expect(saved).toEqual({ ok: true, message: M.settingsSaved });
    expect(await readBookingSettings(db)).toMatchObject({
      enabled: true,
      reminder_hours: 0,
      retention_months: 12,
    });
    // Without a visible type, visitors still cannot book.
    expect((await loadBookingOverview(db)).open).toBe(false);

    // An unticked checkbox is not sent at all: booking goes off.
    await bookingOverviewAction(
      db,
      form({ intent: "settings", reminder_hours: "24", retention_months: "6" }),
      SITE,
    );
    expect((await readBookingSettings(db)).enabled).toBe(false);
  });

  test("Termin-Arten: created with a slug from the name, refused with German messages, a taken slug beside its field", async ({
    db,
  }) => {
    expect(slugOf("Kostenloses Erstgespräch (30 Min.)")).toBe("kostenloses-erstgespraech-30-min");
    const created = await bookingTypesAction(
      db,
      form({
        ...NEW_TYPE_VALUES,
        intent: "save",
        name: "Erstgespräch",
        max_per_day: "2",
        not_same_day: "on",
      }),
    );
    expect(created).toEqual({ ok: true, message: M.typeCreated });
    const [type] = await listBookingTypes(db);
    expect(type).toMatchObject({
      slug: "erstgespraech",
      name: "Erstgespräch",
      duration_minutes: 30,
      location_kind: "video",
      max_per_day: 2,
      max_per_week: null,
      not_same_day: true,
      requires_confirmation: false,
      visible: true,
    });

    const bad = await bookingTypesAction(
      db,
      form({
        ...NEW_TYPE_VALUES,
        intent: "save",
        name: "",
        slug: "Mit Leerzeichen",
        duration_minutes: "3",
        horizon_days: "0",
        max_per_week: "0",
        location_kind: "brieftaube",
      }),
    );
    expect(errorsOf(bad)).toEqual({
      name: M.nameMissing,
      slug: M.slugInvalid,
      duration_minutes: M.durationInvalid,
      horizon_days: M.horizonInvalid,
      max_per_week: M.capInvalid,
      location_kind: M.locationKindInvalid,
    });

    const taken = await bookingTypesAction(
      db,
      form({ ...NEW_TYPE_VALUES, intent: "save", name: "Erstgespräch" }),
    );
    expect(taken).toMatchObject({ ok: false, errors: { slug: M.slugTaken } });
    expect(await listBookingTypes(db)).toHaveLength(1);

    const other = await bookingTypesAction(
      db,
      form({ ...NEW_TYPE_VALUES, intent: "save", name: "Beratung" }),
    );
    expect(other.ok).toBe(true);
    const beratung = (await listBookingTypes(db)).find((t) => t.slug === "beratung")!;
    const renamed = await bookingTypesAction(
      db,
      form({ ...NEW_TYPE_VALUES, intent: "save", id: beratung.id, name: "Beratung", slug: "erstgespraech" }),
    );
    expect(renamed).toMatchObject({ ok: false, errors: { slug: M.slugTaken } });
    const edited = await bookingTypesAction(
      db,
      form({
        ...NEW_TYPE_VALUES,
        intent: "save",
        id: beratung.id,
        name: "Beratung",
        visible: "",
        duration_minutes: "60",
      }),
    );
    expect(edited).toEqual({ ok: true, message: M.typeSaved });
    expect((await loadBookingTypes(db, beratung.id)).editing?.values).toMatchObject({
      duration_minutes: "60",
      visible: "",
    });

    expect(await bookingTypesAction(db, form({ intent: "delete", id: beratung.id }))).toEqual({
      ok: true,
      message: M.typeDeleted,
    });
    expect((await listBookingTypes(db)).map((t) => t.slug)).toEqual(["erstgespraech"]);
  });

  test("a type with bookings is not deleted; the owner is told to hide it", async ({ db }) => {
    await replaceWeeklyHours(db, [{ weekday: 2, startMinute: 540, endMinute: 720 }]);
    await bookingTypesAction(db, form({ ...NEW_TYPE_VALUES, intent: "save", name: "Erstgespräch" }));
    const [type] = await listBookingTypes(db);
    const booked = await createBooking(
      db,
      {
        typeId: type!.id,
        start: new Date("2026-03-10T09:00:00Z"),
        name: "Bea",
        email: "bea@example.org",
        message: null,
        timeZone: "Europe/Berlin",
      },
      { busy: [], now: new Date("2026-03-06T06:00:00Z") },
    );
    expect(booked.status).toBe("stored");
    expect(await bookingTypesAction(db, form({ intent: "delete", id: type!.id }))).toMatchObject({
      ok: false,
      status: 409,
      title: M.typeHasBookings,
    });
  });

  test("weekly hours: several ranges a day stored; a range ending before it starts is refused beside its field", async ({
    db,
  }) => {
    const saved = await hoursAction(
      db,
      form({
        intent: "hours",
        "start-1-0": "09:00",
        "end-1-0": "12:00",
        "start-1-1": "14:00",
        "end-1-1": "17:30",
        "start-5-0": "10:00",
        "end-5-0": "24:00",
      }),
    );
    expect(saved).toEqual({ ok: true, message: M.hoursSaved });
    expect(await listWeeklyHours(db)).toEqual([
      { weekday: 1, startMinute: 540, endMinute: 720 },
      { weekday: 1, startMinute: 840, endMinute: 1050 },
      { weekday: 5, startMinute: 600, endMinute: 1440 },
    ]);
    expect((await loadHours(db)).values).toMatchObject({
      "start-1-1": "14:00",
      "end-1-1": "17:30",
      "start-2-0": "",
    });

    const bad = await hoursAction(
      db,
      form({
        intent: "hours",
        "start-1-0": "12:00",
        "end-1-0": "09:00",
        "start-2-0": "09:00",
        "start-3-0": "9 Uhr",
        "end-3-0": "10:00",
      }),
    );
    expect(errorsOf(bad)).toEqual({
      "end-1-0": M.rangeOrder,
      "end-2-0": M.rangeIncomplete,
      "start-3-0": M.timeInvalid,
    });
    // The week stays as it was.
    expect(await listWeeklyHours(db)).toHaveLength(3);
  });

  test("date overrides: closed, own hours and blocked added with their note, checked, and deleted", async ({
    db,
  }) => {
    const range = { from: "2026-01-01", to: "2030-12-31" };
    expect(
      await hoursAction(
        db,
        form({
          intent: "add-override",
          day: "2029-12-24",
          kind: "geschlossen",
          start: "",
          end: "",
          note: "Heiligabend",
        }),
      ),
    ).toEqual({ ok: true, message: M.overrideAdded });
    expect(
      (
        await hoursAction(
          db,
          form({
            intent: "add-override",
            day: "2029-12-27",
            kind: "zeiten",
            start: "10:00",
            end: "12:00",
            note: "",
          }),
        )
      ).ok,
    ).toBe(true);
    expect(
      errorsOf(
        await hoursAction(
          db,
          form({
            intent: "add-override",
            day: "2029-12-28",
            kind: "gesperrt",
            start: "12:00",
            end: "11:00",
            note: "",
          }),
        ),
      ),
    ).toEqual({ end: M.rangeOrder });
    expect(
      errorsOf(
        await hoursAction(
          db,
          form({ intent: "add-override", day: "", kind: "zeiten", start: "", end: "", note: "" }),
        ),
      ),
    ).toEqual({ day: M.dayInvalid, start: M.rangeIncomplete });
    const rows = await listDateOverrides(db, range);
    expect(rows.map((row) => [row.day, row.kind, row.start_minute, row.end_minute, row.note])).toEqual([
      ["2029-12-24", "geschlossen", null, null, "Heiligabend"],
      ["2029-12-27", "zeiten", 600, 720, ""],
    ]);
    expect(await hoursAction(db, form({ intent: "delete-override", id: rows[0]!.id }))).toEqual({
      ok: true,
      message: M.overrideDeleted,
    });
    expect(await hoursAction(db, form({ intent: "delete-override", id: rows[0]!.id }))).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await listDateOverrides(db, range)).toHaveLength(1);
  });

  test("calendars: feeds checked with feedUrl; the CalDAV password is kept when left empty and never loaded into the page", async ({
    db,
  }) => {
    const bad = await calendarsAction(
      db,
      form({ intent: "add-feed", label: "", url: "ftp://example.org/cal.ics" }),
    );
    expect(errorsOf(bad)).toEqual({ label: M.feedLabelMissing, url: CALENDAR_MESSAGES.feedUrlScheme });
    expect(
      await calendarsAction(
        db,
        form({ intent: "add-feed", label: "Privat", url: "webcal://calendar.example.org/private.ics" }),
      ),
    ).toEqual({ ok: true, message: M.feedAdded });
    const [feed] = await listBookingFeeds(db);
    expect(feed).toMatchObject({ label: "Privat", url: "https://calendar.example.org/private.ics" });

    expect(
      errorsOf(
        await calendarsAction(
          db,
          form({
            intent: "save-caldav",
            caldav_url: "http://dav.example.org/cal",
            caldav_username: "",
            caldav_password: "",
          }),
        ),
      ),
    ).toEqual({
      caldav_url: CALENDAR_MESSAGES.calDavUrlScheme,
      caldav_username: M.calDavUsernameMissing,
      caldav_password: M.calDavPasswordMissing,
    });
    expect(await checkStoredCalDav(db)).toEqual({ ok: false, text: M.calDavNotSetUp });
    const first = form({
      intent: "save-caldav",
      caldav_url: "https://dav.example.org/cal",
      caldav_username: "maria",
      caldav_password: "geheim-123",
    });
    expect(await calendarsAction(db, first)).toEqual({ ok: true, message: M.calDavSaved });
    await calendarsAction(
      db,
      form({
        intent: "save-caldav",
        caldav_url: "https://dav.example.org/cal/",
        caldav_username: "maria2",
        caldav_password: "",
      }),
    );
    expect(await readBookingSettings(db)).toMatchObject({
      caldav_url: "https://dav.example.org/cal/",
      caldav_username: "maria2",
      caldav_password: "geheim-123",
    });

    // Nothing listens at these addresses: the status is the German error, and no slot is offered.
    await saveBookingSettings(db, { caldav_url: "http://127.0.0.1:9/cal/" });
    const loaded = await loadCalendars(db);
    expect(JSON.stringify(loaded)).not.toContain("geheim-123");
    expect(loaded.calDav).toMatchObject({ username: "maria2", passwordStored: true });
    expect(loaded.complete).toBe(false);
    expect(loaded.calDav.status?.ok).toBe(false);
    expect(loaded.calDav.status?.error).toMatch(/127\.0\.0\.1/);
    expect(loaded.feeds[0]?.status?.ok).toBe(false);
    const check = await checkStoredCalDav(db, { timeoutMs: 2_000 });
    expect(check.ok).toBe(false);
    expect(check.text).not.toContain("geheim-123");

    expect(await calendarsAction(db, form({ intent: "delete-feed", id: feed!.id }))).toEqual({
      ok: true,
      message: M.feedDeleted,
    });
    expect(await calendarsAction(db, form({ intent: "remove-caldav" }))).toEqual({
      ok: true,
      message: M.calDavRemoved,
    });
    expect(await readBookingSettings(db)).toMatchObject({ caldav_url: null, caldav_password: null });
    expect((await loadCalendars(db)).complete).toBe(true);
  });

  test("the owner's answers change the booking and queue the visitor's mail with it; a second answer does nothing", async ({
    db,
  }) => {
    await replaceWeeklyHours(db, [{ weekday: 2, startMinute: 540, endMinute: 720 }]);
    await bookingTypesAction(
      db,
      form({
        ...NEW_TYPE_VALUES,
        intent: "save",
        name: "Erstgespräch",
        requires_confirmation: "on",
        horizon_days: "730",
      }),
    );
    const [type] = await listBookingTypes(db);
    const now = new Date();
    // Next Tuesday 10:00 Berlin, at least a week ahead.
    const day = new Date(now.getTime() + 8 * 86_400_000);
    while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() + 1);
    const book = async (hour: number, name: string) => {
      const start = new Date(`${day.toISOString().slice(0, 10)}T${String(hour).padStart(2, "0")}:00:00Z`);
      const outcome = await createBooking(
        db,
        {
          typeId: type!.id,
          start,
          name,
          email: `${name.toLowerCase()}@example.org`,
          message: "Hallo",
          timeZone: "America/New_York",
        },
        { busy: [], now },
      );
      if (outcome.status !== "stored") throw new Error(outcome.status);
      return outcome.booking;
    };
    const [a, b] = [await book(9, "Anna"), await book(10, "Ben")];
    const listed = (await loadBookingOverview(db)).bookings.rows;
    expect(listed.map((row) => [row.name, row.stateLabel])).toEqual([
      ["Anna", "angefragt"],
      ["Ben", "angefragt"],
    ]);

    expect(await bookingOverviewAction(db, form({ intent: "confirm", id: a.id }), SITE)).toEqual({
      ok: true,
      message: M.confirmed,
    });
    expect(await bookingOverviewAction(db, form({ intent: "confirm", id: a.id }), SITE)).toMatchObject({
      ok: false,
      status: 409,
      title: M.bookingGone,
    });
    expect(
      await bookingOverviewAction(
        db,
        form({ intent: "decline", id: b.id, message: "Da bin ich leider verreist." }),
        SITE,
      ),
    ).toEqual({ ok: true, message: M.declined });
    expect(
      await bookingOverviewAction(db, form({ intent: "cancel", id: a.id, message: "Ich bin krank." }), SITE),
    ).toEqual({ ok: true, message: M.cancelled });
    expect((await findBooking(db, a.id))?.state).toBe("abgesagt");
    expect(await findBooking(db, b.id)).toMatchObject({
      state: "abgesagt",
      cancel_message: "Da bin ich leider verreist.",
      cancelled_by: "owner",
    });

    const queued = await mails(db);
    expect(queued.map((mail) => [mail.to, mail.subject])).toEqual([
      ["anna@example.org", "Termin bestätigt: Erstgespräch"],
      ["ben@example.org", "Terminanfrage abgelehnt: Erstgespräch"],
      ["anna@example.org", "Termin abgesagt: Erstgespräch"],
    ]);
    // In the visitor's zone (New York: 09:00 UTC is 04:00 or 05:00), signed by the owner.
    expect(queued[0]!.text).toMatch(
      /Hallo Anna,[\s\S]*\d{2}:00–\d{2}:30 Uhr \(America\/New_York\)[\s\S]*Maria Muster/,
    );
    expect(queued[1]!.text).toContain("Da bin ich leider verreist.");
    expect(queued[2]!.text).toContain("Ich bin krank.");
    // Nothing left to answer: no further mail.
    await bookingOverviewAction(db, form({ intent: "cancel", id: b.id }), SITE);
    expect(await mails(db)).toHaveLength(3);
  });
});
