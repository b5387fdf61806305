import Check from "lucide-react/icons/check";
import Mail from "lucide-react/icons/mail";
import X from "lucide-react/icons/x";
import { Form, Link } from "react-router";
import { PagedList, pageParams } from "~/features/admin";
import { requireAdmin } from "~/features/auth/index.server";
import { siteSettingsOf } from "~/features/settings/index.server";
import { databaseContext } from "~/platform/http/request-context";
import { buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { CheckboxField, FormStatus, InputField } from "~/ui/field";
import type { Route } from "./+types/admin-booking";
import { answer } from "./admin-form.server";
import { bookingOverviewAction, loadBookingOverview } from "./admin-booking.server";
import { BookingAdminFrame, ConfirmAction, SubmitButton } from "./admin-booking-parts";
import { BOOKING_ADMIN_MESSAGES as M } from "./admin-messages";
import type { BookingState } from "./booking-state";

/**
 * /admin/termine: booking on or off, reminder and retention, and the bookings with the owner's
 * answers. Plain forms: all of it works without JavaScript but the confirmation dialogs.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return loadBookingOverview(await context.get(databaseContext), pageParams(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = await context.get(databaseContext);
  const form = await request.formData();
  const { settings } = await siteSettingsOf(db);
  // Back to the list's page and search the answer was given on.
  const back = `/admin/termine${new URL(request.url).search}`;
  return answer(back, await bookingOverviewAction(db, form, settings));
}

export default function AdminBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, open, bookings, visibleTypeCount } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const settingsErrors = failed?.intent === "settings" ? failed.errors : {};
  const values = failed?.intent === "settings" ? failed.values : undefined;
  return (
    <BookingAdminFrame intro={M.intro}>
      {failed && failed.intent !== "settings" && <FormStatus result={failed} />}
      <section aria-labelledby="booking-settings" className="max-w-3xl space-y-4">
        <h3 id="booking-settings" className="text-lg font-semibold text-slate-900">
          {M.settingsHeading}
        </h3>
        <p
          role="status"
          className={cn(
            "rounded-2xl border p-4 text-sm",
            open
              ? "border-emerald-300 bg-emerald-50 text-emerald-900"
              : "border-amber-300 bg-amber-50 text-amber-950",
          )}
        >
          <strong>{open ? M.open : M.closed}</strong> {M.headerLinkHint}
          {visibleTypeCount === 0 && (
            <>
              {" "}
              <Link to="/admin/termine/arten?neu" className="font-semibold underline">
                {M.newType}
              </Link>
            </>
          )}
        </p>
        <Form method="post" className="space-y-4 rounded-2xl border border-slate-200 p-4 sm:p-6">
          {failed?.intent === "settings" && <FormStatus result={failed} />}
          <CheckboxField
            id="booking-enabled"
            name="enabled"
            label={M.enabledLabel}
            defaultChecked={values ? values.enabled === "on" : settings.enabled}
            touch
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              id="booking-reminder"
              name="reminder_hours"
              label={M.reminderLabel}
              hint={M.reminderHint}
              error={settingsErrors.reminder_hours}
              inputMode="numeric"
              pattern="[0-9]*"
              required
              defaultValue={values?.reminder_hours ?? String(settings.reminder_hours)}
            />
            <InputField
              id="booking-retention"
              name="retention_months"
              label={M.retentionLabel}
              hint={M.retentionHint(settings.retention_months)}
              error={settingsErrors.retention_months}
              inputMode="numeric"
              pattern="[0-9]*"
              required
              defaultValue={values?.retention_months ?? String(settings.retention_months)}
            />
          </div>
          <SubmitButton intent="settings">{M.saveSettings}</SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="booking-list" className="space-y-4">
        <h3 id="booking-list" className="text-lg font-semibold text-slate-900">
          {M.bookingsHeading}
        </h3>
        <PagedList list={bookings} label={M.bookingsHeading} empty={M.noBookings}>
          <ul className="space-y-3">
            {bookings.rows.map((booking) => (
              <li
                key={booking.id}
                className="flex flex-col gap-3 rounded-2xl border border-slate-200 p-4 lg:flex-row lg:items-start lg:justify-between"
              >
                <div className="min-w-0 space-y-1 wrap-break-word">
                  <p className="flex flex-wrap items-center gap-2">
                    <StateBadge state={booking.state} label={booking.stateLabel} />
                    <time dateTime={booking.startsAt} className="font-semibold text-slate-900">
                      {booking.when} Uhr
                    </time>
                  </p>
                  <p className="text-sm text-slate-700">
                    {booking.typeName} · {booking.name} · {booking.email}
                  </p>
                  {booking.message && (
                    <p className="text-sm whitespace-pre-line text-slate-600">{booking.message}</p>
                  )}
                  {booking.cancelMessage && (
                    <p className="text-sm whitespace-pre-line text-slate-500">„{booking.cancelMessage}“</p>
                  )}
                </div>
                <div className="flex flex-wrap gap-2">
                  <a
                    href={`mailto:${booking.email}?subject=${encodeURIComponent(`Dein Termin: ${booking.typeName}`)}`}
                    className={buttonClass({ variant: "ghost", size: "sm" })}
                  >
                    <Mail aria-hidden="true" className="size-4" />
                    {M.answerByMail}
                    <span className="sr-only">: {booking.name}</span>
                  </a>
                  {booking.state === "angefragt" && (
                    <Form method="post" className="contents">
                      <input type="hidden" name="id" value={booking.id} />
                      <SubmitButton intent="confirm" id={booking.id} variant="secondary" size="sm">
                        <Check aria-hidden="true" className="size-4" />
                        {M.confirm}
                        <span className="sr-only">: {booking.name}</span>
                      </SubmitButton>
                    </Form>
                  )}
                  <OwnerAnswer state={booking.state} id={booking.id} name={booking.name} />
                </div>
              </li>
            ))}
          </ul>
        </PagedList>
      </section>
    </BookingAdminFrame>
  );
}

/** The owner's answer to an open booking, by its state: a mail to the visitor with a message. */
const OWNER_ANSWERS: Partial<
  Record<BookingState, { intent: string; title: string; description: string; label: string }>
> = {
  angefragt: {
    intent: "decline",
    title: M.declineTitle,
    description: M.declineDescription,
    label: M.decline,
  },
  bestaetigt: { intent: "cancel", title: M.cancelTitle, description: M.cancelDescription, label: M.cancel },
};

/** Declining a request or cancelling a confirmed booking, with a message for the visitor. */
function OwnerAnswer({ state, id, name }: { state: BookingState; id: string; name: string }) {
  const answer = OWNER_ANSWERS[state];
  return answer ? <ConfirmAction {...answer} id={id} icon={X} subject={name} message /> : null;
}

const BADGE: Record<string, string> = {
  angefragt: "bg-amber-100 text-amber-900",
  bestaetigt: "bg-emerald-100 text-emerald-900",
  abgesagt: "bg-slate-200 text-slate-800",
  vergangen: "bg-slate-100 text-slate-700",
};

function StateBadge({ state, label }: { state: string; label: string }) {
  return <span className={cn("rounded-full px-2 py-0.5 text-sm font-medium", BADGE[state])}>{label}</span>;
}

export const meta = () => [
  { title: `${M.heading} – Admin` },
  { name: "robots", content: "noindex, nofollow" },
];
