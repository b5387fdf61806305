import ICAL from "ical.js";
import { describe, expect, test } from "vitest";
import { saveBookingSettings } from "~/features/booking/booking-settings.server";
import { createBooking } from "~/features/booking/queries.server";
import type { Db } from "~/platform/db/engines.server";
import { outbox } from "~/platform/db/schema";
import { bookableType } from "../setup/booking";
import { engineNeutralDatabases, serverDatabases } from "../setup/databases";
import { formTokenIn, get, postForm, unusedFormToken, withDb, withServer } from "../setup/http";
import { mimePart } from "../setup/mime";
import { freePort, startServer, waitUntilHealthy } from "../setup/server-process";
import { startSmtpReceiver } from "../setup/smtp-receiver";

/**
 * The visitor's booking over HTTP against the production server: /termine is not
 * there while booking is off; a booking answers with the confirmation page, its invitation
 * arrives over SMTP with a text/calendar part; a slot taken, not offered or a malformed address
 * gets its German message and a 4xx; a forged link a 403. The server sends due reminders by
 * itself, once, also across a restart.
 */

async function openBooking(db: Db) {
  await bookableType(db, {
    open: true,
    hours: { startMinute: 540, endMinute: 1020 },
    type: { location_kind: "telefon", location_detail: "+49 30 1234567" },
  });
}

/** The Berlin date `days` from today. */
const berlinDay = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/** The first slot the day's page offers, as its `zeit` link names it. */
async function firstSlot(base: string, day: string): Promise<string> {
  const response = await get(base, `/termine/erstgespraech?tag=${day}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const zeit = html.match(/zeit=([0-9T:.%A-Z-]+Z)/)?.[1];
  if (!zeit) throw new Error(`no slot offered on ${day}`);
  return decodeURIComponent(zeit);
}

async function waitFor<T>(find: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(serverDatabases)("the visitor's booking over HTTP on $name", (database) => {
  test("/termine and its types are not there while booking is off, and the menu keeps its link", async () => {
    await withServer(database, {
      run: async ({ url }) => {
        expect((await get(url, "/termine")).status).toBe(404);
        expect((await get(url, "/termine/erstgespraech")).status).toBe(404);
        expect(await (await get(url, "/")).text()).not.toContain('href="/termine"');
      },
    });
  });

  test("a booking: confirmation page, .ics download, invitation by SMTP; taken, not offered, malformed, forged", async () => {
    const smtp = await startSmtpReceiver(await freePort());
    try {
      await withServer(database, {
        env: { SMTP_URL: smtp.url },
        seed: openBooking,
        run: async ({ url }) => {
          const list = await get(url, "/termine");
          expect(list.status).toBe(200);
          expect(await list.text()).toContain("Kostenloses Erstgespräch");
          expect(await (await get(url, "/")).text()).toContain('href="/termine"');

          const day = berlinDay(3);
          const slot = await firstSlot(url, day);
          const formPage = `/termine/erstgespraech?tag=${day}&zeit=${encodeURIComponent(slot)}`;
          // A page whose form stays: the tokens of the POSTs after the booking come from there.
          const otherDay = berlinDay(4);
          const otherPage = `/termine/erstgespraech?tag=${otherDay}&zeit=${encodeURIComponent(await firstSlot(url, otherDay))}`;
          const page = await get(url, formPage);
          const html = await page.text();
          expect(html).toContain('role="grid"');
          expect(html).toContain("Zeiten in Europe/Berlin");
          // Five guarded POSTs here: the public forms' limit per client (FORM_RATE_LIMIT).
          const used = new Set([formTokenIn(html)]);
          const form = {
            formToken: formTokenIn(html),
            slot,
            timeZone: "Europe/Berlin",
            name: "Erika Muster",
            email: "erika@example.org",
            message: "",
            website: "",
          };

          const booked = await postForm(url, "/termine/erstgespraech", form);
          expect(booked.status).toBe(302);
          const confirmation = booked.headers.get("location")!;
          expect(confirmation).toMatch(/^\/termine\/bestaetigt\/[0-9a-f-]{36}\?s=[\w-]+&tz=Europe%2FBerlin$/);
          const shown = await (await get(url, confirmation)).text();
          expect(shown).toContain("Dein Termin ist gebucht.");
          expect(shown).toContain("Zum Kalender hinzufügen");

          const download = await get(url, confirmation.replace("?", "/kalender.ics?"));
          expect(download.headers.get("content-type")).toMatch(/^text\/calendar/);
          const event = new ICAL.Event(
            new ICAL.Component(ICAL.parse(await download.text())).getFirstSubcomponent("vevent")!,
          );
          expect(event.startDate.toJSDate().toISOString()).toBe(new Date(slot).toISOString());

          const taken = await postForm(url, "/termine/erstgespraech", {
            ...form,
            formToken: await unusedFormToken(url, used, otherPage),
            email: "max@example.org",
          });
          expect(taken.status).toBe(409);
          const takenHtml = await taken.text();
          expect(takenHtml).toContain("Dieser Termin ist gerade vergeben worden.");
          expect(takenHtml).toContain("Diese Termine sind noch frei:");

          const notOffered = await postForm(url, "/termine/erstgespraech", {
            ...form,
            slot: `${day}T02:00:00.000Z`,
            formToken: await unusedFormToken(url, used, otherPage),
            email: "nachts@example.org",
          });
          expect(notOffered.status).toBe(400);
          expect(await notOffered.text()).toContain("Dieser Termin wird nicht angeboten.");

          const past = await postForm(url, "/termine/erstgespraech", {
            ...form,
            slot: "2020-01-01T09:00:00.000Z",
            formToken: await unusedFormToken(url, used, otherPage),
            email: "frueher@example.org",
          });
          expect(past.status).toBe(400);
          expect(await past.text()).toContain("Dieser Termin liegt in der Vergangenheit.");

          const malformed = await postForm(url, "/termine/erstgespraech", {
            ...form,
            email: "erika@",
            formToken: await unusedFormToken(url, used, otherPage),
          });
          expect(malformed.status).toBe(400);
          expect(await malformed.text()).toContain("Bitte prüfe die markierten Felder");

          const id = confirmation.split("/")[3]!.split("?")[0]!;
          for (const forged of [`/termine/absagen/${id}?s=falsch`, `/termine/verschieben/${id}`]) {
            const response = await get(url, forged);
            expect(response.status).toBe(403);
            expect(await response.text()).toContain("Dieser Link ist ungültig oder abgelaufen.");
          }

          const invitation = await waitFor(
            () => smtp.messages.find((raw) => /^To: .*erika@example\.org/m.test(raw)),
            "the visitor's invitation",
          );
          const ics = mimePart(invitation, "text/calendar");
          const calendar = new ICAL.Component(ICAL.parse(ics));
          expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
          const invited = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
          expect(invited.uid).toBe(event.uid);
          expect(invited.component.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("Europe/Berlin");
          expect(invited.location).toBe("+49 30 1234567");
          await waitFor(
            () =>
              smtp.messages.find(
                (raw) =>
                  /^To: .*kontakt@example\.com/m.test(raw) &&
                  /METHOD:REQUEST/.test(mimePart(raw, "text/calendar")),
              ),
            "the owner's notice",
          );

          // Cancelling by the link in the mail frees the slot.
          const body = invitation.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
          const cancelPath = body.match(/\/termine\/absagen\/[0-9a-f-]{36}\?s=[\w-]+/)![0];
          expect((await get(url, cancelPath)).status).toBe(200);
          const cancelled = await postForm(url, cancelPath, {});
          expect(cancelled.status).toBe(302);
          expect(await (await get(url, cancelled.headers.get("location")!)).text()).toContain(
            "Dein Termin ist abgesagt.",
          );
          expect((await get(url, cancelPath)).status).toBe(403);
          expect(await firstSlot(url, day)).toBe(slot);
        },
      });
    } finally {
      await smtp.close();
    }
  });
});

// The server's wiring of the reminders; the claim itself runs on both engines (booking-flow.test.ts).
describe.each(engineNeutralDatabases)("the booking's reminders on $name", (database) => {
  test("the server sends a due reminder by itself, once: a restart does not send it again", async () => {
    const created = await database.create();
    try {
      // A booking 10 hours ahead (a full hour, in hours open all day), made three days ago.
      const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 10 * 3_600_000);
      await withDb(created.options, async (db) => {
        const type = await bookableType(db, { open: true, hours: { startMinute: 0, endMinute: 1440 } });
        await saveBookingSettings(db, { reminder_hours: 24 });
        const booked = await createBooking(
          db,
          {
            typeId: type.id,
            start,
            name: "Erika Muster",
            email: "erika@example.org",
            message: "",
            timeZone: "Europe/Berlin",
          },
          { busy: [], now: new Date(start.getTime() - 3 * 86_400_000) },
        );
        expect(booked.status).toBe("stored");
      });
      // Each start looks for due reminders at its mail worker's first idle turn.
      for (const round of ["first start", "restart"]) {
        const server = await startServer({ ...created.env, LOG_LEVEL: "debug" });
        try {
          await waitUntilHealthy(server, 90_000);
          await expect
            .poll(() => server.output().includes("booking reminders checked"), { timeout: 30_000 })
            .toBe(true);
        } finally {
          expect(await server.stop(), round).toBe(0);
        }
      }
      const reminders = await withDb(created.options, async (db) =>
        (await db.select().from(outbox)).filter((row) => row.subject.startsWith("Erinnerung")),
      );
      expect(reminders.map((row) => row.to)).toEqual(["erika@example.org"]);
    } finally {
      await created.drop();
    }
  });
});
