import { data, Link } from "react-router";
import { NotFoundErrorBoundary, pageMeta } from "~/features/site";
import { listSentIssues } from "~/features/newsletter/issues.server";
import { longDate } from "~/platform/format";
import { ARCHIVE_HEADERS, archiveDb } from "~/features/newsletter/archive.server";
import type { Route } from "./+types/newsletter-archive";

/** /newsletter/archiv: the sent issues, when the owner publishes them. */
export async function loader({ context }: Route.LoaderArgs) {
  const sent = await listSentIssues(await archiveDb(context));
  const issues = sent.map((issue) => ({ ...issue, sentOn: issue.sent_at ? longDate(issue.sent_at) : null }));
  return data({ issues }, { headers: ARCHIVE_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function NewsletterArchive({ loaderData }: Route.ComponentProps) {
  const { issues } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Newsletter-Archiv</h1>
      <p className="mt-3 text-slate-600">
        Alle bisher versendeten Ausgaben zum Nachlesen.{" "}
        <Link to="/contact" className="font-semibold text-brand-700 underline underline-offset-2">
          Newsletter abonnieren
        </Link>
      </p>
      {issues.length === 0 ? (
        <p className="mt-10 text-slate-600">Noch keine Ausgabe versendet.</p>
      ) : (
        <ol className="mt-10 divide-y divide-slate-200 border-y border-slate-200">
          {issues.map((issue) => (
            <li key={issue.id} className="py-4">
              <Link
                to={`/newsletter/archiv/${issue.id}`}
                className="text-lg font-semibold text-slate-900 hover:text-brand-700 hover:underline"
              >
                {issue.subject}
              </Link>
              {issue.sentOn && (
                <p className="mt-1 text-sm text-slate-600">
                  <time dateTime={issue.sentOn.iso}>{issue.sentOn.text}</time>
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Newsletter-Archiv",
    "Alle bisher versendeten Ausgaben des Newsletters zum Nachlesen.",
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <NotFoundErrorBoundary error={error} />;
}
