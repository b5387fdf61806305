import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import { NotFoundErrorBoundary, pageMeta } from "~/features/site";
import { newFormToken } from "~/platform/forms/guard.server";
import { EmailField, MessageField, NameField, PrivacyNote } from "~/platform/forms/public-fields";
import { useFormToken } from "~/platform/forms/use-form-token";
import { databaseContext } from "~/platform/http/request-context";
import { Button } from "~/ui/button";
import { FormStatus, Honeypot } from "~/ui/field";
import type { Route } from "./+types/booking-page";
import { bookingAction, openTypeOf, type BookingResult } from "./booking-page.server";
import { DayChooser, DaySlots, hrefWith, NextSlotList, type HrefFor } from "./booking-picker";
import { BOOKING_LOCATION_LABELS, BOOKING_PAGE as T } from "./messages";
import { COMMON_ZONES, slotView } from "./slot-view.server";

/** A Termin-Art's page: a day in the month view, a time, then the visitor's details. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const db = await context.get(databaseContext);
  const type = await openTypeOf(db, params.art);
  const query = new URL(request.url).searchParams;
  const [view, formToken] = await Promise.all([slotView(db, type, query), newFormToken(db).catch(() => "")]);
  return {
    type: {
      slug: type.slug,
      name: type.name,
      description: type.description,
      durationMinutes: type.duration_minutes,
      location: BOOKING_LOCATION_LABELS[type.location_kind],
      requiresConfirmation: type.requires_confirmation,
    },
    view,
    zones: COMMON_ZONES,
    formToken,
  };
}

export const action = bookingAction;

export default function BookingPage({ loaderData }: Route.ComponentProps) {
  const { type, view, zones } = loaderData;
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const hrefFor = hrefWith(pathname, params);
  const result = useActionData<BookingResult>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="text-sm font-medium text-brand-700">
        <Link to="/termine" className="underline-offset-4 hover:underline">
          {T.title}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{type.name}</h1>
      <p className="mt-2 text-slate-600">
        {T.minutes(type.durationMinutes)} · {type.location}
      </p>
      {type.description && <p className="mt-3 max-w-2xl text-lg text-slate-600">{type.description}</p>}
      {type.requiresConfirmation && <p className="mt-2 text-sm text-slate-600">{T.requiresConfirmation}</p>}

      <div className="mt-10 grid items-start gap-10 lg:grid-cols-2">
        <DayChooser view={view} zones={zones} hrefFor={hrefFor} hidden={Object.fromEntries(params)} />
        <div>
          <DaySlots view={view} hrefFor={hrefFor} />
          {result?.nextSlots !== undefined && <NextSlots result={result} hrefFor={hrefFor} />}
          {view.slot && (
            <BookingForm
              slot={view.slot}
              timeZone={view.timeZone}
              submitLabel={type.requiresConfirmation ? T.submitRequest : T.submit}
              formToken={loaderData.formToken}
            />
          )}
        </div>
      </div>
    </div>
  );
}

function NextSlots({ result, hrefFor }: { result: BookingResult; hrefFor: HrefFor }) {
  return (
    <div role="alert" className="mt-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">{result.title}</p>
      {result.description && <p className="mt-1 text-sm">{result.description}</p>}
      <NextSlotList slots={result.nextSlots ?? []} hrefFor={hrefFor} />
    </div>
  );
}

function BookingForm({
  slot,
  timeZone,
  submitLabel,
  formToken,
}: {
  slot: { start: string; label: string };
  timeZone: string;
  submitLabel: string;
  formToken: string;
}) {
  const result = useActionData<BookingResult>();
  const navigation = useNavigation();
  const token = useFormToken(formToken, result);
  const submitting = navigation.state === "submitting";
  const errors = result?.errors ?? {};
  const values = result && !result.ok ? result.values : undefined;
  const { pathname, search } = useLocation();
  return (
    <section
      aria-labelledby="booking-form-title"
      className="mt-8 rounded-2xl border border-slate-200 p-4 shadow-sm sm:p-6"
    >
      <h2 id="booking-form-title" className="text-xl font-bold text-slate-900">
        {T.formTitle}
      </h2>
      <p className="mt-2 text-slate-700">
        {T.selected} <strong>{slot.label}</strong>
        {timeZone !== "Europe/Berlin" && <span className="text-slate-500"> ({timeZone})</span>}
      </p>
      <Form method="post" action={`${pathname}${search}`} className="relative mt-5 space-y-5">
        <input type="hidden" name="formToken" value={token} />
        <input type="hidden" name="slot" value={slot.start} />
        <input type="hidden" name="timeZone" value={timeZone} />
        <Honeypot />
        {result && !result.nextSlots && <FormStatus result={result} />}
        <NameField id="booking-name" error={errors.name} defaultValue={values?.name} />
        <EmailField id="booking-email" error={errors.email} defaultValue={values?.email} />
        <MessageField
          id="booking-message"
          label="Nachricht (optional)"
          rows={4}
          error={errors.message}
          defaultValue={values?.message}
        />
        <PrivacyNote text={T.privacy} />
        <Button type="submit" disabled={submitting}>
          {submitting ? T.submitting : submitLabel}
        </Button>
      </Form>
    </section>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta(matches, `${loaderData.type.name} – ${T.title}`, loaderData.type.description || T.intro);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <NotFoundErrorBoundary error={error} />;
}
