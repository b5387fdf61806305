import { randomBytes } from "node:crypto";
import { and, eq, getTableColumns, getTableName, gte, lt, lte, sql } from "drizzle-orm";
import { embeddedClientOf, rowsOf, type Db } from "~/platform/db/engines.server";
import { visitDaily, visitEvents, visitSalts, visitToday, visitTodayMarks } from "~/platform/db/schema";
import { berlinDay, berlinMidnight, nextDay } from "./visitor-key.server";
import { VISIT_EVENT_DAYS } from "./retention";
import { VISIT_ROW_COLUMNS, VisitRows, visitRowColumns } from "./visit-rows.server";
import type { VisitSource } from "./visit-source";

/**
 * The queries of the statistics tables (docs/decisions/0025-visit-statistics.md): the raw
 * events, the day's salt, and the daily totals.
 */

export type NewVisitEvent = typeof visitEvents.$inferInsert;

/** How many past days the rollup looks at (more than the raw events' days). */
const ROLLUP_LOOKBACK_DAYS = VISIT_EVENT_DAYS + 10;
/** A day is rolled up once it has been over for this long (the last buffers are written). */
const DAY_SETTLED_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A PostgreSQL array literal of text values ("{\"a\",NULL}"), sent as one text parameter and
 * cast in the statement: both drivers pass a string alike.
 */
function arrayLiteral(values: (string | null)[]): string {
  const element = (text: string | null) => {
    if (text === null) return "NULL";
    return /["\\]/.test(text) ? `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"` : `"${text}"`;
  };
  return `{${values.map(element).join(",")}}`;
}

/** Rows per statement: the arrays of a busy second stay a few hundred kB. */
const INSERT_CHUNK = 5_000;

/** The embedded database's write: the rows of a VisitRows, as they are. */
const COPY_VISIT_ROWS = `copy ${getTableName(visitEvents)} (${VISIT_ROW_COLUMNS.join(", ")}) from '/dev/blob'`;
/** PostgreSQL's write: the column list, and each column's array cast to its type in the schema. */
const VISIT_ROW_NAMES = sql.raw(VISIT_ROW_COLUMNS.join(", "));
const VISIT_ROW_TYPES = VISIT_ROW_COLUMNS.map((name) =>
  sql.raw(`${getTableColumns(visitEvents)[name].getSQLType()}[]`),
);

/** Events as they are stored, e.g. made by a test or a bench. */
export async function insertVisitEvents(db: Db, events: NewVisitEvent[]): Promise<void> {
  const rows = new VisitRows();
  for (const event of events) rows.push(event, event.visitor);
  await insertVisitRows(db, rows.take());
}

/**
 * The group commit of a second's events (VisitRows, in COPY's text format). The embedded
 * database reads them with one `COPY … FROM` (PGlite takes them as a Blob): it costs its thread
 * less than half of what the insert below costs there (docs/decisions/0025-visit-statistics.md).
 * PostgreSQL gets one statement per 5,000 rows with one array per column (`unnest`), so that the
 * statement has 14 parameters however many rows it carries. A multi-row VALUES would need 14 per
 * row, and PostgreSQL refuses more than 65,535 in one statement: a busy second of 4,700 views
 * would be lost whole.
 */
export async function insertVisitRows(db: Db, rows: Blob): Promise<void> {
  if (rows.size === 0) return;
  const embedded = embeddedClientOf(db);
  if (embedded) {
    await embedded.query(COPY_VISIT_ROWS, [], { blob: rows });
    return;
  }
  const columns = visitRowColumns(await rows.text());
  for (let start = 0; start < columns[0]!.length; start += INSERT_CHUNK) {
    const arrays = columns.map(
      (values, index) =>
        sql`${arrayLiteral(values.slice(start, start + INSERT_CHUNK))}::${VISIT_ROW_TYPES[index]!}`,
    );
    await db.execute(sql`
      insert into ${visitEvents} (${VISIT_ROW_NAMES})
      select * from unnest(${sql.join(arrays, sql`, `)})
    `);
  }
}

/**
 * The salt of `day`: made by the first instance that needs it (every instance then reads the same
 * row), and the salts of the days before deleted, so no key of an earlier day can be made again.
 */
export async function saltOfDay(db: Db, day: string): Promise<Uint8Array> {
  await db
    .insert(visitSalts)
    .values({ day, salt: randomBytes(32) })
    .onConflictDoNothing();
  await db.delete(visitSalts).where(lt(visitSalts.day, day));
  const [row] = await db.select({ salt: visitSalts.salt }).from(visitSalts).where(eq(visitSalts.day, day));
  if (!row) throw new Error(`no visit salt for ${day}`);
  return new Uint8Array(row.salt);
}

/** Whether a day's totals are written: its `total` row is the mark. */
async function rolledUp(db: Db, day: string): Promise<boolean> {
  const [row] = await db
    .select({ day: visitDaily.day })
    .from(visitDaily)
    .where(and(eq(visitDaily.day, day), eq(visitDaily.dimension, "total")));
  return Boolean(row);
}

/**
 * Writes the daily totals of every closed day not yet rolled up. Run inside the housekeeping's
 * transaction under its advisory lock (one instance at a time); a day is written whole or not at
 * all, with its `total` row as the mark, so no day is counted twice. Resolves to the days written.
 */
export async function rollUpClosedDays(db: Db, now = new Date()): Promise<string[]> {
  const today = berlinDay(now);
  const written: string[] = [];
  for (let n = ROLLUP_LOOKBACK_DAYS; n >= 1; n--) {
    const day = berlinDay(new Date(now.getTime() - n * DAY_MS));
    if (day >= today) continue;
    const end = berlinMidnight(nextDay(day));
    if (now.getTime() < end.getTime() + DAY_SETTLED_MS) continue;
    if (written.includes(day) || (await rolledUp(db, day))) continue;
    if (await withoutJit(db, (tx) => rollUpDay(tx, day, berlinMidnight(day), end))) written.push(day);
  }
  return written;
}

/** Totals of one dimension's value over a period: what the daily totals hold per day. */
export type DimensionTotal = {
  dimension: string;
  value: string;
  views: number;
  visitors: number;
  conversions: number;
};

/** Adds up the rows of one dimension and value (the daily totals, the stored ones of today, the raw events'). */
export function addedUp(rows: DimensionTotal[]): DimensionTotal[] {
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

/** The rows of one dimension, the most viewed first, then the most conversions, then by name. */
export const rankedOf = (totals: DimensionTotal[], dimension: string): DimensionTotal[] =>
  totals
    .filter((row) => row.dimension === dimension)
    .sort((a, b) => b.views - a.views || b.conversions - a.conversions || a.value.localeCompare(b.value));

/**
 * The totals per dimension of the raw events in [start, end): views, visitors (distinct keys;
 * keys differ from day to day, so over several days this is the sum of the days' visitors) and
 * conversions. A conversion counts for the entry page, referrer and UTM of the visit it is
 * attributed to (the visitor's latest entry before it, else their first view; the key makes it
 * the same day), and for its own browser and system.
 *
 * With `cut` (within [start, end), `start` the day's midnight): only what the events in
 * [cut, end) add to the totals of [start, cut) — their views and conversions, and each visitor
 * who had no view of that value before `cut`. The events before `cut` of the visitors seen since
 * are read for that (and for the attribution); nobody else's.
 */
const totalsOf = (start: Date, end: Date, cut?: Date) => {
  const from = start.toISOString();
  const to = end.toISOString();
  const events = cut
    ? sql`
      select e.*, e.at >= ${cut.toISOString()}::timestamptz as after from ${visitEvents} e
      where e.at >= ${from}::timestamptz and e.at < ${to}::timestamptz and e.visitor in (
        select visitor from ${visitEvents}
        where ${visitEvents.at} >= ${cut.toISOString()}::timestamptz and ${visitEvents.at} < ${to}::timestamptz
      )`
    : sql`
      select *, true as after from ${visitEvents}
      where ${visitEvents.at} >= ${from}::timestamptz and ${visitEvents.at} < ${to}::timestamptz`;
  return sql`
    with ev as (${events}),
    views as (select * from ev where kind = 'view'),
    conv as (
      select c.kind, c.visitor, c.path, c.browser, c.os, c.after,
        a.path as a_entry, a.referrer_host as a_host, a.referrer_path as a_referrer_path,
        a.utm_source as a_source, a.utm_medium as a_medium, a.utm_campaign as a_campaign
      from ev c
      -- The table itself, not the views above: its index on visitor finds a visitor's views.
      left join lateral (
        select v.path, v.referrer_host, v.referrer_path, v.utm_source, v.utm_medium, v.utm_campaign
        from ${visitEvents} v
        where v.visitor = c.visitor and v.at >= ${from}::timestamptz and v.at <= c.at
          and v.kind = 'view' and not v.not_found
        order by v.entry desc, case when v.entry then v.at end desc, v.at asc
        limit 1
      ) a on true
      where c.kind <> 'view'
    ),
    facts (dimension, value, visitor, is_view, is_conversion, after) as (
      select 'total', '', visitor, kind = 'view', kind <> 'view', after from ev
      union all select 'page', path, visitor, true, false, after from views where not not_found
      union all select 'not_found', path, visitor, true, false, after from views where not_found
      union all select 'entry', path, visitor, true, false, after from views where entry and not not_found
      union all select 'entry', a_entry, visitor, false, true, after from conv where a_entry is not null
      union all select 'referrer', coalesce(referrer_host, ''), visitor, true, false, after from views where entry
      union all select 'referrer', coalesce(a_host, ''), visitor, false, true, after from conv
      union all select 'referrer_url', referrer_host || coalesce(referrer_path, ''), visitor, true, false, after
        from views where entry and referrer_host is not null
      union all select 'referrer_url', a_host || coalesce(a_referrer_path, ''), visitor, false, true, after
        from conv where a_host is not null
      union all select 'utm_source', utm_source, visitor, true, false, after from views where utm_source is not null
      union all select 'utm_source', a_source, visitor, false, true, after from conv where a_source is not null
      union all select 'utm_medium', utm_medium, visitor, true, false, after from views where utm_medium is not null
      union all select 'utm_medium', a_medium, visitor, false, true, after from conv where a_medium is not null
      union all select 'utm_campaign', utm_campaign, visitor, true, false, after from views where utm_campaign is not null
      union all select 'utm_campaign', a_campaign, visitor, false, true, after from conv where a_campaign is not null
      union all select 'screen', screen, visitor, true, false, after from views where screen is not null
      union all select 'browser', browser, visitor, kind = 'view', kind <> 'view', after from ev
      union all select 'os', os, visitor, kind = 'view', kind <> 'view', after from ev
      union all select 'conversion', kind, visitor, false, true, after from conv
      union all select 'outbound', path, visitor, false, true, after from conv where kind = 'outbound'
    ),
    -- Per visitor first, then per value: two hash aggregates instead of sorting every fact for
    -- count(distinct visitor).
    per_visitor as (
      select dimension, value, visitor,
        count(*) filter (where is_view and after) as views,
        count(*) filter (where is_conversion and after) as conversions,
        bool_or(is_view and not after) as seen_before
      from facts
      group by dimension, value, visitor
    )
    select dimension, value, sum(views)::int as views,
      (count(*) filter (where views > 0 and not seen_before))::int as visitors,
      sum(conversions)::int as conversions
    from per_visitor
    group by dimension, value
    having sum(views) > 0 or sum(conversions) > 0
  `;
};

/** The totals of the raw events in [start, end) (the days not rolled up yet). */
export async function eventTotals(db: Db, start: Date, end: Date): Promise<DimensionTotal[]> {
  return withoutJit(db, async (tx) => rowsOf<DimensionTotal>(await tx.execute(totalsOf(start, end))));
}

/** Today's stored totals are brought forward once they lag the settled events by this much. */
const TODAY_STEP_MS = 5 * 60 * 1000;
/** One instance at a time brings today's totals forward; another one reads them as they are. */
const TODAY_LOCK_KEY = 720_514_313;

/**
 * Today's totals (Europe/Berlin) up to `now` plus a second, as `eventTotals` of the day would
 * give them: the stored totals up to their mark, plus what the events since add (totalsOf with a
 * cut). The stored totals are brought forward first when they lag, so that on a busy day the
 * page aggregates minutes of events, not hours.
 */
export async function todayTotals(db: Db, now = new Date()): Promise<DimensionTotal[]> {
  const day = berlinDay(now);
  const start = berlinMidnight(day);
  await bringTodayForward(db, day, start, now);
  return withoutJit(db, async (tx) => {
    // One statement: the rows and their mark from the same snapshot.
    const stored = rowsOf<DimensionTotal & { upto: string | Date }>(
      await tx.execute(sql`
        select m.upto, t.dimension, t.value, t.views, t.visitors, t.conversions
        from ${visitTodayMarks} m left join ${visitToday} t on t.day = m.day
        where m.day = ${day}::date
      `),
    );
    const upto = stored[0] ? new Date(stored[0].upto) : undefined;
    const end = new Date(now.getTime() + 1_000);
    const added = rowsOf<DimensionTotal>(await tx.execute(totalsOf(start, end, upto)));
    const kept = stored
      .filter((row) => row.dimension !== null)
      .map(({ dimension, value, views, visitors, conversions }) => ({
        dimension,
        value,
        views,
        visitors,
        conversions,
      }));
    return addedUp([...kept, ...added]);
  });
}

/**
 * Adds the settled events since the mark (DAY_SETTLED_MS ago at most) to today's stored totals
 * and moves the mark, when it lags by TODAY_STEP_MS or more; nothing when another instance is at
 * it. An event written later than DAY_SETTLED_MS after it happened is missing from today's
 * figures; the day's rollup, from the raw events, has it.
 */
async function bringTodayForward(db: Db, day: string, start: Date, now: Date): Promise<void> {
  const target = new Date(Math.min(now.getTime() - DAY_SETTLED_MS, berlinMidnight(nextDay(day)).getTime()));
  if (target.getTime() - start.getTime() < TODAY_STEP_MS) return;
  await withoutJit(db, async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${TODAY_LOCK_KEY}) as locked`),
    );
    if (!lock?.locked) return;
    const [mark] = await tx.select().from(visitTodayMarks).where(eq(visitTodayMarks.day, day));
    if (mark && target.getTime() - mark.upto.getTime() < TODAY_STEP_MS) return;
    await tx.execute(sql`
      insert into ${visitToday} (day, dimension, value, views, visitors, conversions)
      select ${day}::date, dimension, value, views, visitors, conversions
      from (${totalsOf(start, target, mark?.upto)}) as added
      on conflict (day, dimension, value) do update set
        views = ${visitToday.views} + excluded.views,
        visitors = ${visitToday.visitors} + excluded.visitors,
        conversions = ${visitToday.conversions} + excluded.conversions
    `);
    await tx
      .insert(visitTodayMarks)
      .values({ day, upto: target })
      .onConflictDoUpdate({ target: visitTodayMarks.day, set: { upto: target } });
  });
}

/** The stored totals of days before today (rolled up from the raw events by then). */
async function pruneTodayTotals(db: Db, now: Date): Promise<void> {
  const today = berlinDay(now);
  await db.delete(visitToday).where(lt(visitToday.day, today));
  await db.delete(visitTodayMarks).where(lt(visitTodayMarks.day, today));
}

/**
 * Run by the housekeeping after the rollup: yesterday's stored totals go, today's are brought
 * forward (the first Statistik of the hour then adds minutes, not an hour).
 */
export async function keepTodayTotals(db: Db, now = new Date()): Promise<void> {
  await pruneTodayTotals(db, now);
  const day = berlinDay(now);
  await bringTodayForward(db, day, berlinMidnight(day), now);
}

/**
 * Runs `work` in a transaction (a savepoint inside one) without PostgreSQL's JIT compilation:
 * the totals' plan is estimated expensive enough to be compiled, and compiling took 1.8 s of a
 * query that runs in well under one (docs/quality.md). PGlite has no JIT; the setting is a no-op.
 */
function withoutJit<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return work(tx as unknown as Db);
  });
}

/** One day's totals into visit_daily; false when the day had no events. */
async function rollUpDay(db: Db, day: string, start: Date, end: Date): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${visitDaily} (day, dimension, value, views, visitors, conversions)
    select ${day}::date, dimension, value, views, visitors, conversions from (${totalsOf(start, end)}) as totals
    on conflict do nothing
    returning dimension
  `);
  return rowsOf<{ dimension: string }>(result).length > 0;
}

/**
 * The daily totals of the days from `from` to `to` (both included), summed per dimension and
 * value, and the last day among them that is rolled up (undefined: none).
 */
export async function dailyTotals(
  db: Db,
  from: string,
  to: string,
): Promise<{ totals: DimensionTotal[]; lastDay: string | undefined }> {
  const inPeriod = and(gte(visitDaily.day, from), lte(visitDaily.day, to));
  const totals = await db
    .select({
      dimension: visitDaily.dimension,
      value: visitDaily.value,
      views: sql<number>`sum(${visitDaily.views})::int`,
      visitors: sql<number>`sum(${visitDaily.visitors})::int`,
      conversions: sql<number>`sum(${visitDaily.conversions})::int`,
    })
    .from(visitDaily)
    .where(inPeriod)
    .groupBy(visitDaily.dimension, visitDaily.value);
  const [last] = await db
    .select({ day: sql<string | null>`max(${visitDaily.day})::text` })
    .from(visitDaily)
    .where(and(inPeriod, eq(visitDaily.dimension, "total")));
  return { totals, lastDay: last?.day ?? undefined };
}

/** Deletes the raw events past VISIT_EVENT_DAYS; resolves to how many went. */
export async function pruneVisitEvents(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - VISIT_EVENT_DAYS * DAY_MS);
  const result = await db.execute(sql`
    with deleted as (delete from ${visitEvents} where ${visitEvents.at} < ${before.toISOString()}::timestamptz returning 1)
    select count(*)::int as count from deleted
  `);
  return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
}

/**
 * Adds the pages written since the last run to the BRIN index on `at`. PostgreSQL does it only
 * in a VACUUM, and the embedded database runs no autovacuum: an unsummarized range is read
 * whole, so without this every query of a day read the whole table (1.3 s of 1.8 s for a day's
 * totals over a million events on PGlite, docs/quality.md).
 */
export async function summarizeVisitEvents(db: Db): Promise<void> {
  await db.execute(sql`select brin_summarize_new_values('visit_events_at_idx')`);
}

/**
 * Makes the space of deleted events reusable. Outside any transaction (VACUUM cannot run in one);
 * the embedded database has no autovacuum, so without it the table would only grow.
 */
export async function vacuumVisitEvents(db: Db): Promise<void> {
  await db.execute(sql`vacuum ${visitEvents}`);
}

/** Salts of days before `day` (a rotation missed while no instance counted). */
export async function pruneSalts(db: Db, now = new Date()): Promise<void> {
  await db.delete(visitSalts).where(lt(visitSalts.day, berlinDay(now)));
}

/** One bar of the chart: a day ("YYYY-MM-DD") or an hour ("YYYY-MM-DD HH") in Europe/Berlin. */
export type SeriesPoint = { bucket: string; views: number; visitors: number; conversions: number };

/** The daily totals' `total` row of each day from `from` to `to` (both included). */
export async function dailySeries(db: Db, from: string, to: string): Promise<SeriesPoint[]> {
  return db
    .select({
      bucket: sql<string>`${visitDaily.day}::text`,
      views: visitDaily.views,
      visitors: visitDaily.visitors,
      conversions: visitDaily.conversions,
    })
    .from(visitDaily)
    .where(and(gte(visitDaily.day, from), lte(visitDaily.day, to), eq(visitDaily.dimension, "total")));
}

/** The raw events in [start, end) per day or per hour of Europe/Berlin. */
export async function eventSeries(
  db: Db,
  start: Date,
  end: Date,
  unit: "day" | "hour",
): Promise<SeriesPoint[]> {
  const format = unit === "day" ? "YYYY-MM-DD" : "YYYY-MM-DD HH24";
  return rowsOf<SeriesPoint>(
    await db.execute(sql`
      select to_char(${visitEvents.at} at time zone 'Europe/Berlin', ${format}) as bucket,
        (count(*) filter (where kind = 'view'))::int as views,
        (count(distinct visitor) filter (where kind = 'view'))::int as visitors,
        (count(*) filter (where kind <> 'view'))::int as conversions
      from ${visitEvents}
      where ${visitEvents.at} >= ${start.toISOString()}::timestamptz and ${visitEvents.at} < ${end.toISOString()}::timestamptz
      group by 1
    `),
  );
}

/** Visitors with a page view since `since` (the live figure: the last five minutes). */
export async function visitorsSince(db: Db, since: Date): Promise<number> {
  const [row] = rowsOf<{ visitors: number }>(
    await db.execute(sql`
      select count(distinct visitor)::int as visitors from ${visitEvents}
      where ${visitEvents.at} >= ${since.toISOString()}::timestamptz and kind = 'view'
    `),
  );
  return row?.visitors ?? 0;
}

/**
 * The visit of `visitor` that a conversion at `at` is attributed to: their latest entry before it,
 * else their first view (the key makes it the same day), as in the totals above.
 */
export async function visitSourceOf(db: Db, visitor: string, at: Date): Promise<VisitSource | undefined> {
  const [row] = rowsOf<VisitSource>(
    await db.execute(sql`
      select path as entry,
        case when referrer_host is null then null else referrer_host || coalesce(referrer_path, '') end as referrer,
        utm_source as source, utm_medium as medium, utm_campaign as campaign
      from ${visitEvents}
      where visitor = ${visitor} and ${visitEvents.at} <= ${at.toISOString()}::timestamptz
        and kind = 'view' and not not_found
      -- qualified: a bare "entry" would be the output column (the path)
      order by ${visitEvents.entry} desc, case when ${visitEvents.entry} then ${visitEvents.at} end desc, ${visitEvents.at} asc
      limit 1
    `),
  );
  return row;
}
