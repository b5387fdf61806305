import { Form, useActionData, useLocation, useNavigation } from "react-router";
import { pageMeta } from "~/features/site";
import { databaseContext } from "~/platform/http/request-context";
import { Button } from "~/ui/button";
import { FormStatus } from "~/ui/field";
import type { Route } from "./+types/booking-move";
import { bookingOfRequest, bookingSummary } from "./booking-link-page.server";
import { LinkErrorBoundary, LinkPage, SummaryList } from "./booking-link-page";
import { moveAction } from "./booking-move.server";
import type { BookingResult } from "./booking-page.server";
import { DayChooser, DaySlots, hrefWith, NextSlotList } from "./booking-picker";
import { findBookingType } from "./booking-types.server";
import { BOOKING_PAGE as T } from "./messages";
import { COMMON_ZONES, slotView } from "./slot-view.server";

/** /termine/verschieben/<id>?s=… (signed): the times again, then the move. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const db = await context.get(databaseContext);
  const booking = await bookingOfRequest(db, request, params.id, "verschieben");
  const type = await findBookingType(db, booking.type_id);
  const query = new URL(request.url).searchParams;
  if (!query.has("tz")) query.set("tz", booking.time_zone);
  const view = await slotView(db, type!, query, { exceptId: booking.id });
  return { summary: await bookingSummary(db, booking, request), view, zones: COMMON_ZONES };
}

export const action = moveAction;

export default function BookingMove({ loaderData }: Route.ComponentProps) {
  const { summary, view, zones } = loaderData;
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const hrefFor = hrefWith(pathname, params);
  const result = useActionData<BookingResult>();
  const navigation = useNavigation();
  return (
    <LinkPage title={T.moveTitle}>
      <p className="mt-4 text-slate-600">{T.moveCurrent}</p>
      <SummaryList summary={summary} />
      <DayChooser
        view={view}
        zones={zones}
        hrefFor={hrefFor}
        hidden={Object.fromEntries(params)}
        className="mt-8"
      />
      <DaySlots view={view} hrefFor={hrefFor} />
      {result && (
        <div className="mt-6">
          <FormStatus result={result} />
          {result.nextSlots && result.nextSlots.length > 0 && (
            <NextSlotList slots={result.nextSlots} hrefFor={hrefFor} />
          )}
        </div>
      )}
      {view.slot && (
        <Form method="post" action={`${pathname}${search}`} className="mt-8 space-y-4">
          <input type="hidden" name="slot" value={view.slot.start} />
          <input type="hidden" name="timeZone" value={view.timeZone} />
          <p className="text-slate-700">
            {T.selected} <strong>{view.slot.label}</strong>
          </p>
          <Button type="submit" disabled={navigation.state === "submitting"}>
            {T.moveSubmit}
          </Button>
        </Form>
      )}
    </LinkPage>
  );
}

/** About one person's booking: kept by no cache. */
export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, T.moveTitle, T.intro), { name: "robots", content: "noindex, nofollow" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LinkErrorBoundary error={error} />;
}
