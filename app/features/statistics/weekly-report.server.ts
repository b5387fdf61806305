import { sql } from "drizzle-orm";
import { mailFooter, notificationAddress, type SiteSettings } from "~/features/settings/index.server";
import { writeMeta } from "~/platform/db/app-meta.server";
import type { Db } from "~/platform/db/engines.server";
import { logger } from "~/platform/logger.server";
import { enqueueMail, type OutgoingMail } from "~/platform/mail/outbox.server";
import { changeOf, countOf, STATISTICS_MESSAGES, WEEKLY_REPORT_MESSAGES as M } from "./messages";
import { dailyTotals, rankedOf, rollUpClosedDays, type DimensionTotal } from "./queries.server";
import { addDays, berlinDay, berlinMidnight } from "./visitor-key.server";

/**
 * The weekly report (docs/decisions/0025-visit-statistics.md): on Monday from 07:00 Europe/Berlin,
 * the last closed week (Monday to Sunday) against the week before, by mail to the notification
 * address. Sent once per week: the week is claimed in app_meta in the same transaction that
 * queues the mail.
 */

/** app_meta: the Monday ("YYYY-MM-DD") of the last week whose report was handled. */
const REPORTED_WEEK_KEY = "statistics_weekly_report";
/** The report is due from this hour of the Monday (Berlin; a Monday never changes its offset). */
const DUE_HOUR = 7;
/** Entries per top list. */
const TOP = 5;
const HOUR_MS = 60 * 60 * 1000;

/** A week, Monday to Sunday, as Berlin days. */
export type ReportWeek = { monday: string; sunday: string; number: number };

/** The ISO week that starts on `monday`: its number is that of the week's Thursday's year. */
function weekOf(monday: string): ReportWeek {
  const thursday = new Date(`${addDays(monday, 3)}T00:00:00Z`);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const number = Math.floor((thursday.getTime() - yearStart) / (24 * HOUR_MS) / 7) + 1;
  return { monday, sunday: addDays(monday, 6), number };
}

/**
 * At `now`: the last closed week, the week before it, and whether the report of the last closed
 * week is due (the current week's Monday 07:00 in Berlin has passed).
 */
export function reportWeeksAt(now: Date): { week: ReportWeek; before: ReportWeek; due: boolean } {
  const today = berlinDay(now);
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const thisMonday = addDays(today, -weekday);
  const dueAt = berlinMidnight(thisMonday).getTime() + DUE_HOUR * HOUR_MS;
  return {
    week: weekOf(addDays(thisMonday, -7)),
    before: weekOf(addDays(thisMonday, -14)),
    due: now.getTime() >= dueAt,
  };
}

/**
 * The housekeeping's part (inside its transaction and advisory lock): queues the report of the
 * last closed week if it is due and was not handled yet. Nothing happens while the statistics or
 * the report are off or no notification address is set, and nothing is recorded then; only the
 * last closed week is ever reported, never a backlog. A week without a counted view or conversion
 * is recorded as handled without a mail (the statistics were off; its figures never change).
 * Resolves to whether a report was queued.
 */
export async function sendWeeklyReport(
  db: Db,
  settings: SiteSettings,
  { publicUrl, now = new Date() }: { publicUrl: string; now?: Date },
): Promise<boolean> {
  if (settings.statistics.enabled !== "on" || settings.statistics.weeklyReport !== "on") return false;
  const to = notificationAddress(settings);
  if (!to) return false;
  const { week, before, due } = reportWeeksAt(now);
  if (!due) return false;

  // A savepoint inside the housekeeping: the claim and the mail are kept together or not at all.
  return db.transaction(async (tx) => {
    const claimed = await writeMeta(tx, REPORTED_WEEK_KEY, week.monday, {
      when: (stored) => sql`${stored} < ${week.monday}`,
    });
    if (!claimed) return false;
    // The housekeeping rolled the closed days up just before; this makes sure of it.
    await rollUpClosedDays(tx, now);
    const figures = figuresOf((await dailyTotals(tx, week.monday, week.sunday)).totals);
    const previous = figuresOf((await dailyTotals(tx, before.monday, before.sunday)).totals);
    if (figures.views === 0 && figures.conversions === 0) {
      logger.info({ week: week.monday }, "statistics: nothing counted last week, no weekly report");
      return false;
    }
    await enqueueMail(tx, weeklyReportMail({ to, week, figures, previous, settings, publicUrl }));
    logger.info({ week: week.monday }, "statistics: weekly report queued");
    return true;
  });
}

/** What the report tells of one week. */
type WeekFigures = {
  visitors: number;
  views: number;
  conversions: number;
  contacts: number;
  signUps: number;
  clicks: number;
  pages: DimensionTotal[];
  sources: DimensionTotal[];
};

function figuresOf(totals: DimensionTotal[]): WeekFigures {
  const row = (dimension: string, value: string) =>
    totals.find((total) => total.dimension === dimension && total.value === value);
  const total = row("total", "");
  return {
    visitors: total?.visitors ?? 0,
    views: total?.views ?? 0,
    conversions: total?.conversions ?? 0,
    contacts: row("conversion", "contact")?.conversions ?? 0,
    signUps: row("conversion", "newsletter")?.conversions ?? 0,
    clicks: row("conversion", "outbound")?.conversions ?? 0,
    pages: rankedOf(totals, "page").slice(0, TOP),
    sources: rankedOf(totals, "referrer").slice(0, TOP),
  };
}

const figure = (n: number) => n.toLocaleString("de-DE");
const rateOf = (figures: WeekFigures) => (figures.visitors > 0 ? figures.conversions / figures.visitors : 0);
const percent = (share: number) => `${(share * 100).toLocaleString("de-DE", { maximumFractionDigits: 1 })} %`;
/** A signed figure: "+12", "−3" (a real minus sign), "±0". */
const signed = (n: number, digits: number) =>
  n === 0
    ? "±0"
    : `${n > 0 ? "+" : "−"}${Math.abs(n).toLocaleString("de-DE", { maximumFractionDigits: digits })}`;

/** A rate's change in percentage points, rounded to one decimal: "+2,5 Prozentpunkte". */
const pointsOf = (current: number, previous: number) =>
  `${signed(Math.round((current - previous) * 1000) / 10, 1)} ${M.points}`;

/** "Besucher: 5 (Vorwoche: 3, +67 %)". */
const figureLine = (label: string, current: string, previous: string, change: string) =>
  `${label}: ${current} (${M.previous}: ${previous}, ${change})`;

/** "9. bis 15. März 2026", "30. März bis 5. April 2026", "29. Dezember 2025 bis 4. Januar 2026". */
function rangeOf(week: ReportWeek): string {
  const date = (day: string, parts: Intl.DateTimeFormatOptions) =>
    new Date(`${day}T12:00:00Z`).toLocaleDateString("de-DE", { timeZone: "UTC", ...parts });
  const sameYear = week.monday.slice(0, 4) === week.sunday.slice(0, 4);
  const sameMonth = week.monday.slice(0, 7) === week.sunday.slice(0, 7);
  const start = sameMonth
    ? date(week.monday, { day: "numeric" }).replace(/\.?$/, ".")
    : date(week.monday, sameYear ? { day: "numeric", month: "long" } : { dateStyle: "long" });
  return `${start} bis ${date(week.sunday, { dateStyle: "long" })}`;
}

/** The report itself: plain text, as every mail of the site. */
export function weeklyReportMail(input: {
  to: string;
  week: ReportWeek;
  figures: WeekFigures;
  previous: WeekFigures;
  settings: SiteSettings;
  publicUrl: string;
}): OutgoingMail {
  const { week, figures: now, previous: before } = input;
  const S = STATISTICS_MESSAGES;
  const list = (rows: DimensionTotal[], line: (row: DimensionTotal) => string) =>
    rows.length > 0 ? rows.map((row, index) => `${index + 1}. ${line(row)}`) : [M.none];
  return {
    to: input.to,
    subject: M.subject(
      countOf(now.visitors, "Besucher", "Besucher"),
      countOf(now.conversions, "Conversion", "Conversions"),
    ),
    text: [
      M.greeting,
      "",
      M.intro(week.number, rangeOf(week)),
      "",
      figureLine(
        S.visitors,
        figure(now.visitors),
        figure(before.visitors),
        changeOf(now.visitors, before.visitors),
      ),
      figureLine(S.views, figure(now.views), figure(before.views), changeOf(now.views, before.views)),
      figureLine(
        S.conversions,
        figure(now.conversions),
        figure(before.conversions),
        changeOf(now.conversions, before.conversions),
      ),
      figureLine(
        `  ${M.contacts}`,
        figure(now.contacts),
        figure(before.contacts),
        changeOf(now.contacts, before.contacts),
      ),
      figureLine(
        `  ${M.signUps}`,
        figure(now.signUps),
        figure(before.signUps),
        changeOf(now.signUps, before.signUps),
      ),
      // A site whose links lead nowhere else has no line of zeros for them.
      ...(now.clicks + before.clicks > 0
        ? [
            figureLine(
              `  ${M.clicks}`,
              figure(now.clicks),
              figure(before.clicks),
              changeOf(now.clicks, before.clicks),
            ),
          ]
        : []),
      figureLine(
        S.conversionRate,
        percent(rateOf(now)),
        percent(rateOf(before)),
        before.visitors === 0 && now.visitors > 0 ? S.previousNew : pointsOf(rateOf(now), rateOf(before)),
      ),
      "",
      `${M.topPages}:`,
      ...list(now.pages, (row) => `${row.value} – ${countOf(row.views, "Aufruf", "Aufrufe")}`),
      "",
      `${M.topSources}:`,
      ...list(
        now.sources,
        (row) =>
          `${row.value || S.direct} – ${countOf(row.views, "Besuch", "Besuche")}, ${countOf(row.conversions, "Conversion", "Conversions")}`,
      ),
      "",
      M.dashboard(`${input.publicUrl}/admin/statistik`),
      "",
      M.note,
      M.switchOff,
      "",
      ...mailFooter(input.settings),
    ].join("\n"),
  };
}
