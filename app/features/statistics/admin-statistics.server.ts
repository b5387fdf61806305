import { requireAdmin } from "~/features/auth/index.server";
import { siteSettingsOf } from "~/features/settings/index.server";
import { databaseContext, type RequestContext } from "~/platform/http/request-context";
import {
  DEFAULT_PERIOD,
  LIST_DIMENSIONS,
  PERIODS,
  STATISTICS_MESSAGES,
  type ListDimension,
  type ListEntry,
  type PeriodKey,
} from "./messages";
import { dailyTotals, eventTotals, type DimensionTotal } from "./queries.server";
import { berlinDay, berlinMidnight, nextDay } from "./visitor-key.server";

/** The server half of /admin/statistik: the period's figures from the daily totals and the raw events. */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Entries per top list. */
const TOP = 10;
export async function loadStatistics(request: Request, context: RequestContext) {
  await requireAdmin(request, context);
  const asked = new URL(request.url).searchParams.get("zeitraum");
  const period = PERIODS.find((p) => p.key === asked) ?? PERIODS.find((p) => p.key === DEFAULT_PERIOD)!;
  const db = await context.get(databaseContext);
  const now = new Date();
  const today = berlinDay(now);
  const from = berlinDay(new Date(now.getTime() - (period.days - 1) * DAY_MS));
  // Closed days from their totals; the days after the last rolled-up one (today at least) raw.
  const rolled = await dailyTotals(db, from, today);
  const rawStart = berlinMidnight(rolled.lastDay ? nextDay(rolled.lastDay) : from);
  const raw = await eventTotals(db, rawStart, new Date(now.getTime() + 1_000));
  const totals = sum([...rolled.totals, ...raw]);
  const total = totals.find((row) => row.dimension === "total");
  const { settings } = await siteSettingsOf(db);
  return {
    period: period.key as PeriodKey,
    enabled: settings.statistics.enabled === "on",
    headline: {
      visitors: total?.visitors ?? 0,
      views: total?.views ?? 0,
      conversions: total?.conversions ?? 0,
      rate: total && total.visitors > 0 ? total.conversions / total.visitors : 0,
    },
    lists: Object.fromEntries(
      LIST_DIMENSIONS.map((dimension) => [dimension, topOf(totals, dimension)]),
    ) as Record<ListDimension, ListEntry[]>,
  };
}

/** Adds up the rows of one dimension and value (the daily totals and the raw events' totals). */
function sum(rows: DimensionTotal[]): DimensionTotal[] {
  const sums = new Map<string, DimensionTotal>();
  for (const row of rows) {
    const key = `${row.dimension}\u0000${row.value}`;
    const known = sums.get(key);
    if (!known) sums.set(key, { ...row });
    else {
      known.views += row.views;
      known.visitors += row.visitors;
      known.conversions += row.conversions;
    }
  }
  return [...sums.values()];
}

/** The most viewed values of a dimension (then the most conversions), each with its share of the views. */
function topOf(totals: DimensionTotal[], dimension: ListDimension): ListEntry[] {
  const rows = totals.filter((row) => row.dimension === dimension);
  const all = rows.reduce((n, row) => n + row.views, 0);
  return rows
    .sort((a, b) => b.views - a.views || b.conversions - a.conversions || a.value.localeCompare(b.value))
    .slice(0, TOP)
    .map((row) => ({
      label: row.value === "" && dimension === "referrer" ? STATISTICS_MESSAGES.direct : row.value,
      views: row.views,
      visitors: row.visitors,
      conversions: row.conversions,
      share: all > 0 ? row.views / all : 0,
    }));
}
