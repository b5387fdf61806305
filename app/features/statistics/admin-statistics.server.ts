import { data } from "react-router";
import { requireAdmin } from "~/features/auth/index.server";
import { siteSettingsOf } from "~/features/settings/index.server";
import type { Db } from "~/platform/db/engines.server";
import { databaseContext, type RequestContext } from "~/platform/http/request-context";
import {
  CUSTOM_PERIOD,
  DEFAULT_PERIOD,
  CONVERSION_LISTS,
  SHOWN_LISTS,
  type ShownList,
  MAX_CUSTOM_DAYS,
  PERIODS,
  STATISTICS_MESSAGES,
  type ChartPoint,
  type ChartUnit,
  type Headline,
  type ListDimension,
  type ListEntry,
} from "./messages";
import {
  addedUp,
  dailySeries,
  dailyTotals,
  eventSeries,
  eventTotals,
  rankedOf,
  todayTotals,
  visitorsSince,
  type DimensionTotal,
  type SeriesPoint,
} from "./queries.server";
import { VISIT_EVENT_DAYS } from "./retention";
import { addDays, berlinDay, berlinMidnight, daysBetween, nextDay } from "./visitor-key.server";

/**
 * The server half of /admin/statistik: a period's figures (from the daily totals and the raw
 * events of the days not rolled up yet), the same figures of the period before it, the chart's
 * bars, the top lists and the visitors of the last five minutes.
 */

/** Entries per top list. */
const TOP = 10;
/** The live figure's window. */
const LIVE_MS = 5 * 60 * 1000;
/** Longer periods are charted per month, shorter ones per day (a single day per hour). */
const DAILY_CHART_MAX_DAYS = 92;

type Period = { key: string; from: string; to: string };

export async function loadStatistics(request: Request, context: RequestContext) {
  await requireAdmin(request, context);
  const now = new Date();
  const { period, error } = periodAsked(new URL(request.url).searchParams, berlinDay(now));
  const db = await context.get(databaseContext);
  const days = daysBetween(period.from, period.to);
  const today = once(() => todayTotals(db, now));
  const current = await totalsOf(db, period.from, period.to, now, today);
  const previous = await totalsOf(db, addDays(period.from, -days), addDays(period.from, -1), now, today);
  const { settings } = await siteSettingsOf(db);
  const payload = {
    period,
    error,
    enabled: settings.statistics.enabled === "on",
    live: await visitorsSince(db, new Date(now.getTime() - LIVE_MS)),
    headline: headlineOf(current),
    previous: headlineOf(previous),
    chart: await chartOf(db, period, now, today),
    lists: Object.fromEntries(
      SHOWN_LISTS.map((dimension) => [
        dimension,
        dimension === "referrer" ? referrersWithAddresses(current) : topOf(current, dimension),
      ]),
    ) as Record<ShownList, ListEntry[]>,
  };
  return error ? data(payload, { status: 400 }) : payload;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | null): value is string =>
  value !== null && DAY.test(value) && new Date(`${value}T12:00:00Z`).toISOString().startsWith(value);

/**
 * The period of the query string: `zeitraum` one of PERIODS (ending today), or `eigener` with
 * `von` and `bis` (an end after today is today). A faulty own period is answered with the
 * default period and the German reason.
 */
export function periodAsked(params: URLSearchParams, today: string): { period: Period; error?: string } {
  const fixed = (key: string) => {
    const { days } = PERIODS.find((p) => p.key === key)!;
    return { key, from: addDays(today, -(days - 1)), to: today };
  };
  const key = params.get("zeitraum");
  if (key !== CUSTOM_PERIOD) {
    return { period: fixed(PERIODS.some((p) => p.key === key) ? key! : DEFAULT_PERIOD) };
  }
  const from = params.get("von");
  const asked = params.get("bis");
  const refuse = (error: string) => ({ period: fixed(DEFAULT_PERIOD), error });
  if (!isDay(from) || !isDay(asked)) return refuse(STATISTICS_MESSAGES.customInvalid);
  const to = asked > today ? today : asked;
  if (from > to) return refuse(STATISTICS_MESSAGES.customOrder);
  if (daysBetween(from, to) > MAX_CUSTOM_DAYS) return refuse(STATISTICS_MESSAGES.customTooLong);
  return { period: { key: CUSTOM_PERIOD, from, to } };
}

/** Where the daily totals of [from, to] end: the raw events count from there to the period's end. */
function rawRange(from: string, to: string, lastRolledDay: string | undefined, now: Date) {
  const start = berlinMidnight(lastRolledDay ? nextDay(lastRolledDay) : from);
  const end = new Date(Math.min(berlinMidnight(nextDay(to)).getTime(), now.getTime() + 1_000));
  return { start, end, empty: start >= end };
}

/**
 * The totals per dimension and value of the days from `from` to `to`: the daily totals, the raw
 * events of days not rolled up, and today's (`today`, asked once per page).
 */
async function totalsOf(
  db: Db,
  from: string,
  to: string,
  now: Date,
  today: () => Promise<DimensionTotal[]>,
): Promise<DimensionTotal[]> {
  const rolled = await dailyTotals(db, from, to);
  const raw = rawParts(from, to, rolled.lastDay, now);
  if (!raw.before && !raw.today) return rolled.totals;
  const before = raw.before ? await eventTotals(db, raw.before.start, raw.before.end) : [];
  return addedUp([...rolled.totals, ...before, ...(raw.today ? await today() : [])]);
}

/**
 * What the daily totals of [from, to] leave out, split at today's midnight: the days before today
 * (from the raw events) and whether today is among them (from today's totals).
 */
function rawParts(from: string, to: string, lastRolledDay: string | undefined, now: Date) {
  const raw = rawRange(from, to, lastRolledDay, now);
  const todayStart = berlinMidnight(berlinDay(now));
  const before =
    !raw.empty && raw.start < todayStart
      ? { start: raw.start, end: raw.end < todayStart ? raw.end : todayStart }
      : undefined;
  return { before, today: !raw.empty && raw.end > todayStart };
}

/** Asks `load` once, on the first call. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

function headlineOf(totals: DimensionTotal[]): Headline {
  const total = totals.find((row) => row.dimension === "total");
  const visitors = total?.visitors ?? 0;
  const conversions = total?.conversions ?? 0;
  return { visitors, views: total?.views ?? 0, conversions, rate: visitors > 0 ? conversions / visitors : 0 };
}

/** The chart's bars: every hour of a single recent day, every day, or every month of the period. */
async function chartOf(
  db: Db,
  period: Period,
  now: Date,
  todays: () => Promise<DimensionTotal[]>,
): Promise<{ unit: ChartUnit; points: ChartPoint[] }> {
  const days = daysBetween(period.from, period.to);
  const today = berlinDay(now);
  const rawCoversDay = period.from >= addDays(today, -(VISIT_EVENT_DAYS - 1));
  if (days === 1 && rawCoversDay) {
    const { start, end } = rawRange(period.from, period.to, undefined, now);
    const found = await eventSeries(db, start, end, "hour");
    const hours = Array.from({ length: 24 }, (_, h) => `${period.from} ${String(h).padStart(2, "0")}`);
    return { unit: "hour", points: filled(hours, found) };
  }
  const rolled = await dailySeries(db, period.from, period.to);
  const lastRolled = rolled.reduce<string | undefined>(
    (last, p) => (!last || p.bucket > last ? p.bucket : last),
    undefined,
  );
  const raw = rawParts(period.from, period.to, lastRolled, now);
  const found = [...rolled];
  // Days not rolled up from the raw events; today from its totals (as the figures above).
  if (raw.before) found.push(...(await eventSeries(db, raw.before.start, raw.before.end, "day")));
  const total = raw.today ? (await todays()).find((row) => row.dimension === "total") : undefined;
  if (total) {
    const { views, visitors, conversions } = total;
    found.push({ bucket: today, views, visitors, conversions });
  }
  const allDays = Array.from({ length: days }, (_, n) => addDays(period.from, n));
  if (days <= DAILY_CHART_MAX_DAYS) return { unit: "day", points: filled(allDays, found) };
  const months = [...new Set(allDays.map((day) => day.slice(0, 7)))];
  const perMonth = found.map((point) => ({ ...point, bucket: point.bucket.slice(0, 7) }));
  return { unit: "month", points: filled(months, perMonth) };
}

/** A bar for every bucket, in order, with the found points added up (0 where none was found). */
function filled(buckets: string[], found: SeriesPoint[]): ChartPoint[] {
  const points = new Map(
    buckets.map((bucket) => [bucket, { bucket, views: 0, visitors: 0, conversions: 0 }]),
  );
  for (const point of found) {
    const known = points.get(point.bucket);
    if (!known) continue;
    known.views += point.views;
    known.visitors += point.visitors;
    known.conversions += point.conversions;
  }
  return [...points.values()];
}

/**
 * The most viewed values of a dimension (then the most conversions), each with its share of the
 * views; the conversions' lists (CONVERSION_LISTS) by their conversions instead.
 */
function topOf(totals: DimensionTotal[], dimension: ListDimension): ListEntry[] {
  const byConversions = CONVERSION_LISTS.includes(dimension);
  const rows = byConversions
    ? totals
        .filter((row) => row.dimension === dimension)
        .sort((a, b) => b.conversions - a.conversions || a.value.localeCompare(b.value))
    : rankedOf(totals, dimension);
  const measure = (row: DimensionTotal) => (byConversions ? row.conversions : row.views);
  const all = rows.reduce((n, row) => n + measure(row), 0);
  return rows.slice(0, TOP).map((row) => ({
    label: labelOf(dimension, row.value),
    views: row.views,
    visitors: row.visitors,
    conversions: row.conversions,
    share: all > 0 ? measure(row) / all : 0,
  }));
}

/**
 * "Herkunft" with its drill-down: each referring site with its most viewed full addresses
 * (host and path), each shared by the site's views.
 */
function referrersWithAddresses(totals: DimensionTotal[]): ListEntry[] {
  const sites = topOf(totals, "referrer");
  const addresses = rankedOf(totals, "referrer_url");
  return sites.map((site) => {
    if (site.label === STATISTICS_MESSAGES.direct) return site;
    const own = addresses.filter((row) => row.value === site.label || row.value.startsWith(`${site.label}/`));
    return {
      ...site,
      addresses: own.slice(0, TOP).map((row) => ({
        label: row.value,
        views: row.views,
        visitors: row.visitors,
        conversions: row.conversions,
        share: site.views > 0 ? row.views / site.views : 0,
      })),
    };
  });
}

function labelOf(dimension: ListDimension, value: string): string {
  if (value === "" && dimension === "referrer") return STATISTICS_MESSAGES.direct;
  if (dimension === "conversion") return STATISTICS_MESSAGES.conversionKinds[value] ?? value;
  return value;
}
