import Trash2 from "lucide-react/icons/trash-2";
import { Form } from "react-router";
import { requireAdmin } from "~/features/auth/index.server";
import { BOOKING_OVERRIDE_KINDS } from "~/platform/db/schema";
import { databaseContext } from "~/platform/http/request-context";
import { FormStatus, Input, InputField, SelectField } from "~/ui/field";
import type { Route } from "./+types/admin-booking-hours";
import { answer } from "./admin-form.server";
import { hoursAction, loadHours } from "./admin-booking-hours.server";
import { RANGES_PER_DAY, rangeField, WEEKDAYS } from "./admin-fields";
import { BookingAdminFrame, ConfirmAction, SubmitButton } from "./admin-booking-parts";
import { BOOKING_ADMIN_MESSAGES as M, OVERRIDE_KIND_LABELS, WEEKDAY_NAMES } from "./admin-messages";
import { minuteLabel } from "./berlin-time";

/** /admin/termine/verfuegbarkeit: the weekly hours and the days that differ from them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return loadHours(await context.get(databaseContext));
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = await context.get(databaseContext);
  return answer("/admin/termine/verfuegbarkeit", await hoursAction(db, await request.formData()));
}

const germanDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("de-DE", {
    weekday: "short",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "UTC",
  });

export default function AdminBookingHours({ loaderData, actionData }: Route.ComponentProps) {
  const { overrides, today } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const hoursFailed = failed?.intent === "hours" ? failed : undefined;
  const overrideFailed = failed?.intent === "add-override" ? failed : undefined;
  const values = hoursFailed?.values ?? loaderData.values;
  const errors = hoursFailed?.errors ?? {};
  const overrideValues = overrideFailed?.values ?? {};
  const overrideErrors = overrideFailed?.errors ?? {};
  return (
    <BookingAdminFrame>
      {failed && failed.intent === "delete-override" && <FormStatus result={failed} />}
      <section aria-labelledby="booking-hours" className="max-w-3xl space-y-4">
        <h3 id="booking-hours" className="text-lg font-semibold text-slate-900">
          {M.hoursHeading}
        </h3>
        <p className="text-slate-600">{M.hoursIntro}</p>
        <Form method="post" className="space-y-4 rounded-2xl border border-slate-200 p-4 sm:p-6">
          {hoursFailed && <FormStatus result={hoursFailed} />}
          {WEEKDAYS.map((weekday) => (
            <fieldset key={weekday} className="space-y-2 border-b border-slate-100 pb-4 last:border-0">
              <legend className="font-semibold text-slate-900">{WEEKDAY_NAMES[weekday - 1]}</legend>
              {Array.from({ length: RANGES_PER_DAY }, (_, row) => {
                const start = rangeField("start", weekday, row);
                const end = rangeField("end", weekday, row);
                const error = errors[start] ?? errors[end];
                const label = `${WEEKDAY_NAMES[weekday - 1]}, Zeitraum ${row + 1}`;
                return (
                  <div key={row} className="space-y-1">
                    <div className="flex items-center gap-2">
                      <TimeEdge
                        name={start}
                        label={`${label}: ${M.from}`}
                        value={values[start]}
                        invalid={Boolean(errors[start])}
                      />
                      <span aria-hidden="true" className="text-slate-600">
                        –
                      </span>
                      <TimeEdge
                        name={end}
                        label={`${label}: ${M.to}`}
                        value={values[end]}
                        invalid={Boolean(errors[end])}
                      />
                    </div>
                    {error && (
                      <p id={`${errors[start] ? start : end}-error`} className="text-sm text-red-700">
                        {error}
                      </p>
                    )}
                  </div>
                );
              })}
            </fieldset>
          ))}
          <SubmitButton intent="hours">{M.saveHours}</SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="booking-overrides" className="max-w-3xl space-y-4">
        <h3 id="booking-overrides" className="text-lg font-semibold text-slate-900">
          {M.overridesHeading}
        </h3>
        {overrides.length === 0 ? (
          <p className="text-slate-600">{M.noOverrides}</p>
        ) : (
          <ul className="space-y-2">
            {overrides.map((override) => (
              <li
                key={override.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 p-3"
              >
                <p className="min-w-0 wrap-break-word">
                  <span className="font-semibold text-slate-900">{germanDay(override.day)}</span> ·{" "}
                  {OVERRIDE_KIND_LABELS[override.kind]}
                  {override.start_minute !== null &&
                    override.end_minute !== null &&
                    ` · ${minuteLabel(override.start_minute)}–${minuteLabel(override.end_minute)} Uhr`}
                  {override.note && <span className="text-slate-600"> · {override.note}</span>}
                </p>
                <ConfirmAction
                  intent="delete-override"
                  id={override.id}
                  title={M.deleteOverrideTitle}
                  description={M.deleteOverrideConfirm}
                  label="Löschen"
                  icon={Trash2}
                  subject={germanDay(override.day)}
                />
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="space-y-4 rounded-2xl border border-slate-200 p-4 sm:p-6">
          {overrideFailed && <FormStatus result={overrideFailed} />}
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              id="override-day"
              name="day"
              type="date"
              label={M.overrideDay}
              min={today}
              required
              error={overrideErrors.day}
              defaultValue={overrideValues.day ?? ""}
            />
            <SelectField
              id="override-kind"
              name="kind"
              label={M.overrideKind}
              error={overrideErrors.kind}
              defaultValue={overrideValues.kind ?? "geschlossen"}
              options={BOOKING_OVERRIDE_KINDS.map((kind) => ({
                value: kind,
                label: OVERRIDE_KIND_LABELS[kind],
              }))}
            />
            <InputField
              id="override-start"
              name="start"
              type="time"
              label={M.overrideStart}
              hint={M.overrideTimesHint}
              error={overrideErrors.start}
              defaultValue={overrideValues.start ?? ""}
            />
            <InputField
              id="override-end"
              name="end"
              type="time"
              label={M.overrideEnd}
              error={overrideErrors.end}
              defaultValue={overrideValues.end ?? ""}
            />
          </div>
          <InputField
            id="override-note"
            name="note"
            label={M.overrideNote}
            maxLength={200}
            error={overrideErrors.note}
            defaultValue={overrideValues.note ?? ""}
          />
          <SubmitButton intent="add-override">{M.addOverride}</SubmitButton>
        </Form>
      </section>
    </BookingAdminFrame>
  );
}

/** One end of a weekly range: a time field named by a label only screen readers read. */
function TimeEdge({
  name,
  label,
  value,
  invalid,
}: {
  name: string;
  label: string;
  value: string | undefined;
  invalid: boolean;
}) {
  return (
    <>
      <label htmlFor={name} className="sr-only">
        {label}
      </label>
      <Input
        id={name}
        name={name}
        type="time"
        defaultValue={value ?? ""}
        className="w-32"
        {...(invalid && { "aria-invalid": true, "aria-describedby": `${name}-error` })}
      />
    </>
  );
}
