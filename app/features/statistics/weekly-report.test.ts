import { describe, expect } from "vitest";
import { DEFAULT_SETTINGS } from "~/features/settings";
import type { SiteSettings } from "~/features/settings/index.server";
import type { Db } from "~/platform/db/engines.server";
import { outbox } from "~/platform/db/schema";
import { createMailTransport } from "~/platform/mail/transport.server";
import { deliverDueMail } from "~/platform/mail/worker.server";
import { test, testDatabases } from "#tests/setup/databases";
import { startSmtpReceiver } from "#tests/setup/smtp-receiver";
import { insertVisitEvents, type NewVisitEvent } from "./queries.server";
import { changeOf } from "./messages";
import { reportWeeksAt, sendWeeklyReport } from "./weekly-report.server";

/**
 * The weekly report (docs/decisions/0025-visit-statistics.md): on Monday from 07:00 Berlin, the
 * last closed week against the week before, by mail to the notification address, once per week.
 * The weeks here: 2–8 March 2026 (KW 10) and 9–15 March 2026 (KW 11), Berlin at UTC+1.
 */
const PUBLIC_URL = "https://www.example.de";
const NOTIFY = "bericht@example.org";
/** Monday 16 March 2026, 07:30 in Berlin. */
const MONDAY_0730 = new Date("2026-03-16T06:30:00Z");

const settingsWith = (statistics: Partial<SiteSettings["statistics"]> = {}): SiteSettings => ({
  ...DEFAULT_SETTINGS,
  mail: { ...DEFAULT_SETTINGS.mail, notifyEmail: NOTIFY },
  statistics: { enabled: "on", weeklyReport: "on", ...statistics },
});

const view = (
  at: string,
  visitor: string,
  path: string,
  fields: Partial<NewVisitEvent> = {},
): NewVisitEvent => ({
  at: new Date(at),
  path,
  browser: "Firefox",
  os: "Linux",
  visitor: visitor.repeat(16),
  ...fields,
});
const entry = (at: string, visitor: string, path: string, referrer?: string) =>
  view(at, visitor, path, {
    entry: true,
    referrer_host: referrer ?? null,
    referrer_path: referrer ? "/" : null,
  });
const conversion = (at: string, visitor: string, kind: "contact" | "newsletter") =>
  view(at, visitor, kind === "contact" ? "/kontakt" : "/newsletter/bestaetigen", { kind });

/**
 * KW 10: 11 views, 3 visitors (2 on Tuesday, 1 on Sunday late in the evening), 1 contact request.
 * KW 11: 10 views, 5 visitors (3 on Monday, one of them just after midnight, 2 on Wednesday),
 * 2 contact requests and 1 confirmed sign-up. A view just after the week (Monday 00:30) is not in it.
 */
async function twoWeeks(db: Db) {
  await insertVisitEvents(db, [
    entry("2026-03-03T09:00:00Z", "a", "/", "google.de"),
    ...["/leistungen", "/ueber-mich", "/blog", "/blog/eins", "/blog/zwei", "/impressum", "/datenschutz"].map(
      (path, n) => view(`2026-03-03T09:0${n + 1}:00Z`, "a", path),
    ),
    entry("2026-03-03T10:00:00Z", "b", "/"),
    view("2026-03-03T10:01:00Z", "b", "/kontakt"),
    conversion("2026-03-03T10:02:00Z", "b", "contact"),
    entry("2026-03-08T22:30:00Z", "c", "/blog", "linkedin.com"), // Sunday 23:30 in Berlin

    entry("2026-03-08T23:30:00Z", "e", "/"), // Monday 00:30 in Berlin
    conversion("2026-03-08T23:35:00Z", "e", "contact"),
    entry("2026-03-09T08:00:00Z", "a", "/", "google.de"),
    view("2026-03-09T08:01:00Z", "a", "/leistungen"),
    view("2026-03-09T08:02:00Z", "a", "/kontakt"),
    conversion("2026-03-09T08:03:00Z", "a", "contact"),
    entry("2026-03-09T09:00:00Z", "b", "/leistungen", "google.de"),
    entry("2026-03-11T10:00:00Z", "c", "/"),
    ...["/projekte", "/ueber-mich", "/impressum"].map((path, n) =>
      view(`2026-03-11T10:0${n + 1}:00Z`, "c", path),
    ),
    entry("2026-03-11T11:00:00Z", "d", "/projekte", "news.ycombinator.com"),
    conversion("2026-03-11T11:05:00Z", "d", "newsletter"),

    entry("2026-03-15T23:30:00Z", "f", "/spaet"), // Monday 16 March, 00:30 in Berlin
  ]);
}

/** The outbox's mails sent over SMTP to a receiver in this process, decoded: To, Subject, text. */
async function deliveredMails(db: Db) {
  const receiver = await startSmtpReceiver();
  const transport = createMailTransport({
    smtpUrl: receiver.url,
    from: async () => ({ name: "Website", address: "website@example.de" }),
    dropDir: "/nonexistent",
  });
  try {
    await deliverDueMail(db, transport, { perHour: 100, perDay: Infinity }, {});
    return receiver.messages.map(decoded);
  } finally {
    transport.close?.();
    await receiver.close();
  }
}

/** Enough of a MIME message to read a single-part text mail: headers, and the body decoded. */
function decoded(raw: string) {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map(
    head
      .replace(/\r?\n[ \t]+/g, " ")
      .split(/\r?\n/)
      .map((line) => [
        line.slice(0, line.indexOf(":")).toLowerCase(),
        line.slice(line.indexOf(":") + 1).trim(),
      ]),
  );
  const body = rest.join("\n\n");
  const encoding = headers.get("content-transfer-encoding");
  const bytes =
    encoding === "base64"
      ? Buffer.from(body, "base64")
      : encoding === "quoted-printable"
        ? Buffer.from(
            body
              .replace(/=\r?\n/g, "")
              .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          )
        : Buffer.from(body);
  return {
    to: headers.get("to"),
    subject: headers.get("subject"),
    text: bytes.toString("utf8").replace(/\r\n/g, "\n"),
  };
}

describe("the weekly report's week and wording", () => {
  test("the last closed ISO week in Berlin, due from Monday 07:00", () => {
    expect(reportWeeksAt(MONDAY_0730)).toEqual({
      week: { monday: "2026-03-09", sunday: "2026-03-15", number: 11 },
      before: { monday: "2026-03-02", sunday: "2026-03-08", number: 10 },
      due: true,
    });
    expect(reportWeeksAt(new Date("2026-03-16T05:59:59Z")).due).toBe(false);
    expect(reportWeeksAt(new Date("2026-03-16T06:00:00Z")).due).toBe(true);
    // Sunday 23:59 in Berlin still belongs to the week before: its report is the one of KW 10.
    expect(reportWeeksAt(new Date("2026-03-15T22:59:00Z")).week.monday).toBe("2026-03-02");
    // Summer time (UTC+2) and a week across the new year (KW 1 of 2026 starts on 29 December 2025).
    expect(reportWeeksAt(new Date("2026-04-06T04:59:00Z")).due).toBe(false);
    expect(reportWeeksAt(new Date("2026-04-06T05:00:00Z")).due).toBe(true);
    expect(reportWeeksAt(new Date("2026-01-05T12:00:00Z")).week).toEqual({
      monday: "2025-12-29",
      sunday: "2026-01-04",
      number: 1,
    });
  });

  test("changes in German: a real minus sign, nothing to compare with is new", () => {
    expect(changeOf(112, 100)).toBe("+12 %");
    expect(changeOf(97, 100)).toBe("−3 %");
    expect(changeOf(100, 100)).toBe("±0 %");
    expect(changeOf(3, 0)).toBe("neu");
    expect(changeOf(0, 0)).toBe("±0 %");
    expect(changeOf(0, 4)).toBe("−100 %");
  });
});

describe.each(testDatabases)("the weekly report on $name", (database) => {
  test.override({ database });

  test("on Monday at 07:30 last week's report arrives over SMTP with its figures against the week before, and only once", async ({
    db,
  }) => {
    await twoWeeks(db);
    expect(await sendWeeklyReport(db, settingsWith(), { publicUrl: PUBLIC_URL, now: MONDAY_0730 })).toBe(
      true,
    );

    const [mail, ...more] = await deliveredMails(db);
    expect(more).toEqual([]);
    expect(mail!.to).toBe(NOTIFY);
    expect(mail!.subject).toBe("Deine Website letzte Woche: 5 Besucher, 3 Conversions");
    expect(mail!.text).toContain(
      "so lief deine Website letzte Woche (KW 11, 9. bis 15. März 2026), verglichen mit der Woche davor:\n\n" +
        "Besucher: 5 (Vorwoche: 3, +67 %)\n" +
        "Seitenaufrufe: 10 (Vorwoche: 11, −9 %)\n" +
        "Conversions: 3 (Vorwoche: 1, +200 %)\n" +
        "  davon Kontaktanfragen: 2 (Vorwoche: 1, +100 %)\n" +
        "  davon Newsletter-Anmeldungen: 1 (Vorwoche: 0, neu)\n" +
        "Conversion-Rate: 60 % (Vorwoche: 33,3 %, +26,7 Prozentpunkte)\n\n" +
        "Meistbesuchte Seiten:\n" +
        "1. / – 3 Aufrufe\n" +
        "2. /leistungen – 2 Aufrufe\n" +
        "3. /projekte – 2 Aufrufe\n" +
        "4. /impressum – 1 Aufruf\n" +
        "5. /kontakt – 1 Aufruf\n\n" +
        "Woher die Besuche kamen:\n" +
        "1. Direkt / unbekannt – 2 Besuche, 1 Conversion\n" +
        "2. google.de – 2 Besuche, 1 Conversion\n" +
        "3. news.ycombinator.com – 1 Besuch, 1 Conversion\n\n" +
        "Alle Zahlen und weitere Listen findest du unter https://www.example.de/admin/statistik\n",
    );
    expect(mail!.text).not.toContain("/spaet");
    expect(mail!.text).toContain(
      "Den Wochenbericht schaltest du unter Einstellungen → Besucherstatistik ab.",
    );

    // Later the same Monday, and on Wednesday: the week is reported.
    for (const now of [new Date("2026-03-16T09:00:00Z"), new Date("2026-03-18T12:00:00Z")]) {
      expect(await sendWeeklyReport(db, settingsWith(), { publicUrl: PUBLIC_URL, now })).toBe(false);
    }
    expect(await db.select().from(outbox)).toHaveLength(1);

    // The Monday after: the next week (its one view, Monday 00:30), against KW 11.
    const next = new Date("2026-03-23T06:30:00Z");
    expect(await sendWeeklyReport(db, settingsWith(), { publicUrl: PUBLIC_URL, now: next })).toBe(true);
    const [second] = await deliveredMails(db);
    expect(second!.subject).toBe("Deine Website letzte Woche: 1 Besucher, 0 Conversions");
    expect(second!.text).toContain("(KW 12, 16. bis 22. März 2026)");
    expect(second!.text).toContain("Besucher: 1 (Vorwoche: 5, −80 %)");
    expect(second!.text).toContain("Meistbesuchte Seiten:\n1. /spaet – 1 Aufruf\n");
  });

  test("before Monday 07:00 nothing is sent; from 07:00 it is", async ({ db }) => {
    await twoWeeks(db);
    for (const now of [
      new Date("2026-03-15T23:30:00Z"), // Monday 00:30 in Berlin
      new Date("2026-03-16T05:59:00Z"), // Monday 06:59 in Berlin
    ]) {
      expect(await sendWeeklyReport(db, settingsWith(), { publicUrl: PUBLIC_URL, now })).toBe(false);
    }
    expect(await db.select().from(outbox)).toEqual([]);
    const seven = new Date("2026-03-16T06:00:00Z");
    expect(await sendWeeklyReport(db, settingsWith(), { publicUrl: PUBLIC_URL, now: seven })).toBe(true);
  });

  test("with the report or the statistics switched off, or no notification address, nothing is sent and the week stays open", async ({
    db,
  }) => {
    await twoWeeks(db);
    const withoutAddress: SiteSettings = {
      ...settingsWith(),
      owner: { ...DEFAULT_SETTINGS.owner, email: "" },
      mail: { ...DEFAULT_SETTINGS.mail, notifyEmail: "" },
    };
    for (const settings of [
      settingsWith({ weeklyReport: "" }),
      settingsWith({ enabled: "" }),
      withoutAddress,
    ]) {
      expect(await sendWeeklyReport(db, settings, { publicUrl: PUBLIC_URL, now: MONDAY_0730 })).toBe(false);
    }
    expect(await db.select().from(outbox)).toEqual([]);

    // Switched on again the same week: last week's report goes out then.
    const wednesday = new Date("2026-03-18T12:00:00Z");
    expect(await sendWeeklyReport(db, settingsWith(), { publicUrl: PUBLIC_URL, now: wednesday })).toBe(true);
    expect((await deliveredMails(db)).map((mail) => mail.to)).toEqual([NOTIFY]);
  });

  test("a week with nothing counted (the statistics were off) sends no report, and no older week is sent later", async ({
    db,
  }) => {
    // Counting began after KW 11 (statistics switched on on Monday 16 March); the visitor then
    // clicked a project's "Zur Webseite".
    await insertVisitEvents(db, [
      entry("2026-03-16T10:00:00Z", "a", "/"),
      view("2026-03-16T10:01:00Z", "a", "kunde.example/shop", { kind: "outbound" }),
    ]);
    expect(await sendWeeklyReport(db, settingsWith(), { publicUrl: PUBLIC_URL, now: MONDAY_0730 })).toBe(
      false,
    );
    expect(
      await sendWeeklyReport(db, settingsWith(), {
        publicUrl: PUBLIC_URL,
        now: new Date("2026-03-16T12:00:00Z"),
      }),
    ).toBe(false);
    expect(await db.select().from(outbox)).toEqual([]);
    // A week later: only KW 12 (against an empty KW 11).
    const next = new Date("2026-03-23T06:30:00Z");
    expect(await sendWeeklyReport(db, settingsWith(), { publicUrl: PUBLIC_URL, now: next })).toBe(true);
    const [mail] = await db.select().from(outbox);
    expect(mail!.text).toContain("(KW 12, 16. bis 22. März 2026)");
    expect(mail!.text).toContain("Besucher: 1 (Vorwoche: 0, neu)");
    expect(mail!.text).toContain("  davon Klicks auf andere Websites: 1 (Vorwoche: 0, neu)\n");
  });

  // Two instances at once need two connections: PostgreSQL only.
  if (database.name === "postgres") {
    test("two instances at once, even without the housekeeping's lock, queue one report", async ({ db }) => {
      await twoWeeks(db);
      const sent = await Promise.all(
        [1, 2, 3].map(() =>
          sendWeeklyReport(db, settingsWith(), { publicUrl: PUBLIC_URL, now: MONDAY_0730 }),
        ),
      );
      expect(sent.filter(Boolean)).toHaveLength(1);
      expect(await db.select().from(outbox)).toHaveLength(1);
    });
  }
});
