import Pencil from "lucide-react/icons/pencil";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash-2";
import { Form, Link } from "react-router";
import { requireAdmin } from "~/features/auth/index.server";
import { BOOKING_LOCATION_KINDS } from "~/platform/db/schema";
import { limitsAt, type FormLimits } from "~/platform/forms/field-limits";
import type { FieldErrors } from "~/platform/forms/schemas";
import { databaseContext } from "~/platform/http/request-context";
import { buttonClass } from "~/ui/button";
import { CheckboxField, FormStatus, InputField, SelectField, TextareaField } from "~/ui/field";
import type { Route } from "./+types/admin-booking-types";
import { answer } from "./admin-form.server";
import { bookingTypesAction, loadBookingTypes } from "./admin-booking-types.server";
import { NEW_TYPE_VALUES } from "./admin-fields";
import { BookingAdminFrame, ConfirmAction, SubmitButton } from "./admin-booking-parts";
import { BOOKING_ADMIN_MESSAGES as M } from "./admin-messages";
import { BOOKING_LOCATION_LABELS } from "./messages";

/**
 * /admin/termine/arten: the Termin-Arten. `?neu` opens the form of a new one, `?bearbeiten=<id>`
 * the form of a stored one; saving goes back to the list with a toast.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const loaded = await loadBookingTypes(await context.get(databaseContext), params.get("bearbeiten"));
  return { ...loaded, creating: params.has("neu") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = await context.get(databaseContext);
  return answer("/admin/termine/arten", await bookingTypesAction(db, await request.formData()));
}

export default function AdminBookingTypes({ loaderData, actionData }: Route.ComponentProps) {
  const { types, editing, creating, limits } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const failedSave = failed?.intent === "save" ? failed : undefined;
  const formOpen = Boolean(editing || creating || failedSave);
  return (
    <BookingAdminFrame>
      {failed && <FormStatus result={failed} />}
      {formOpen ? (
        <TypeForm
          id={editing?.id ?? ""}
          values={failedSave?.values ?? editing?.values ?? NEW_TYPE_VALUES}
          errors={failedSave?.errors ?? {}}
          limits={limits}
        />
      ) : (
        <Link to="?neu" className={buttonClass()}>
          <Plus aria-hidden="true" className="size-4" />
          {M.newType}
        </Link>
      )}
      <section aria-labelledby="booking-types" className="space-y-4">
        <h3 id="booking-types" className="text-lg font-semibold text-slate-900">
          {M.typesHeading}
        </h3>
        {types.length === 0 ? (
          <p className="text-slate-600">{M.noTypes}</p>
        ) : (
          <ul className="space-y-3">
            {types.map((type) => (
              <li
                key={type.id}
                className="flex flex-col gap-3 rounded-2xl border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0 wrap-break-word">
                  <p className="font-semibold text-slate-900">
                    {type.name}
                    {!type.visible && (
                      <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-sm font-medium text-slate-700">
                        {M.hidden}
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-slate-600">
                    /termine/{type.slug} · {type.duration_minutes} Min. ·{" "}
                    {BOOKING_LOCATION_LABELS[type.location_kind]}
                    {type.requires_confirmation && ` · ${M.fields.requiresConfirmation}`}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={`?bearbeiten=${type.id}`}
                    className={buttonClass({ variant: "ghost", size: "sm" })}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    Bearbeiten<span className="sr-only">: {type.name}</span>
                  </Link>
                  <ConfirmAction
                    intent="delete"
                    id={type.id}
                    title={M.deleteTypeTitle}
                    description={M.deleteTypeConfirm}
                    label={M.deleteType}
                    icon={Trash2}
                    subject={type.name}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </BookingAdminFrame>
  );
}

function TypeForm({
  id,
  values,
  errors,
  limits,
}: {
  id: string;
  values: Record<string, string>;
  errors: FieldErrors;
  limits: FormLimits;
}) {
  const F = M.fields;
  const text = (name: string, label: string, extra: { hint?: string; inputMode?: "numeric" } = {}) => (
    <InputField
      id={`type-${name}`}
      name={name}
      label={label}
      error={errors[name]}
      defaultValue={values[name] ?? ""}
      {...(extra.inputMode && { inputMode: extra.inputMode, pattern: "[0-9]*" })}
      {...(extra.hint && { hint: extra.hint })}
      {...limitsAt(limits, name)}
    />
  );
  const number = (name: string, label: string, hint?: string) =>
    text(name, label, { inputMode: "numeric", ...(hint && { hint }) });
  const flag = (name: string, label: string, hint?: string) => (
    <CheckboxField
      id={`type-${name}`}
      name={name}
      label={label}
      defaultChecked={values[name] === "on"}
      error={errors[name]}
      touch
      {...(hint && { hint })}
    />
  );
  return (
    <Form
      method="post"
      className="max-w-3xl space-y-5 rounded-2xl border border-slate-200 p-4 sm:p-6"
      key={id || "new"}
    >
      <h3 className="text-lg font-semibold text-slate-900">{id ? M.editType : M.newType}</h3>
      <input type="hidden" name="id" value={id} />
      <div className="grid gap-4 sm:grid-cols-2">
        {text("name", F.name)}
        {text("slug", F.slug, { hint: F.slugHint })}
      </div>
      <TextareaField
        id="type-description"
        name="description"
        label={F.description}
        error={errors.description}
        defaultValue={values.description ?? ""}
        rows={3}
        {...limitsAt(limits, "description")}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        {number("duration_minutes", F.duration)}
        <SelectField
          id="type-location_kind"
          name="location_kind"
          label={F.locationKind}
          error={errors.location_kind}
          defaultValue={values.location_kind}
          options={BOOKING_LOCATION_KINDS.map((kind) => ({
            value: kind,
            label: BOOKING_LOCATION_LABELS[kind],
          }))}
        />
        {text("location_detail", F.locationDetail)}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {number("buffer_before_minutes", F.bufferBefore)}
        {number("buffer_after_minutes", F.bufferAfter)}
        {number("min_notice_minutes", F.minNotice)}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {number("horizon_days", F.horizon)}
        {number("max_per_day", F.maxPerDay, F.capHint)}
        {number("max_per_week", F.maxPerWeek, F.capHint)}
      </div>
      <div className="space-y-1">
        {flag("not_same_day", F.notSameDay)}
        {flag("requires_confirmation", F.requiresConfirmation, F.requiresConfirmationHint)}
        {flag("visible", F.visible)}
      </div>
      <div className="flex flex-wrap gap-2">
        <SubmitButton intent="save">{id ? M.saveType : M.createType}</SubmitButton>
        <Link to="/admin/termine/arten" className={buttonClass({ variant: "secondary" })}>
          {M.back}
        </Link>
      </div>
    </Form>
  );
}
