import { describe, expect } from "vitest";
import { visitDaily, visitEvents, visitSalts, visitToday, visitTodayMarks } from "~/platform/db/schema";
import { test, testDatabases } from "#tests/setup/databases";
import {
  eventTotals,
  insertVisitEvents,
  keepTodayTotals,
  rollUpClosedDays,
  todayTotals,
  visitSourceOf,
  type DimensionTotal,
  type NewVisitEvent,
} from "./queries.server";
import { createVisitRecorder } from "./recorder.server";
import { ANSWER_HEADERS, answerOfLine, viewOfAnswer } from "./page-views";
import { Lines } from "./visit-rows.server";
import { answerLineOf, type AnsweredRequest } from "./visits.server";

/**
 * The counting's data layer (docs/decisions/0025-visit-statistics.md): the buffer's writes, the
 * visitor key with the day's salt and its rotation at midnight Europe/Berlin, and the daily
 * totals with their attribution of conversions. The server's side: tests/integration/visit-statistics.test.ts.
 */
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const ADDRESS = "2001:db8:5:6:1:2:3:4";

type Options = Partial<AnsweredRequest> & { userAgent?: string; referer?: string };

function answered(
  path: string,
  { userAgent, referer, headers: more, ...options }: Options = {},
): AnsweredRequest {
  const headers: Record<string, string> = { "user-agent": userAgent ?? FIREFOX };
  if (referer) headers.referer = referer;
  return {
    method: "GET",
    url: `https://www.example.de${path}`,
    headers: { ...headers, ...more },
    status: 200,
    contentType: "text/html; charset=utf-8",
    address: ADDRESS,
    siteHosts: ["www.example.de"],
    ...options,
  };
}

/** The page view an answer counts as: its line written down and read back, as the thread does. */
function pageViewOf(answered: AnsweredRequest) {
  const answer = answerOfLine(answerLineOf(answered).slice(0, -1));
  return answer && viewOfAnswer(answer);
}

/** A page view made on the main thread, as a conversion is made. */
function view(path: string, options: Options = {}) {
  const visit = pageViewOf(answered(path, options));
  if (!visit) throw new Error(`${path} does not count`);
  return visit;
}

/** An answer as the server writes it down for the statistics' thread. */
const answer = (path: string, options: Options = {}) => answerLineOf(answered(path, options));

describe.each(testDatabases)("visit statistics on $name", (database) => {
  test.override({ database });

  test("one write holds the buffered views; the same client is one visitor, another browser another", async ({
    db,
  }) => {
    const recorder = createVisitRecorder({ intervalMs: 60_000 });
    const connected = Promise.resolve(db);
    // The answers as the server writes them down; the statistics' thread makes the page views.
    recorder.recordAnswer(
      connected,
      // A tab and a line break are kept; a NUL, which PostgreSQL cannot store, is dropped.
      answer("/?utm_source=newsletter&utm_medium=e%09mail%0A2&utm_campaign=herbst%00", {
        referer: "https://www.google.de/search?q=coach",
        now: new Date("2026-03-10T09:00:00Z"),
      }),
    );
    recorder.recordAnswer(
      connected,
      answer("/projects", { referer: "https://www.example.de/", now: new Date("2026-03-10T09:00:01Z") }),
    );
    // Not counted: a bot, a prefetch, the owner, an image, and a line that is no answer.
    recorder.recordAnswer(
      connected,
      answer("/", { userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" }),
    );
    recorder.recordAnswer(connected, answer("/about", { headers: { "sec-purpose": "prefetch" } }));
    recorder.recordAnswer(connected, answer("/about", { headers: { cookie: "theme=dark; session=abc" } }));
    recorder.recordAnswer(connected, answer("/favicon.ico", { contentType: "image/x-icon" }));
    recorder.recordAnswer(connected, "keine Antwort\n");
    recorder.recordAnswer(connected, answer("/about").replace(/^\d+/, "gestern"));
    recorder.record(
      connected,
      view("/projects", { userAgent: SAFARI, now: new Date("2026-03-10T09:00:02Z") }),
    );
    expect(await db.select().from(visitEvents)).toEqual([]);
    await recorder.flush();

    const rows = await db.select().from(visitEvents).orderBy(visitEvents.at);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      kind: "view",
      path: "/",
      referrer_host: "www.google.de",
      referrer_path: "/search",
      utm_source: "newsletter",
      utm_medium: "e\tmail\n2",
      utm_campaign: "herbst",
      browser: "Firefox",
      os: "Linux",
      entry: true,
      not_found: false,
    });
    expect(rows[1]).toMatchObject({ path: "/projects", referrer_host: null, entry: false });
    expect(rows[2]).toMatchObject({ browser: "Safari", os: "iOS", entry: true });
    expect(rows[0]!.visitor).toMatch(/^[0-9a-f]{16}$/);
    expect(rows[1]!.visitor).toBe(rows[0]!.visitor);
    expect(rows[2]!.visitor).not.toBe(rows[0]!.visitor);
  });

  test("at midnight in Berlin the salt rotates: the same client is a new visitor and the old salt is gone", async ({
    db,
  }) => {
    let now = new Date("2026-03-10T22:59:58Z"); // 23:59:58 in Berlin
    const recorder = createVisitRecorder({ now: () => now, intervalMs: 60_000 });
    const connected = Promise.resolve(db);
    recorder.record(connected, view("/", { now }));
    await recorder.flush();
    const [before] = await db.select().from(visitSalts);
    expect(before?.day).toBe("2026-03-10");

    now = new Date("2026-03-10T23:00:01Z"); // 00:00:01 of the 11th
    recorder.record(connected, view("/", { now }));
    await recorder.flush();

    const keys = (await db.select().from(visitEvents).orderBy(visitEvents.at)).map((row) => row.visitor);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    const salts = await db.select().from(visitSalts);
    expect(salts.map((salt) => salt.day)).toEqual(["2026-03-11"]);
    expect(Buffer.from(salts[0]!.salt).equals(Buffer.from(before!.salt))).toBe(false);
  });

  test("one write holds views keyed before midnight and a view after it, keyed with the new day's salt", async ({
    db,
  }) => {
    let now = new Date("2026-03-10T22:59:57Z"); // 23:59:57 in Berlin
    const recorder = createVisitRecorder({ now: () => now, intervalMs: 60_000 });
    const connected = Promise.resolve(db);
    // The first write reads the day's salt; the next views of that day are keyed when recorded.
    recorder.record(connected, view("/", { now }));
    await recorder.flush();
    now = new Date("2026-03-10T22:59:58Z");
    recorder.record(connected, view("/about", { now }));
    now = new Date("2026-03-10T23:00:01Z"); // 00:00:01 of the 11th: keyed at the write
    recorder.record(connected, view("/contact", { now }));
    await recorder.flush();

    const rows = await db.select().from(visitEvents).orderBy(visitEvents.at);
    expect(rows.map((row) => row.path)).toEqual(["/", "/about", "/contact"]);
    expect(rows[1]!.visitor).toBe(rows[0]!.visitor);
    expect(rows[2]!.visitor).not.toBe(rows[0]!.visitor);
  });

  test("a full buffer drops the events past it; the next write holds only the events since", async ({
    db,
  }) => {
    const recorder = createVisitRecorder({ intervalMs: 60_000, maxBuffered: 3 });
    const connected = Promise.resolve(db);
    for (const path of ["/", "/about", "/projects", "/dropped", "/dropped"])
      recorder.record(connected, view(path));
    await recorder.flush();
    // Each later write holds what was recorded since the one before, nothing of the earlier ones.
    for (const round of [1, 2]) {
      recorder.record(connected, view(`/contact?round=${round}`));
      await recorder.flush();
    }
    recorder.record(connected, view("/imprint"));
    await recorder.flush();
    const paths = (await db.select().from(visitEvents).orderBy(visitEvents.at)).map((row) => row.path);
    expect(paths.sort()).toEqual(["/", "/about", "/contact", "/contact", "/imprint", "/projects"]);
  });

  test("a buffer full in bytes drops the answers past it", async ({ db }) => {
    const recorder = createVisitRecorder({ intervalMs: 60_000, maxBufferedBytes: 25_000 });
    const connected = Promise.resolve(db);
    // Answers with a 10 kB referrer: the third starts below the bound, the fourth above it.
    const referer = `https://www.google.de/${"a".repeat(10_000)}`;
    for (const path of ["/", "/about", "/projects", "/dropped"])
      recorder.recordAnswer(connected, answer(path, { referer }));
    await recorder.flush();
    recorder.recordAnswer(connected, answer("/contact", { referer }));
    await recorder.flush();
    const paths = (await db.select().from(visitEvents)).map((row) => row.path);
    expect(paths.sort()).toEqual(["/", "/about", "/contact", "/projects"]);
  });

  test("a failed write drops its events and the next write goes on", async ({ db }) => {
    const recorder = createVisitRecorder({ intervalMs: 60_000 });
    const down = Promise.reject(new Error("database down"));
    recorder.record(down, view("/"));
    recorder.recordAnswer(down, answer("/projects"));
    await recorder.flush();
    recorder.record(Promise.resolve(db), view("/about"));
    recorder.recordAnswer(Promise.resolve(db), answer("/contact"));
    await recorder.flush();
    const paths = (await db.select().from(visitEvents)).map((row) => row.path);
    expect(paths.sort()).toEqual(["/about", "/contact"]);
  });

  test("a closed day is rolled up once, conversions attributed to the visit's entry page and referrer", async ({
    db,
  }) => {
    const at = (time: string) => new Date(`2026-03-10T${time}Z`);
    const event = (time: string, fields: Partial<NewVisitEvent>): NewVisitEvent => ({
      at: at(time),
      path: "/",
      browser: "Firefox",
      os: "Linux",
      visitor: "aaaaaaaaaaaaaaaa",
      ...fields,
    });
    await insertVisitEvents(db, [
      event("09:00:00", {
        path: "/service/webdesign",
        referrer_host: "google.de",
        referrer_path: "/",
        entry: true,
        utm_campaign: "herbst",
      }),
      event("09:01:00", { path: "/contact" }),
      event("09:02:00", { kind: "contact", path: "/contact" }),
      event("10:00:00", {
        path: "/",
        entry: true,
        visitor: "bbbbbbbbbbbbbbbb",
        browser: "Safari",
        os: "iOS",
      }),
      event("10:00:05", {
        path: "/gibt-es-nicht",
        not_found: true,
        visitor: "bbbbbbbbbbbbbbbb",
        browser: "Safari",
        os: "iOS",
      }),
    ]);

    const afterTheDay = new Date("2026-03-11T08:00:00Z");
    expect(await rollUpClosedDays(db, afterTheDay)).toEqual(["2026-03-10"]);
    expect(await rollUpClosedDays(db, afterTheDay)).toEqual([]);

    const rows = await db.select().from(visitDaily);
    const row = (dimension: string, value: string) => {
      const found = rows.find((r) => r.dimension === dimension && r.value === value);
      return found && { views: found.views, visitors: found.visitors, conversions: found.conversions };
    };
    expect(rows.every((r) => r.day === "2026-03-10")).toBe(true);
    expect(row("total", "")).toEqual({ views: 4, visitors: 2, conversions: 1 });
    expect(row("entry", "/service/webdesign")).toEqual({ views: 1, visitors: 1, conversions: 1 });
    expect(row("entry", "/")).toEqual({ views: 1, visitors: 1, conversions: 0 });
    expect(row("referrer", "google.de")).toEqual({ views: 1, visitors: 1, conversions: 1 });
    expect(row("referrer", "")).toEqual({ views: 1, visitors: 1, conversions: 0 });
    expect(row("referrer_url", "google.de/")).toEqual({ views: 1, visitors: 1, conversions: 1 });
    expect(row("utm_campaign", "herbst")).toEqual({ views: 1, visitors: 1, conversions: 1 });
    expect(row("page", "/contact")).toEqual({ views: 1, visitors: 1, conversions: 0 });
    expect(row("not_found", "/gibt-es-nicht")).toEqual({ views: 1, visitors: 1, conversions: 0 });
    expect(row("browser", "Safari")).toEqual({ views: 2, visitors: 1, conversions: 0 });
    expect(row("conversion", "contact")).toEqual({ views: 0, visitors: 0, conversions: 1 });
  });

  test("each conversion goes to the visitor's latest entry before it, else their first view", async ({
    db,
  }) => {
    const event = (time: string, visitor: string, fields: Partial<NewVisitEvent>): NewVisitEvent => ({
      at: new Date(`2026-03-10T${time}Z`),
      path: "/",
      browser: "Firefox",
      os: "Linux",
      visitor,
      ...fields,
    });
    const a = "aaaaaaaaaaaaaaaa";
    const b = "bbbbbbbbbbbbbbbb";
    const c = "cccccccccccccccc";
    await insertVisitEvents(db, [
      event("08:00:00", a, { path: "/service/coaching", entry: true, referrer_host: "google.de" }),
      event("08:05:00", a, { kind: "contact", path: "/contact" }),
      event("09:00:00", a, {
        path: "/about",
        entry: true,
        referrer_host: "ecosia.org",
        utm_campaign: "winter",
      }),
      event("09:05:00", a, { kind: "newsletter", path: "/newsletter" }),
      // No entry (a view after a navigation), then a page that does not exist, then the first view.
      event("10:00:00", b, { path: "/gibt-es-nicht", not_found: true }),
      event("10:00:01", b, { path: "/projects" }),
      event("10:00:02", b, { path: "/contact" }),
      event("10:01:00", b, { kind: "contact", path: "/contact" }),
      // A conversion without any view, and a view after it that it must not take.
      event("11:00:00", c, { kind: "contact", path: "/contact" }),
      event("11:00:01", c, { path: "/service/webdesign", entry: true, referrer_host: "bing.com" }),
    ]);
    const totals = await eventTotals(db, new Date("2026-03-10T00:00:00Z"), new Date("2026-03-11T00:00:00Z"));
    const conversions = (dimension: string) =>
      Object.fromEntries(
        totals
          .filter((row) => row.dimension === dimension && row.conversions > 0)
          .map((row) => [row.value, row.conversions]),
      );
    expect(conversions("entry")).toEqual({ "/service/coaching": 1, "/about": 1, "/projects": 1 });
    expect(conversions("referrer")).toEqual({ "google.de": 1, "ecosia.org": 1, "": 2 });
    expect(conversions("utm_campaign")).toEqual({ winter: 1 });
    expect(conversions("conversion")).toEqual({ contact: 3, newsletter: 1 });
    expect(await visitSourceOf(db, a, new Date("2026-03-10T08:05:00Z"))).toMatchObject({
      entry: "/service/coaching",
    });
    expect(await visitSourceOf(db, a, new Date("2026-03-10T09:05:00Z"))).toMatchObject({
      entry: "/about",
      referrer: "ecosia.org",
      campaign: "winter",
    });
    expect(await visitSourceOf(db, b, new Date("2026-03-10T10:01:00Z"))).toMatchObject({
      entry: "/projects",
      referrer: null,
    });
    expect(await visitSourceOf(db, c, new Date("2026-03-10T11:00:00Z"))).toBeUndefined();
  });

  test("a busy second's events are written whole, whatever characters their addresses hold", async ({
    db,
  }) => {
    // Also COPY's separators, line breaks and escapes (the embedded database's write).
    const odd = [
      '/a"b',
      "/c\\d",
      "/e,f",
      "/{g}",
      "/h i",
      "/NULL",
      "/ä😀",
      "/j\tk",
      "/l\nm\r",
      "\\N",
      "\\.",
      "\\",
    ];
    const events: NewVisitEvent[] = Array.from({ length: 6_000 }, (_, n) => ({
      at: new Date(Date.UTC(2026, 2, 10, 12, 0, 0, n)),
      path: odd[n % odd.length]!,
      referrer_host: n % 2 ? "www.google.de" : null,
      utm_campaign: n % 3 ? null : 'herbst "26"\tneu\\n',
      browser: "Firefox",
      os: "Linux",
      visitor: String(n % 100).padStart(16, "0"),
      entry: n % 5 === 0,
    }));
    await insertVisitEvents(db, events);
    const stored = await db.select().from(visitEvents).orderBy(visitEvents.at);
    expect(stored).toHaveLength(6_000);
    expect(
      stored
        .slice(0, odd.length + 1)
        .map(({ path, referrer_host, utm_campaign, entry, kind }) => [
          path,
          referrer_host,
          utm_campaign,
          entry,
          kind,
        ]),
    ).toEqual(
      events
        .slice(0, odd.length + 1)
        .map(({ path, referrer_host, utm_campaign, entry }) => [
          path,
          referrer_host,
          utm_campaign,
          entry,
          "view",
        ]),
    );
  });

  test("the day still running and the minutes after its end are not rolled up", async ({ db }) => {
    await insertVisitEvents(db, [
      {
        at: new Date("2026-03-10T12:00:00Z"),
        path: "/",
        browser: "Firefox",
        os: "Linux",
        visitor: "cccccccccccccccc",
      },
    ]);
    expect(await rollUpClosedDays(db, new Date("2026-03-10T20:00:00Z"))).toEqual([]);
    // 00:02 in Berlin: the last buffers of the 10th may still be on their way.
    expect(await rollUpClosedDays(db, new Date("2026-03-10T23:02:00Z"))).toEqual([]);
    expect(await rollUpClosedDays(db, new Date("2026-03-10T23:06:00Z"))).toEqual(["2026-03-10"]);
  });

  test("today's stored totals plus the events since equal the day's totals from the raw events, at every moment", async ({
    db,
  }) => {
    // 10 March 2026, Berlin: midnight is 23:00 UTC of the 9th. A day of 40 visitors, most with
    // several events hours apart, so that visitors and their conversions straddle the marks.
    const midnight = Date.parse("2026-03-09T23:00:00Z");
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    const events: NewVisitEvent[] = Array.from({ length: 600 }, (_, n) => {
      const entry = next(3) === 0;
      const kind = (["view", "view", "view", "view", "view", "contact", "newsletter", "outbound"] as const)[
        next(8)
      ]!;
      return {
        at: new Date(midnight + Math.floor((n / 600) * 20 * 3_600_000) + next(60_000)),
        kind,
        path: kind === "outbound" ? "kunde.example/shop" : `/seite/${next(6)}`,
        referrer_host: entry && next(2) === 0 ? `site${next(3)}.example` : null,
        referrer_path: entry ? `/artikel/${next(2)}` : null,
        utm_campaign: entry && next(4) === 0 ? "herbst" : null,
        screen: (["Smartphone", "Computer"] as const)[next(2)]!,
        browser: (["Firefox", "Safari"] as const)[next(2)]!,
        os: "Linux",
        visitor: `visitor-${String(next(40)).padStart(8, "0")}`,
        entry,
        not_found: next(20) === 0,
      };
    });
    await insertVisitEvents(
      db,
      events.toSorted((a, b) => a.at.getTime() - b.at.getTime()),
    );
    const sorted = (rows: DimensionTotal[]) =>
      rows.toSorted((a, b) => a.dimension.localeCompare(b.dimension) || a.value.localeCompare(b.value));
    const hours = [0.05, 1, 3, 3.05, 3.2, 7.5, 12, 12.01, 16, 19.9, 21];
    for (const hour of hours) {
      const now = new Date(midnight + hour * 3_600_000);
      const fromRaw = await eventTotals(db, new Date(midnight), new Date(now.getTime() + 1_000));
      expect(sorted(await todayTotals(db, now)), `at ${now.toISOString()}`).toEqual(sorted(fromRaw));
    }
    // The totals were stored and brought forward (to five minutes before the last moment).
    const [mark] = await db.select().from(visitTodayMarks);
    expect(mark).toEqual({ day: "2026-03-10", upto: new Date(midnight + 21 * 3_600_000 - 5 * 60_000) });
    expect((await db.select().from(visitToday)).length).toBeGreaterThan(0);

    // The next day's housekeeping leaves none of them.
    await keepTodayTotals(db, new Date(midnight + 24 * 3_600_000 + 60_000));
    expect(await db.select().from(visitToday)).toEqual([]);
    expect(await db.select().from(visitTodayMarks)).toEqual([]);
  });
});

test("a buffer handed to the thread and given back is written into next, and handed on while nothing was written", () => {
  const lines = new Lines();
  lines.append("eins\n");
  const first = lines.handOver();
  expect(Buffer.from(first).toString()).toBe("eins\n");
  lines.give(first.buffer);
  const empty = lines.handOver();
  expect(empty.buffer).toBe(first.buffer);
  expect(empty.length).toBe(0);
  lines.give(empty.buffer);
  lines.append("zwei\n");
  const second = lines.handOver();
  expect(second.buffer).toBe(first.buffer);
  expect(Buffer.from(second).toString()).toBe("zwei\n");
});

test("an answer's line holds each header the counting reads in its place", () => {
  const headers = Object.fromEntries(ANSWER_HEADERS.map((name) => [name, `${name}-wert`]));
  const answer = answerOfLine(answerLineOf(answered("/", { headers })).slice(0, -1));
  expect(answer?.headers).toEqual(Object.fromEntries(ANSWER_HEADERS.map((name) => [name, `${name}-wert`])));
  expect(answer).toMatchObject({ method: "GET", status: 200, address: ADDRESS, signedIn: false });
});

test("a navigation inside the site counts by the next page's data request; a revalidation, a redirect or one from elsewhere does not", () => {
  const navigation = (
    path: string,
    referer: string | undefined,
    status = 200,
    contentType = "text/x-script",
  ) =>
    pageViewOf(
      answered(path, {
        referer,
        headers: { "sec-fetch-dest": "empty" },
        status,
        contentType,
      }),
    );
  expect(navigation("/about.data", "https://www.example.de/")).toMatchObject({
    kind: "view",
    path: "/about",
    entry: false,
    referrer_host: null,
  });
  expect(navigation("/_.data", "https://www.example.de/about")).toMatchObject({ path: "/" });
  expect(
    navigation("/service/webdesign.data?_routes=routes%2Fservice", "https://www.example.de/"),
  ).toMatchObject({
    path: "/service/webdesign",
  });
  // The same page asking again after a form was sent; no referrer; another site's page.
  expect(navigation("/contact.data", "https://www.example.de/contact")).toBeUndefined();
  expect(navigation("/about.data", undefined)).toBeUndefined();
  expect(navigation("/about.data", "https://elsewhere.example/")).toBeUndefined();
  // A redirect (202), the admin area, a document type that is not React Router's data.
  expect(navigation("/about.data", "https://www.example.de/", 202)).toBeUndefined();
  expect(navigation("/admin/projekte.data", "https://www.example.de/admin")).toBeUndefined();
  expect(navigation("/about.data", "https://www.example.de/", 200, "text/html")).toBeUndefined();
});
