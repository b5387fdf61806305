import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { pageMeta } from "~/features/site";
import { databaseContext, mailQueuedContext } from "~/platform/http/request-context";
import { logger } from "~/platform/logger.server";
import { Button } from "~/ui/button";
import { FormStatus } from "~/ui/field";
import type { Route } from "./+types/booking-cancel";
import { cancelByVisitor } from "./booking-flow.server";
import { bookingOfRequest, bookingSummary } from "./booking-link-page.server";
import { LinkErrorBoundary, LinkPage, SummaryList } from "./booking-link-page";
import { bookingLinkPath } from "./booking-links.server";
import { BOOKING_MESSAGES, BOOKING_PAGE as T } from "./messages";

/** /termine/absagen/<id>?s=… (signed): asks, and cancels on the form's POST. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const db = await context.get(databaseContext);
  const booking = await bookingOfRequest(db, request, params.id, "absagen");
  return { summary: await bookingSummary(db, booking, request) };
}

/** Cancelled: on to the booking's page (a fresh signature: the cancellation ended the old links). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const db = await context.get(databaseContext);
  const booking = await bookingOfRequest(db, request, params.id, "absagen");
  try {
    const cancelled = await cancelByVisitor(db, booking);
    if (!cancelled) return data({ ok: false, title: BOOKING_MESSAGES.linkInvalid }, { status: 403 });
    context.get(mailQueuedContext)();
    return redirect(await bookingLinkPath(db, cancelled, "ansehen"));
  } catch (error) {
    logger.error({ err: error }, "booking could not be cancelled");
    return data({ ok: false, title: BOOKING_MESSAGES.cancelFailure }, { status: 503 });
  }
}

export default function BookingCancel({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <LinkPage title={T.cancelTitle}>
      <p className="mt-4 text-lg text-slate-700">{T.cancelQuestion}</p>
      <SummaryList summary={loaderData.summary} />
      <Form method="post" className="mt-8 space-y-4">
        {result && <FormStatus result={result} />}
        <Button type="submit" variant="destructive" disabled={navigation.state === "submitting"}>
          {T.cancelSubmit}
        </Button>
      </Form>
    </LinkPage>
  );
}

/** About one person's booking: kept by no cache. */
export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, T.cancelTitle, T.intro), { name: "robots", content: "noindex, nofollow" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LinkErrorBoundary error={error} />;
}
