import { expect, test } from "vitest";
import { startRadicale } from "#tests/setup/radicale";
import {
  calDavUrl,
  checkCalDav,
  deleteCalDavEvent,
  readCalDavBusy,
  writeCalDavEvent,
  type CalDavAccount,
} from "./caldav.server";
import { bookingUid, calendarEventIcs } from "./invitation.server";
import { CALENDAR_MESSAGES } from "./messages";

/** Against a real CalDAV server: Debian's Radicale, started per test (tests/setup/radicale.ts). */
const MARCH = { from: new Date("2026-03-01T00:00:00+01:00"), to: new Date("2026-04-01T00:00:00+02:00") };

/** What another client (the owner's phone) puts into the calendar: a dentist's, twice weekly. */
const DENTIST = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Test//Telefon//DE",
  "BEGIN:VEVENT",
  "UID:zahnarzt@example.org",
  "DTSTAMP:20260201T120000Z",
  "DTSTART;TZID=Europe/Berlin:20260310T100000",
  "DTEND;TZID=Europe/Berlin:20260310T110000",
  "RRULE:FREQ=WEEKLY;COUNT=2",
  "SUMMARY:Zahnarzt",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

const booking = (start: string, sequence = 0) =>
  calendarEventIcs({
    uid: bookingUid("b-0001", "www.example.de"),
    sequence,
    start: new Date(start),
    end: new Date(new Date(start).getTime() + 30 * 60_000),
    summary: "Kostenloses Erstgespräch mit Max Müller",
    description: "Gebucht über die Website.",
    videoUrl: "https://meet.example.de/erstgespraech",
  });

const asText = (busy: { start: Date; end: Date }[]) =>
  busy.map(({ start, end }) => `${start.toISOString()} – ${end.toISOString()}`);

test("a busy event in the calendar is read; a booking is written, rewritten, moved and removed", async () => {
  const radicale = await startRadicale();
  try {
    const url = await radicale.makeCalendar("termine");
    const account: CalDavAccount = { url, username: radicale.username, password: radicale.password };
    expect(await checkCalDav(account)).toEqual({ ok: true, name: "termine" });

    const put = await fetch(`${url}zahnarzt.ics`, {
      method: "PUT",
      headers: {
        authorization: `Basic ${Buffer.from(`${account.username}:${account.password}`).toString("base64")}`,
        "content-type": "text/calendar; charset=utf-8",
      },
      body: DENTIST,
    });
    expect(put.status).toBe(201);
    const dentist = [
      "2026-03-10T09:00:00.000Z – 2026-03-10T10:00:00.000Z",
      "2026-03-17T09:00:00.000Z – 2026-03-17T10:00:00.000Z",
    ];
    const before = await readCalDavBusy(account, MARCH);
    expect(before.ok && asText(before.busy)).toEqual(dentist);

    const uid = bookingUid("b-0001", "www.example.de");
    const written = await writeCalDavEvent(account, { uid, ics: booking("2026-03-12T13:00:00Z") });
    expect(written).toEqual({ ok: true, href: `${url}${encodeURIComponent(uid)}.ics` });
    const href = written.ok ? written.href : "";
    const withBooking = await readCalDavBusy(account, MARCH);
    expect(withBooking.ok && asText(withBooking.busy)).toEqual([
      dentist[0],
      "2026-03-12T13:00:00.000Z – 2026-03-12T13:30:00.000Z",
      dentist[1],
    ]);

    // A retry of the same write (the first one's answer was lost) replaces its own object.
    expect(await writeCalDavEvent(account, { uid, ics: booking("2026-03-12T13:00:00Z") })).toEqual(written);

    // Moved to the 13th: the same object, the new time only.
    expect(await writeCalDavEvent(account, { uid, href, ics: booking("2026-03-13T08:00:00Z", 1) })).toEqual(
      written,
    );
    const moved = await readCalDavBusy(account, MARCH);
    expect(moved.ok && asText(moved.busy)).toEqual([
      dentist[0],
      "2026-03-13T08:00:00.000Z – 2026-03-13T08:30:00.000Z",
      dentist[1],
    ]);

    expect(await deleteCalDavEvent(account, href)).toEqual({ ok: true });
    const after = await readCalDavBusy(account, MARCH);
    expect(after.ok && asText(after.busy)).toEqual(dentist);
    // Removed already (a second cancellation): nothing left to do, not an error.
    expect(await deleteCalDavEvent(account, href)).toEqual({ ok: true });
  } finally {
    await radicale.stop();
  }
});

test("a wrong app password gets the German 401 message from every call", async () => {
  const radicale = await startRadicale();
  try {
    const url = await radicale.makeCalendar("termine");
    const account = { url, username: radicale.username, password: "falsches-app-passwort" };
    const refused = { ok: false, error: "Benutzername oder App-Passwort stimmen nicht." };
    expect(await checkCalDav(account)).toEqual(refused);
    expect(await readCalDavBusy(account, MARCH)).toEqual(refused);
    expect(
      await writeCalDavEvent(account, { uid: "x@example.de", ics: booking("2026-03-12T13:00:00Z") }),
    ).toEqual(refused);
    expect(await deleteCalDavEvent(account, `${url}x%40example.de.ics`)).toEqual(refused);
  } finally {
    await radicale.stop();
  }
});

test("the account's address instead of a calendar's is refused, so it never reads as a free calendar", async () => {
  const radicale = await startRadicale();
  try {
    await radicale.makeCalendar("termine");
    const home = `${radicale.url}/${radicale.username}/`;
    const account = { url: home, username: radicale.username, password: radicale.password };
    const notACalendar = { ok: false, error: CALENDAR_MESSAGES.calDavNotACalendar(new URL(home).host) };
    expect(await checkCalDav(account)).toEqual(notACalendar);
    expect(await readCalDavBusy(account, MARCH)).toEqual(notACalendar);
    const missing = { ...account, url: `${home}gibt-es-nicht/` };
    expect(await checkCalDav(missing)).toEqual({
      ok: false,
      error: CALENDAR_MESSAGES.calDavNotFound(new URL(home).host),
    });
  } finally {
    await radicale.stop();
  }
});

test("a stopped CalDAV server is an error for the owner, not an exception", async () => {
  const radicale = await startRadicale();
  const url = await radicale.makeCalendar("termine");
  await radicale.stop();
  const account = { url, username: radicale.username, password: radicale.password };
  const unreachable = { ok: false, error: CALENDAR_MESSAGES.calDavUnreachable(new URL(url).host) };
  expect(await checkCalDav(account)).toEqual(unreachable);
  expect(await readCalDavBusy(account, MARCH)).toEqual(unreachable);
  expect(
    await writeCalDavEvent(account, { uid: "x@example.de", ics: booking("2026-03-12T13:00:00Z") }),
  ).toEqual(unreachable);
});

test("a calendar address: https, or http on this machine only, and no credentials in it", () => {
  expect(calDavUrl("https://cloud.example.de/remote.php/dav/calendars/anna/termine")).toEqual({
    url: new URL("https://cloud.example.de/remote.php/dav/calendars/anna/termine/"),
  });
  expect(calDavUrl("http://cloud.example.de/dav/anna/termine/")).toEqual({
    error: CALENDAR_MESSAGES.calDavUrlScheme,
  });
  expect(calDavUrl("https://anna:geheim@cloud.example.de/dav/")).toEqual({
    error: CALENDAR_MESSAGES.calDavUrlCredentials,
  });
  expect(calDavUrl("cloud.example.de")).toEqual({ error: CALENDAR_MESSAGES.calDavUrlInvalid });
});
