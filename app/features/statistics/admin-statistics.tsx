import { Link } from "react-router";
import { cn } from "~/ui/cn";
import type { Route } from "./+types/admin-statistics";
import { loadStatistics } from "./admin-statistics.server";
import {
  bucketLabel,
  changeOf,
  countOf,
  CUSTOM_PERIOD,
  germanDate,
  CONVERSION_LISTS,
  PERIODS,
  SHOWN_LISTS,
  STATISTICS_MESSAGES as M,
  type ChartPoint,
  type ChartUnit,
  type ListDimension,
  type ListEntry,
} from "./messages";

/**
 * /admin/statistik: the visit statistics of a period (heute, 7 Tage, 30 Tage, 12 Monate or an own
 * one), rendered on the server: the visitors of the last five minutes, the headline figures
 * against the period before, a bar chart (SVG) with its values as a table, and the top lists
 * with share bars. Links and a GET form, no script.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadStatistics(request, context);
}

/** Lists whose entries show their conversions (the visit's attribution). */
const ATTRIBUTED: ListDimension[] = ["entry", "referrer", "utm_source", "utm_medium", "utm_campaign"];

export default function AdminStatistics({ loaderData }: Route.ComponentProps) {
  const { period, error, enabled, live, headline, previous, chart, lists } = loaderData;
  const percent = (share: number) =>
    // A no-break space: "100" and "%" stay on one line on a phone.
    `${(share * 100).toLocaleString("de-DE", { maximumFractionDigits: 1 })}\u00a0%`;
  const periodName =
    period.key === CUSTOM_PERIOD
      ? `${germanDate(period.from)} – ${germanDate(period.to)}`
      : PERIODS.find((p) => p.key === period.key)!.label;
  const figures = [
    [M.visitors, headline.visitors, previous.visitors, (n: number) => n.toLocaleString("de-DE")],
    [M.views, headline.views, previous.views, (n: number) => n.toLocaleString("de-DE")],
    [M.conversions, headline.conversions, previous.conversions, (n: number) => n.toLocaleString("de-DE")],
    [M.conversionRate, headline.rate, previous.rate, percent],
  ] as const;
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h2 className="text-2xl font-bold text-slate-900">{M.heading}</h2>
        <p className="max-w-3xl text-slate-600">{M.intro}</p>
      </div>

      {!enabled && (
        <p
          role="status"
          className="max-w-3xl rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-900"
        >
          {M.off}{" "}
          <Link to="/admin/einstellungen#besucherstatistik" className="font-semibold underline">
            {M.offLink}
          </Link>
        </p>
      )}

      <p className="flex max-w-full items-baseline gap-2 rounded-2xl border border-slate-200 px-3 py-1.5 text-sm text-slate-700 sm:inline-flex sm:rounded-full">
        <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-emerald-500" />
        <span>
          {M.live}: <strong className="tabular-nums">{countOf(live, "Besucher", "Besucher")}</strong> (
          {M.liveHint})
        </span>
      </p>

      <div className="space-y-3">
        <nav aria-label={M.periodLabel}>
          <ul className="flex flex-wrap gap-2">
            {PERIODS.map((p) => (
              <li key={p.key}>
                <Link
                  to={`?zeitraum=${p.key}`}
                  aria-current={p.key === period.key ? "page" : undefined}
                  className={cn(
                    "inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium",
                    p.key === period.key
                      ? "border-brand-600 bg-brand-600 text-white"
                      : "border-slate-300 text-slate-700 hover:border-brand-500 hover:text-brand-700",
                  )}
                >
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <form method="get" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="zeitraum" value={CUSTOM_PERIOD} />
          <fieldset className="flex flex-wrap items-end gap-3">
            <legend className="mb-1 text-sm font-medium text-slate-700">{M.custom}</legend>
            {(
              [
                ["von", M.customFrom, period.from],
                ["bis", M.customTo, period.to],
              ] as const
            ).map(([name, label, day]) => (
              <label key={name} className="flex flex-col text-sm text-slate-700">
                {label}
                <input
                  type="date"
                  name={name}
                  required
                  defaultValue={day}
                  className="mt-1 min-h-11 rounded-lg border border-slate-300 px-2 py-1.5 text-slate-900"
                />
              </label>
            ))}
          </fieldset>
          <button
            type="submit"
            className="min-h-11 rounded-full border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {M.customShow}
          </button>
        </form>
        {error && (
          <p role="alert" className="max-w-3xl rounded-2xl border border-red-300 bg-red-50 p-3 text-red-800">
            {error}
          </p>
        )}
      </div>

      <section aria-labelledby="statistics-figures" className="space-y-3">
        <h3 id="statistics-figures" className="text-lg font-semibold text-slate-900">
          {periodName}
        </h3>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {figures.map(([label, now, before, format]) => (
            <div key={label} className="rounded-2xl border border-slate-200 p-4">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{format(now)}</dd>
              <dd className="mt-1 text-sm text-slate-600 tabular-nums">
                {M.previous}: {format(before)} · {changeOf(now, before)}
              </dd>
            </div>
          ))}
        </dl>
        <p className="max-w-3xl text-sm text-slate-600">{M.conversionsHint}</p>
        <p className="max-w-3xl text-sm text-slate-600">{M.visitorsHint}</p>
      </section>

      <Chart unit={chart.unit} points={chart.points} periodName={periodName} />

      <div className="grid gap-6 lg:grid-cols-2">
        {SHOWN_LISTS.map((dimension) => (
          <TopList
            key={dimension}
            id={`liste-${dimension}`}
            title={M.lists[dimension]}
            entries={lists[dimension]}
            attributed={ATTRIBUTED.includes(dimension)}
            conversionsOnly={CONVERSION_LISTS.includes(dimension)}
            percent={percent}
          />
        ))}
      </div>
      <p className="max-w-3xl text-sm text-slate-600">{M.outboundNote}</p>
      <p className="max-w-3xl text-sm text-slate-600">{M.countriesNote}</p>
    </div>
  );
}

/**
 * Bars of the visitors in front of the page views per hour, day or month, drawn as SVG on the
 * server; the same values as a table for whoever does not see the bars.
 */
function Chart({ unit, points, periodName }: { unit: ChartUnit; points: ChartPoint[]; periodName: string }) {
  const top = Math.max(1, ...points.map((p) => p.views));
  const height = 100;
  const step = 10;
  const label = (p: ChartPoint) => bucketLabel(unit, p.bucket);
  const visible = [points[0], points[Math.floor((points.length - 1) / 2)], points[points.length - 1]];
  return (
    <section aria-labelledby="statistics-chart" className="space-y-2">
      <h3 id="statistics-chart" className="text-lg font-semibold text-slate-900">
        {M.chart}
      </h3>
      <div className="flex items-center gap-4 text-sm text-slate-700">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded-sm bg-brand-600" />
          {M.visitors}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded-sm bg-brand-100" />
          {M.views}
        </span>
        <span className="ml-auto tabular-nums">max. {top.toLocaleString("de-DE")}</span>
      </div>
      <svg
        role="img"
        aria-label={`${M.chart}: ${periodName}`}
        viewBox={`0 0 ${points.length * step} ${height}`}
        preserveAspectRatio="none"
        className="h-40 w-full rounded-lg border border-slate-200 bg-white"
      >
        {points.map((p, i) => {
          const viewsHeight = (p.views / top) * (height - 4);
          const visitorsHeight = (p.visitors / top) * (height - 4);
          return (
            <g key={p.bucket}>
              <title>{`${label(p)}: ${countOf(p.visitors, "Besucher", "Besucher")}, ${countOf(p.views, "Seitenaufruf", "Seitenaufrufe")}`}</title>
              <rect
                x={i * step + 1}
                y={height - viewsHeight}
                width={step - 2}
                height={viewsHeight}
                className="fill-brand-100"
              />
              <rect
                x={i * step + 2.5}
                y={height - visitorsHeight}
                width={step - 5}
                height={visitorsHeight}
                className="fill-brand-600"
              />
            </g>
          );
        })}
      </svg>
      <div aria-hidden="true" className="flex justify-between text-xs text-slate-600">
        {visible.map((p, i) => (
          <span key={i}>{p ? label(p) : ""}</span>
        ))}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer py-3 font-medium text-brand-700">{M.chartTable}</summary>
        <div className="max-h-80 overflow-auto">
          <table className="w-full text-left tabular-nums">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-1 pr-3">
                  {M.chartColumns[unit]}
                </th>
                <th scope="col" className="py-1 pr-3">
                  {M.visitors}
                </th>
                <th scope="col" className="py-1 pr-3">
                  {M.views}
                </th>
                <th scope="col" className="py-1">
                  {M.conversions}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.bucket} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {label(p)}
                  </th>
                  <td className="py-1 pr-3">{p.visitors.toLocaleString("de-DE")}</td>
                  <td className="py-1 pr-3">{p.views.toLocaleString("de-DE")}</td>
                  <td className="py-1">{p.conversions.toLocaleString("de-DE")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

function TopList({
  id,
  title,
  entries,
  attributed,
  conversionsOnly,
  percent,
}: {
  id: string;
  title: string;
  entries: ListEntry[];
  attributed: boolean;
  /** A list of conversions: only their number. */
  conversionsOnly: boolean;
  percent: (share: number) => string;
}) {
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-2">
      <h3 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">{M.empty}</p>
      ) : (
        <ol className="space-y-1.5">
          {entries.map((entry) => (
            <li key={entry.label} className="overflow-hidden rounded-lg border border-slate-200">
              <div className="relative">
                <span
                  aria-hidden="true"
                  className="absolute inset-y-0 left-0 bg-brand-50"
                  style={{ width: `${Math.round(entry.share * 100)}%` }}
                />
                <span className="relative flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-2 text-sm">
                  <span className="min-w-0 font-medium wrap-anywhere text-slate-900">{entry.label}</span>
                  <span className="text-slate-700 tabular-nums">
                    {conversionsOnly ? (
                      countOf(entry.conversions, "Conversion", "Conversions")
                    ) : (
                      <>
                        {countOf(entry.views, "Aufruf", "Aufrufe")} ·{" "}
                        {countOf(entry.visitors, "Besucher", "Besucher")}
                        {attributed && ` · ${countOf(entry.conversions, "Conversion", "Conversions")}`}
                      </>
                    )}{" "}
                    · {percent(entry.share)}
                  </span>
                </span>
              </div>
              {entry.addresses && entry.addresses.length > 0 && (
                <details className="border-t border-slate-200 text-sm">
                  <summary className="cursor-pointer px-3 py-3 font-medium text-brand-700">
                    {M.addresses} ({entry.addresses.length})
                  </summary>
                  <ol className="space-y-1.5 px-3 pb-3">
                    {entry.addresses.map((address) => (
                      <li
                        key={address.label}
                        className="flex flex-wrap items-baseline justify-between gap-x-3"
                      >
                        <span className="min-w-0 wrap-anywhere text-slate-900">{address.label}</span>
                        <span className="text-slate-700 tabular-nums">
                          {countOf(address.views, "Aufruf", "Aufrufe")} ·{" "}
                          {countOf(address.conversions, "Conversion", "Conversions")} ·{" "}
                          {percent(address.share)}
                        </span>
                      </li>
                    ))}
                  </ol>
                </details>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
