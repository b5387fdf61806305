import ArrowLeft from "lucide-react/icons/arrow-left";
import { data, Link } from "react-router";
import { NotFoundErrorBoundary, pageMeta } from "~/features/site";
import { findSentIssue } from "~/features/newsletter/issues.server";
import { longDate } from "~/platform/format";
import { renderMarkdownAsPage } from "~/platform/markdown.server";
import { ARCHIVE_HEADERS, archiveDb } from "~/features/newsletter/archive.server";
import type { Route } from "./+types/newsletter-archive-issue";

/** /newsletter/archiv/:id: one sent issue as a web page, without any subscriber's personal link. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const issue = await findSentIssue(await archiveDb(context), params.id);
  if (!issue) throw data(null, { status: 404 });
  const { body, ...rest } = issue;
  const sentOn = rest.sent_at ? longDate(rest.sent_at) : null;
  return data({ issue: { ...rest, sentOn, html: renderMarkdownAsPage(body) } }, { headers: ARCHIVE_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function NewsletterArchiveIssue({ loaderData }: Route.ComponentProps) {
  const { issue } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-6 py-16">
      <Link
        to="/newsletter/archiv"
        className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Zum Newsletter-Archiv
      </Link>
      <h1 className="mt-6 text-3xl font-bold text-slate-900 sm:text-4xl">{issue.subject}</h1>
      {issue.sentOn && (
        <p className="mt-2 text-sm text-slate-600">
          Versendet am <time dateTime={issue.sentOn.iso}>{issue.sentOn.text}</time>
        </p>
      )}
      <div
        className="markdown mt-8 leading-relaxed text-slate-700"
        dangerouslySetInnerHTML={{ __html: issue.html }}
      />
    </article>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { issue } = loaderData;
  return pageMeta(matches, issue.subject, issue.preheader || `Newsletter-Ausgabe: ${issue.subject}`);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <NotFoundErrorBoundary error={error} />;
}
