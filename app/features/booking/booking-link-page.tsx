import { isRouteErrorResponse } from "react-router";
import { NotFoundErrorBoundary } from "~/features/site";
import { BOOKING_PAGE as T } from "./messages";
import type { BookingSummary } from "./booking-link-page.server";

/** The frame and parts of the pages behind the mails' links. */
export function LinkPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {children}
    </div>
  );
}

export function SummaryList({ summary }: { summary: BookingSummary }) {
  return (
    <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-2xl bg-slate-50 p-6 text-slate-800">
      <dt className="font-medium text-slate-600">{T.type}</dt>
      <dd>{summary.typeName}</dd>
      <dt className="font-medium text-slate-600">{T.when}</dt>
      <dd>
        {summary.when}
        {summary.timeZone !== "Europe/Berlin" && (
          <span className="text-slate-500"> ({summary.timeZone})</span>
        )}
      </dd>
      <dt className="font-medium text-slate-600">{T.duration}</dt>
      <dd>{T.minutes(summary.durationMinutes)}</dd>
      <dt className="font-medium text-slate-600">{T.where}</dt>
      <dd>{summary.location}</dd>
    </dl>
  );
}

/** A forged or expired link: its German message, with the status the loader gave (403). */
export function LinkErrorBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <LinkPage title={T.title}>
        <p role="alert" className="mt-6 text-lg text-slate-700">
          {String(error.data)}
        </p>
      </LinkPage>
    );
  }
  return <NotFoundErrorBoundary error={error} />;
}
