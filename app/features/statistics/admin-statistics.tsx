import { Link } from "react-router";
import { cn } from "~/ui/cn";
import type { Route } from "./+types/admin-statistics";
import { loadStatistics } from "./admin-statistics.server";
import {
  countOf,
  LIST_DIMENSIONS,
  PERIODS,
  STATISTICS_MESSAGES as M,
  type ListDimension,
  type ListEntry,
} from "./messages";

/**
 * /admin/statistik: the visit statistics of a period (heute, 7 Tage, 30 Tage, 12 Monate), rendered
 * on the server: the headline figures and the top lists with share bars. Links, no script.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadStatistics(request, context);
}

/** Lists whose entries show their conversions (the visit's attribution). */
const ATTRIBUTED: ListDimension[] = [
  "entry",
  "referrer",
  "referrer_url",
  "utm_source",
  "utm_medium",
  "utm_campaign",
];

export default function AdminStatistics({ loaderData }: Route.ComponentProps) {
  const { period, enabled, headline, lists } = loaderData;
  const percent = (share: number) =>
    `${(share * 100).toLocaleString("de-DE", { maximumFractionDigits: 1 })} %`;
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

      <nav aria-label={M.periodLabel}>
        <ul className="flex flex-wrap gap-2">
          {PERIODS.map((p) => (
            <li key={p.key}>
              <Link
                to={`?zeitraum=${p.key}`}
                aria-current={p.key === period ? "page" : undefined}
                className={cn(
                  "inline-block rounded-full border px-3 py-1.5 text-sm font-medium",
                  p.key === period
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

      <section aria-labelledby="statistics-figures" className="space-y-3">
        <h3 id="statistics-figures" className="sr-only">
          {PERIODS.find((p) => p.key === period)!.label}
        </h3>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {(
            [
              [M.visitors, headline.visitors.toLocaleString("de-DE")],
              [M.views, headline.views.toLocaleString("de-DE")],
              [M.conversions, headline.conversions.toLocaleString("de-DE")],
              [M.conversionRate, percent(headline.rate)],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-2xl border border-slate-200 p-4">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="max-w-3xl text-sm text-slate-600">{M.conversionsHint}</p>
        <p className="max-w-3xl text-sm text-slate-600">{M.visitorsHint}</p>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        {LIST_DIMENSIONS.map((dimension) => (
          <TopList
            key={dimension}
            id={`liste-${dimension}`}
            title={M.lists[dimension]}
            entries={lists[dimension]}
            attributed={ATTRIBUTED.includes(dimension)}
            percent={percent}
          />
        ))}
      </div>
      <p className="max-w-3xl text-sm text-slate-600">{M.countriesNote}</p>
    </div>
  );
}

function TopList({
  id,
  title,
  entries,
  attributed,
  percent,
}: {
  id: string;
  title: string;
  entries: ListEntry[];
  attributed: boolean;
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
            <li key={entry.label} className="relative overflow-hidden rounded-lg border border-slate-200">
              <span
                aria-hidden="true"
                className="absolute inset-y-0 left-0 bg-brand-50"
                style={{ width: `${Math.round(entry.share * 100)}%` }}
              />
              <span className="relative flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-2 text-sm">
                <span className="min-w-0 font-medium wrap-anywhere text-slate-900">{entry.label}</span>
                <span className="text-slate-700 tabular-nums">
                  {countOf(entry.views, "Aufruf", "Aufrufe")} ·{" "}
                  {countOf(entry.visitors, "Besucher", "Besucher")}
                  {attributed && ` · ${countOf(entry.conversions, "Conversion", "Conversions")}`} ·{" "}
                  {percent(entry.share)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
