import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { createAdmin } from "~/features/auth/admin-users.server";
import { saveSettingsSection } from "~/features/settings/queries.server";
import { runHousekeeping } from "~/features/privacy/housekeeping.server";
import { rollUpClosedDays } from "~/features/statistics/queries.server";
import { rowsOf, type Db } from "~/platform/db/engines.server";
import { contactSubmissions, outbox, visitDaily, visitEvents, visitSalts } from "~/platform/db/schema";
import { serverDatabases, test, testDatabases } from "../setup/databases";
import {
  confirmSignUpByMail,
  formTokenIn,
  postForm,
  signInOverHttp,
  withDb,
  withServer,
} from "../setup/http";
import { startServer, waitUntilHealthy } from "../setup/server-process";
import { startTcpProxy } from "../setup/tcp-proxy";
import { contactFields } from "../setup/public-forms";

/**
 * Visit statistics as a visitor's browser meets them (docs/decisions/0025-visit-statistics.md):
 * the production server counts public document GETs, from the page cache too, and the contact
 * request as a conversion of the visit; never the owner, a bot, a prefetch, the admin area or a
 * file; no cookie, and no address or User-Agent in any table. Off by default: a fresh install
 * counts nothing and behaves as before. The events are read after the server stopped: its
 * graceful shutdown writes what it buffered.
 */
const ADMIN = { email: "owner@example.com", password: "Korrektes-Pferd-Batterie-42" };
const VISITOR = "203.0.113.77";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0 Statistiktest/1";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1 Statistiktest/2";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const statisticsOn = async (db: Db) => {
  await createAdmin(db, ADMIN);
  await saveSettingsSection(db, "statistics", { enabled: "on" });
};

/** A GET as a browser sends it, from the visitor's address (X-Forwarded-For, TRUST_PROXY set). */
function browse(base: string, path: string, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    redirect: "manual",
    headers: { "User-Agent": FIREFOX, "X-Forwarded-For": VISITOR, Accept: "text/html", ...headers },
  });
}

/** A page's text, one line per element's text (React's comment markers removed). */
const visibleText = (html: string) =>
  html
    .replace(/<!--.*?-->/g, "")
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, "")
    .replace(/<[^>]+>/g, "\n")
    .replace(/&amp;/g, "&")
    .replace(/\u00a0/g, " ")
    .replace(/\s*\n\s*/g, "\n");

/** The rows of every table whose text holds `needle`, as "table: n". */
async function rowsHolding(db: Db, needle: string): Promise<string[]> {
  const tables = rowsOf<{ tablename: string }>(
    await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  ).map((row) => row.tablename);
  expect(tables).toContain("visit_events");
  const found: string[] = [];
  for (const table of tables) {
    const result = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} as t where row_to_json(t)::text ilike ${`%${needle}%`}`,
    );
    const n = rowsOf<{ n: number }>(result)[0]!.n;
    if (n > 0) found.push(`${table}: ${n}`);
  }
  return found;
}

describe.each(serverDatabases)("visit statistics on $name", (database) => {
  test("page views, a contact request and a confirmed sign-up are counted with their visit; the owner, bots and prefetches are not; no cookie, no address, no User-Agent stored", async () => {
    await withServer(database, {
      env: { TRUST_PROXY: "X-Forwarded-For" },
      seed: statisticsOn,
      run: async (running) => {
        const { url } = running;
        const setCookies: string[] = [];
        const page = async (path: string, headers: Record<string, string> = {}) => {
          const response = await browse(url, path, headers);
          setCookies.push(...response.headers.getSetCookie());
          return response;
        };
        // The visit: from Google with a campaign, on to the contact page, twice (the second from the page cache).
        const entry = await page("/about?utm_source=google&utm_medium=cpc&utm_campaign=herbst", {
          Referer: "https://www.google.de/search?q=coaching",
        });
        expect(entry.status).toBe(200);
        expect((await page("/contact", { Referer: `${url}/about` })).status).toBe(200);
        const contact = await page("/contact", { Referer: `${url}/about` });
        const token = formTokenIn(await contact.text());
        expect((await page("/gibt/es-nicht", { Referer: `${url}/contact` })).status).toBe(404);
        // Another browser from the same address: another visitor.
        expect((await page("/", { "User-Agent": SAFARI })).status).toBe(200);
        expect(setCookies).toEqual([]);

        // Not counted: a bot, prefetches, files, React Router's data, HEAD, the admin area, the owner.
        await page("/projects", { "User-Agent": GOOGLEBOT });
        await page("/projects", { "Sec-Purpose": "prefetch" });
        await page("/projects", { Purpose: "prefetch" });
        await page("/robots.txt");
        await page("/sitemap.xml");
        await page("/projects.data");
        await fetch(`${url}/projects`, { method: "HEAD", headers: { "User-Agent": FIREFOX } });
        await page("/admin/login");
        const session = await signInOverHttp(url, ADMIN.email, ADMIN.password);
        expect((await page("/projects", { Cookie: session })).status).toBe(200);

        const sent = await postForm(url, "/contact", contactFields(1, token), {
          "User-Agent": FIREFOX,
          "X-Forwarded-For": VISITOR,
        });
        expect(sent.status).toBe(200);

        // A newsletter sign-up from the same visit, confirmed from the same browser. Its form
        // token comes from a page fetched as a bot (not counted), the contact's being used up.
        let signUpToken = token;
        while (signUpToken === token) {
          signUpToken = formTokenIn(await (await page("/contact", { "User-Agent": GOOGLEBOT })).text());
        }
        const visitor = { "User-Agent": FIREFOX, "X-Forwarded-For": VISITOR };
        const signedUp = await postForm(
          url,
          "/contact",
          { intent: "newsletter", formToken: signUpToken, email: "leser@example.org", consent: "on" },
          visitor,
        );
        expect(signedUp.status).toBe(200);
        await confirmSignUpByMail(running, "leser@example.org", visitor);

        // The owner's Statistik shows the day once the buffer is written (at most a second later).
        let shown = "";
        for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
          const answer = await fetch(`${url}/admin/statistik?zeitraum=heute`, {
            headers: { Cookie: session },
          });
          expect(answer.status).toBe(200);
          shown = visibleText(await answer.text());
          if (shown.includes("Conversions\n2\n")) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        // Against the day before (nothing), the visitors of the last five minutes, and the
        // chart's hour with them in its table.
        expect(shown).toContain(
          "Besucher\n2\nVorzeitraum: 0 · neu\nSeitenaufrufe\n5\nVorzeitraum: 0 · neu\n" +
            "Conversions\n2\nVorzeitraum: 0 · neu\nConversion-Rate\n100 %\nVorzeitraum: 0 % · neu",
        );
        expect(shown).toContain("Gerade auf der Website:\n2 Besucher\n");
        expect(shown).toMatch(/\n\d{1,2} Uhr\n2\n5\n2\n/);
        expect(shown).toContain("/about\n1 Aufruf · 1 Besucher · 2 Conversions · 50 %");
        expect(shown).toContain("www.google.de\n1 Aufruf · 1 Besucher · 2 Conversions · 50 %");
        expect(shown).toContain("Direkt / unbekannt\n1 Aufruf · 1 Besucher · 0 Conversions · 50 %");
        expect(shown).toContain("herbst\n1 Aufruf · 1 Besucher · 2 Conversions · 100 %");
        expect(shown).toContain("/gibt/es-nicht\n1 Aufruf · 1 Besucher · 100 %");
        expect(shown).toContain("Safari\n1 Aufruf · 1 Besucher · 20 %");

        // An own period: today as "von" and "bis" shows the same; a faulty one is a 400 in German.
        const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
        const own = await fetch(`${url}/admin/statistik?zeitraum=eigener&von=${today}&bis=${today}`, {
          headers: { Cookie: session },
        });
        expect(own.status).toBe(200);
        const ownText = visibleText(await own.text());
        expect(ownText).toContain(
          `${today.split("-").reverse().join(".")} – ${today.split("-").reverse().join(".")}`,
        );
        expect(ownText).toContain("Besucher\n2\n");
        for (const [query, message] of [
          [
            "von=2026-02-30&bis=2026-03-01",
            "Bitte gib für den eigenen Zeitraum zwei gültige Daten an (von und bis).",
          ],
          ["von=2026-03-02&bis=2026-03-01", "Der Beginn des Zeitraums darf nicht nach seinem Ende liegen."],
          ["von=2020-01-01&bis=2026-03-01", "Ein eigener Zeitraum umfasst höchstens zwei Jahre."],
        ]) {
          const refused = await fetch(`${url}/admin/statistik?zeitraum=eigener&${query}`, {
            headers: { Cookie: session },
          });
          expect(refused.status).toBe(400);
          expect(visibleText(await refused.text())).toContain(message);
        }
      },
      after: async (db) => {
        // The contact request carries the visit it came from, for its detail in the admin.
        expect(await db.select({ source: contactSubmissions.visit_source }).from(contactSubmissions)).toEqual(
          [
            {
              source: {
                entry: "/about",
                referrer: "www.google.de/search",
                source: "google",
                medium: "cpc",
                campaign: "herbst",
              },
            },
          ],
        );
        const events = await db.select().from(visitEvents).orderBy(visitEvents.at);
        expect(
          events.map(({ kind, path, referrer_host, referrer_path, entry, not_found, browser, os }) => ({
            kind,
            path,
            referrer_host,
            referrer_path,
            entry,
            not_found,
            browser,
            os,
          })),
        ).toEqual([
          {
            kind: "view",
            path: "/about",
            referrer_host: "www.google.de",
            referrer_path: "/search",
            entry: true,
            not_found: false,
            browser: "Firefox",
            os: "Linux",
          },
          ...[1, 2].map(() => ({
            kind: "view",
            path: "/contact",
            referrer_host: null,
            referrer_path: null,
            entry: false,
            not_found: false,
            browser: "Firefox",
            os: "Linux",
          })),
          {
            kind: "view",
            path: "/gibt/es-nicht",
            referrer_host: null,
            referrer_path: null,
            entry: false,
            not_found: true,
            browser: "Firefox",
            os: "Linux",
          },
          {
            kind: "view",
            path: "/",
            referrer_host: null,
            referrer_path: null,
            entry: true,
            not_found: false,
            browser: "Safari",
            os: "iOS",
          },
          {
            kind: "contact",
            path: "/contact",
            referrer_host: null,
            referrer_path: null,
            entry: false,
            not_found: false,
            browser: "Firefox",
            os: "Linux",
          },
          {
            kind: "newsletter",
            path: "/newsletter/bestaetigen",
            referrer_host: null,
            referrer_path: null,
            entry: false,
            not_found: false,
            browser: "Firefox",
            os: "Linux",
          },
        ]);
        expect(events[0]).toMatchObject({ utm_source: "google", utm_medium: "cpc", utm_campaign: "herbst" });
        const firefox = events[0]!.visitor;
        expect(events.filter((event) => event.visitor === firefox)).toHaveLength(6);
        expect(events[4]!.visitor).not.toBe(firefox);

        // The day closed: both conversions count for the visit's entry page, referrer and campaign.
        await rollUpClosedDays(db, new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
        const daily = await db.select().from(visitDaily);
        const conversions = (dimension: string, value: string) =>
          daily.find((row) => row.dimension === dimension && row.value === value)?.conversions;
        expect(conversions("entry", "/about")).toBe(2);
        expect(conversions("referrer", "www.google.de")).toBe(2);
        expect(conversions("utm_campaign", "herbst")).toBe(2);
        expect(conversions("conversion", "contact")).toBe(1);
        expect(conversions("conversion", "newsletter")).toBe(1);
        expect(daily.find((row) => row.dimension === "total")).toMatchObject({
          views: 5,
          visitors: 2,
          conversions: 2,
        });

        expect(await rowsHolding(db, VISITOR)).toEqual([]);
        expect(await rowsHolding(db, "Statistiktest")).toEqual([]);
      },
    });
  });

  test("a click on a link to another website counts as a conversion of its visit, reported by ping or beacon; other addresses are refused", async () => {
    await withServer(database, {
      env: { TRUST_PROXY: "X-Forwarded-For" },
      seed: statisticsOn,
      run: async ({ url }) => {
        // The menu's external "Termine" carries the browser's click report.
        const entry = await browse(url, "/about", { Referer: "https://www.ecosia.org/search?q=coach" });
        expect(await entry.text()).toMatch(/<a href="https:\/\/[^"]+"[^>]* ping="\/__klick"/);
        const report = (headers: Record<string, string>, body?: string) =>
          fetch(`${url}/__klick`, {
            method: "POST",
            headers: { "User-Agent": FIREFOX, "X-Forwarded-For": VISITOR, Origin: url, ...headers },
            body: body ?? "PING",
          });
        // Chrome's ping: the address in Ping-To; the page's beacon: a form field.
        const pinged = await report({
          "Content-Type": "text/ping",
          "Ping-To": "https://kunde.example/shop?ref=123#top",
        });
        expect(pinged.status).toBe(204);
        const beacon = await report(
          { "Content-Type": "application/x-www-form-urlencoded" },
          "ziel=https%3A%2F%2Fwww.kunde.example%2F",
        );
        expect(beacon.status).toBe(204);
        // Not counted: a bot; refused: no address, the site itself, another scheme; another site's page.
        expect((await report({ "User-Agent": GOOGLEBOT, "Ping-To": "https://bot.example/" })).status).toBe(
          204,
        );
        for (const target of ["", `${url}/contact`, "javascript:alert(1)", "mailto:a@example.org"]) {
          const refused = await report({ "Content-Type": "text/ping", "Ping-To": target });
          expect(refused.status).toBe(400);
          expect(await refused.text()).toBe(
            "Diese Adresse führt zu keiner anderen Website: Der Klick wurde nicht gezählt.",
          );
        }
        const forged = await report({ Origin: "https://evil.example", "Ping-To": "https://spam.example/" });
        expect(forged.status).toBe(403);
      },
      after: async (db) => {
        const events = await db.select().from(visitEvents).orderBy(visitEvents.at);
        expect(events.map(({ kind, path }) => ({ kind, path }))).toEqual([
          { kind: "view", path: "/about" },
          { kind: "outbound", path: "kunde.example/shop" },
          { kind: "outbound", path: "www.kunde.example" },
        ]);
        expect(new Set(events.map((event) => event.visitor)).size).toBe(1);
        await rollUpClosedDays(db, new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
        const daily = await db.select().from(visitDaily);
        const conversions = (dimension: string, value: string) =>
          daily.find((row) => row.dimension === dimension && row.value === value)?.conversions;
        expect(conversions("conversion", "outbound")).toBe(2);
        expect(conversions("outbound", "kunde.example/shop")).toBe(1);
        expect(conversions("entry", "/about")).toBe(2);
        expect(conversions("referrer", "www.ecosia.org")).toBe(2);
      },
    });
  });

  test("switched off in Einstellungen on the running server: the next page views are not counted, and the privacy policy loses its section", async () => {
    const statisticsSection = /<h2[^>]*>Besucherstatistik<\/h2>/;
    await withServer(database, {
      env: { TRUST_PROXY: "X-Forwarded-For" },
      seed: statisticsOn,
      run: async ({ url }) => {
        expect((await browse(url, "/about")).status).toBe(200);
        expect(await (await browse(url, "/datenschutz")).text()).toMatch(statisticsSection);
        const session = await signInOverHttp(url, ADMIN.email, ADMIN.password);
        // The form as a browser sends it with the box unticked: the field is left out.
        const off = await postForm(
          url,
          "/admin/einstellungen",
          { intent: "statistics", weeklyReport: "on" },
          { Cookie: session },
        );
        expect(off.status).toBe(200);
        expect((await browse(url, "/projects")).status).toBe(200);
        expect((await browse(url, "/contact", { "User-Agent": SAFARI })).status).toBe(200);
        expect(await (await browse(url, "/datenschutz")).text()).not.toMatch(statisticsSection);
      },
      after: async (db) => {
        // Only what was seen while they were on: /about, and /datenschutz then.
        const paths = (await db.select({ path: visitEvents.path }).from(visitEvents)).map((row) => row.path);
        expect(paths.sort()).toEqual(["/about", "/datenschutz"]);
      },
    });
  });

  test("a fresh install counts nothing, and a campaign link is redirected as before", async () => {
    await withServer(database, {
      run: async ({ url }) => {
        const campaign = await browse(url, "/about?utm_source=google");
        expect(campaign.status).toBe(301);
        expect(campaign.headers.get("location")).toBe("/about");
        expect((await browse(url, "/about", { Referer: "https://www.google.de/" })).status).toBe(200);
        const contact = await browse(url, "/contact");
        expect(contact.headers.getSetCookie()).toEqual([]);
        expect(await contact.text()).not.toContain("ping=");
        const click = await fetch(`${url}/__klick`, {
          method: "POST",
          headers: {
            "User-Agent": FIREFOX,
            Origin: url,
            "Content-Type": "text/ping",
            "Ping-To": "https://kunde.example/",
          },
          body: "PING",
        });
        expect(click.status).toBe(204);
      },
      after: async (db) => {
        expect(await db.select().from(visitEvents)).toEqual([]);
        expect(await db.select().from(visitSalts)).toEqual([]);
      },
    });
  });
});

// PostgreSQL's outage is a cut TCP proxy; the embedded database's (a failing disk) is
// reliability-database-down.test.ts's, which needs strace.
describe.each(serverDatabases.filter(({ name }) => name === "postgres"))(
  "visit statistics during an outage of $name",
  (database) => {
    test("with the database gone pages still answer; counting goes on once it is back", async () => {
      const created = await database.create();
      const target = new URL(created.env.DATABASE_URL!);
      const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      target.host = `127.0.0.1:${proxy.port}`;
      try {
        await withDb(created.options, statisticsOn);
        const server = await startServer({
          FORM_MIN_FILL_MS: "0",
          LOG_LEVEL: "warn",
          ...created.env,
          DATABASE_URL: target.toString(),
          TRUST_PROXY: "X-Forwarded-For",
        });
        try {
          await waitUntilHealthy(server, 90_000);
          expect((await browse(server.url, "/about")).status).toBe(200);
          await proxy.cut();
          for (const path of ["/", "/about", "/projects"]) {
            expect((await browse(server.url, path)).status, path).toBe(200);
          }
          await proxy.restore();
          await expect
            .poll(() => fetch(`${server.url}/healthz`).then((response) => response.status), {
              timeout: 30_000,
              interval: 250,
            })
            .toBe(200);
          // A write soon after the outage may still fail and its events be dropped (as the
          // decision allows): counting goes on with the next ones.
          await withDb(created.options, (db) =>
            expect
              .poll(
                async () => {
                  expect((await browse(server.url, "/contact")).status).toBe(200);
                  const events = await db.select().from(visitEvents);
                  return events.filter((event) => event.path === "/contact").length;
                },
                { timeout: 30_000, interval: 1_100 },
              )
              .toBeGreaterThan(0),
          );
        } finally {
          await server.stop();
        }
        expect(await server.exited).toBe(0);
        const paths = await withDb(created.options, async (db) =>
          (await db.select().from(visitEvents)).map((event) => event.path),
        );
        expect(paths).toContain("/about");
      } finally {
        await proxy.cut();
        await created.drop();
      }
    });
  },
);

describe.each(testDatabases)("visit statistics' housekeeping on $name", (database) => {
  test.override({ database });

  test("raw events past 30 days are removed by the housekeeping, their days' totals remain", async ({
    db,
  }) => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    const event = (at: Date, visitor: string) => ({
      at,
      path: "/",
      browser: "Firefox",
      os: "Linux",
      visitor,
      entry: true,
    });
    await db
      .insert(visitEvents)
      .values([
        event(daysAgo(35), "aaaaaaaaaaaaaaaa"),
        event(daysAgo(35), "bbbbbbbbbbbbbbbb"),
        event(daysAgo(3), "cccccccccccccccc"),
      ]);

    const counts = await runHousekeeping(db);
    expect(counts?.visitEvents).toBe(2);
    expect((await db.select().from(visitEvents)).map((row) => row.visitor)).toEqual(["cccccccccccccccc"]);
    const totals = (await db.select().from(visitDaily))
      .filter((row) => row.dimension === "total")
      .map(({ views, visitors }) => ({ views, visitors }));
    expect(totals).toEqual([
      { views: 2, visitors: 2 },
      { views: 1, visitors: 1 },
    ]);

    // A second run writes no day twice.
    await runHousekeeping(db);
    expect((await db.select().from(visitDaily)).filter((row) => row.dimension === "total")).toHaveLength(2);
  });
});

describe.each(testDatabases)("the weekly report through the housekeeping on $name", (database) => {
  test.override({ database });

  /** Monday 16 March 2026, 07:30 in Berlin: the report of 9–15 March (KW 11) is due. */
  const monday = new Date("2026-03-16T06:30:00Z");
  const kw11 = (visitor: string) => ({
    at: new Date("2026-03-10T09:00:00Z"),
    path: "/",
    browser: "Firefox",
    os: "Linux",
    visitor,
    entry: true,
  });
  const reports = async (db: Db) =>
    (await db.select().from(outbox)).filter((mail) => mail.subject.startsWith("Deine Website letzte Woche"));

  test("statistics switched on before the report existed: the housekeeping queues it on Monday morning, once", async ({
    db,
  }) => {
    await statisticsOn(db);
    await db.insert(visitEvents).values([kw11("aaaaaaaaaaaaaaaa"), kw11("bbbbbbbbbbbbbbbb")]);
    const run = (now: Date) => runHousekeeping(db, { now, publicUrl: "https://www.example.de" });

    await run(new Date("2026-03-16T05:30:00Z")); // 06:30 in Berlin
    expect(await reports(db)).toEqual([]);
    await run(monday);
    await run(new Date("2026-03-16T07:30:00Z"));
    const [report, ...more] = await reports(db);
    expect(more).toEqual([]);
    // No address set for notifications: the public one.
    expect(report).toMatchObject({
      to: "kontakt@example.com",
      subject: "Deine Website letzte Woche: 2 Besucher, 0 Conversions",
    });
    expect(report!.text).toContain("https://www.example.de/admin/statistik");
  });

  test("a report that cannot be queued leaves the housekeeping's deletions done and is queued at the next run", async ({
    db,
  }) => {
    await statisticsOn(db);
    // A raw event past 30 days (the report's week has one too).
    await db
      .insert(visitEvents)
      .values([
        { ...kw11("cccccccccccccccc"), at: new Date("2026-01-05T09:00:00Z") },
        kw11("aaaaaaaaaaaaaaaa"),
      ]);
    await db.execute(
      sql.raw(`create function refuse_mail() returns trigger language plpgsql as $$
        begin raise exception 'mail refused'; end $$`),
    );
    await db.execute(
      sql.raw(
        `create trigger refuse_mail before insert on outbox for each row execute function refuse_mail()`,
      ),
    );
    const run = () => runHousekeeping(db, { now: monday, publicUrl: "https://www.example.de" });

    expect((await run())?.visitEvents).toBe(1);
    expect(await reports(db)).toEqual([]);

    await db.execute(sql.raw(`drop trigger refuse_mail on outbox`));
    await db.execute(sql.raw(`drop function refuse_mail()`));
    await run();
    expect((await reports(db)).map((mail) => mail.subject)).toEqual([
      "Deine Website letzte Woche: 1 Besucher, 0 Conversions",
    ]);
  });
});
