import CalendarPlus from "lucide-react/icons/calendar-plus";
import { Link } from "react-router";
import { pageMeta } from "~/features/site";
import { databaseContext } from "~/platform/http/request-context";
import { buttonClass } from "~/ui/button";
import type { Route } from "./+types/booking-confirmed";
import { bookingOfRequest, bookingSummary, linksOf } from "./booking-link-page.server";
import { LinkErrorBoundary, LinkPage, SummaryList } from "./booking-link-page";
import { BOOKING_MESSAGES, BOOKING_PAGE as T } from "./messages";

/** /termine/bestaetigt/<id>?s=… (signed): where a booking leads, with "Zum Kalender hinzufügen". */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const db = await context.get(databaseContext);
  const booking = await bookingOfRequest(db, request, params.id, "ansehen");
  return { summary: await bookingSummary(db, booking, request), links: await linksOf(db, booking) };
}

export default function BookingConfirmed({ loaderData }: Route.ComponentProps) {
  const { summary, links } = loaderData;
  const cancelled = summary.status === "abgesagt";
  const requested = summary.status === "angefragt";
  return (
    <LinkPage
      title={cancelled ? BOOKING_MESSAGES.cancelled : requested ? T.requestedTitle : T.confirmedTitle}
    >
      {!cancelled && (
        <p className="mt-3 text-lg text-slate-600">{requested ? T.requestedText : T.confirmedText}</p>
      )}
      <SummaryList summary={summary} />
      {cancelled && (
        <p className="mt-6">
          <Link to={summary.typeSlug ? `/termine/${summary.typeSlug}` : "/termine"} className={buttonClass()}>
            {T.bookAgain}
          </Link>
        </p>
      )}
      {!cancelled && (
        <div className="mt-8 flex flex-wrap gap-3">
          <a href={links.calendar} download="termin.ics" className={buttonClass()}>
            <CalendarPlus aria-hidden="true" className="size-4" />
            {T.addToCalendar}
          </a>
          <Link to={links.move} className={buttonClass({ variant: "secondary" })}>
            {T.moveLink}
          </Link>
          <Link to={links.cancel} className={buttonClass({ variant: "dangerOutline" })}>
            {T.cancelLink}
          </Link>
        </div>
      )}
    </LinkPage>
  );
}

/** About one person's booking: kept by no cache. */
export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, T.title, T.intro), { name: "robots", content: "noindex, nofollow" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LinkErrorBoundary error={error} />;
}
