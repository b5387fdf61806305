import ArrowRight from "lucide-react/icons/arrow-right";
import { data, Link } from "react-router";
import { NotFoundErrorBoundary, pageMeta } from "~/features/site";
import { databaseContext } from "~/platform/http/request-context";
import type { Route } from "./+types/booking-types-page";
import { bookingOpen } from "./booking-settings.server";
import { listVisibleBookingTypes } from "./booking-types.server";
import { BOOKING_LOCATION_LABELS, BOOKING_PAGE as T } from "./messages";

/** /termine: the visible Termin-Arten; not there (404) while booking is off. */
export async function loader({ context }: Route.LoaderArgs) {
  const db = await context.get(databaseContext);
  if (!(await bookingOpen(db))) throw data(null, { status: 404 });
  const types = await listVisibleBookingTypes(db);
  return {
    types: types.map((type) => ({
      slug: type.slug,
      name: type.name,
      description: type.description,
      durationMinutes: type.duration_minutes,
      location: BOOKING_LOCATION_LABELS[type.location_kind],
    })),
  };
}

export default function BookingTypesPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{T.title}</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">{T.intro}</p>
      <h2 className="sr-only">{T.chooseType}</h2>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2">
        {loaderData.types.map((type) => (
          <li key={type.slug} className="flex flex-col rounded-2xl border border-slate-200 p-6 shadow-sm">
            <h3 className="text-xl font-semibold text-slate-900">{type.name}</h3>
            <p className="mt-1 text-sm text-slate-600">
              {T.minutes(type.durationMinutes)} · {type.location}
            </p>
            {type.description && <p className="mt-3 text-slate-700">{type.description}</p>}
            <Link
              to={`/termine/${type.slug}`}
              className="mt-5 inline-flex items-center gap-2 self-start font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              {T.chooseType}
              <span className="sr-only">: {type.name}</span>
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta(matches, T.title, T.intro);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <NotFoundErrorBoundary error={error} />;
}
