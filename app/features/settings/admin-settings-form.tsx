import { createContext, use, type ComponentProps, type ReactNode } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { Field, FormStatus, Input, Textarea } from "~/ui/field";
import { useHydrated } from "~/ui/use-hydrated";
import { cn } from "~/ui/cn";
import type { SettingsSection } from "~/features/settings/schemas.server";
import type { SettingsActionResult } from "~/features/settings/admin-settings.server";

/**
 * One section of the Einstellungen tab: a form of its own, saved on its own, with its field
 * errors beside the fields and the values sent shown again after a refusal.
 */
type SectionState = {
  prefix: string;
  values: Record<string, string>;
  errors: Partial<Record<string, string>>;
};

const SectionContext = createContext<SectionState | null>(null);

function useSection(): SectionState {
  const state = use(SectionContext);
  if (!state) throw new Error("settings fields belong inside a SettingsSectionForm");
  return state;
}

/** The answer of the last action, when it was about `section`. */
export function useSectionResult(section: SettingsActionResult["section"]): SettingsActionResult | undefined {
  const result = useActionData<SettingsActionResult>();
  return result?.section === section ? result : undefined;
}

export function SettingsSectionForm({
  id,
  section,
  title,
  description,
  stored,
  children,
  after,
}: {
  /** The anchor (the checklist links here), e.g. "inhaber". */
  id: string;
  section: SettingsSection;
  title: string;
  description: ReactNode;
  /** The stored values of the section's fields. */
  stored: Record<string, string>;
  children: ReactNode;
  /** Shown below the form (the E-Mail section's test mail). */
  after?: ReactNode;
}) {
  const result = useSectionResult(section);
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === section;
  const values = { ...stored, ...(result && !result.ok ? result.values : {}) };
  const titleId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h3 id={titleId} className="text-xl font-bold text-slate-900">
        {title}
      </h3>
      <div className="mt-2 max-w-3xl text-sm text-slate-600">{description}</div>
      <Form method="post" noValidate aria-labelledby={titleId} className="mt-6 space-y-8">
        <input type="hidden" name="intent" value={section} />
        <SectionContext value={{ prefix: id, values, errors: result?.errors ?? {} }}>
          {children}
        </SectionContext>
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" disabled={saving}>
            {saving ? "Wird gespeichert …" : "Speichern"}
          </Button>
          {/* With JavaScript the answer is a toast; without, it is part of the page. */}
          {result && !hydrated && <FormStatus result={{ ok: result.ok, title: result.message }} />}
        </div>
      </Form>
      {after}
    </section>
  );
}

/** A group of fields with a legend, two columns from `md` up. */
export function SettingsFieldset({
  legend,
  hint,
  children,
}: {
  legend: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="text-base font-semibold text-slate-900">{legend}</legend>
      {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
      <div className="mt-4 grid gap-5 md:grid-cols-2">{children}</div>
    </fieldset>
  );
}

type FieldOptions = {
  name: string;
  label: string;
  hint?: ReactNode;
  /** Spans both columns. */
  wide?: boolean;
};

export function SettingsInput({
  name,
  label,
  hint,
  wide,
  ...input
}: FieldOptions & Omit<ComponentProps<"input">, "name" | "defaultValue" | "id">) {
  const { prefix, values, errors } = useSection();
  return (
    <Field
      id={`${prefix}-${name}`}
      label={label}
      hint={hint}
      error={errors[name]}
      className={cn(wide && "md:col-span-2")}
    >
      {(props) => <Input {...props} {...input} name={name} defaultValue={values[name] ?? ""} />}
    </Field>
  );
}

export function SettingsTextarea({
  name,
  label,
  hint,
  ...textarea
}: FieldOptions & Omit<ComponentProps<"textarea">, "name" | "defaultValue" | "id">) {
  const { prefix, values, errors } = useSection();
  return (
    <Field id={`${prefix}-${name}`} label={label} hint={hint} error={errors[name]} className="md:col-span-2">
      {(props) => <Textarea {...props} {...textarea} name={name} defaultValue={values[name] ?? ""} />}
    </Field>
  );
}

export function SettingsSelect({
  name,
  label,
  hint,
  options,
  empty,
}: FieldOptions & { options: readonly { value: string; label: string }[]; empty: string }) {
  const { prefix, values, errors } = useSection();
  return (
    <Field id={`${prefix}-${name}`} label={label} hint={hint} error={errors[name]}>
      {(props) => (
        <select
          {...props}
          name={name}
          defaultValue={values[name] ?? ""}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-[invalid=true]:border-red-600"
        >
          <option value="">{empty}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A yes/no field: stored as "on" when ticked, "" when not. */
export function SettingsCheckbox({ name, label, hint }: FieldOptions) {
  const { prefix, values, errors } = useSection();
  const id = `${prefix}-${name}`;
  return (
    <div className="md:col-span-2">
      <label htmlFor={id} className="flex items-start gap-3 text-sm font-medium text-slate-900">
        <input
          id={id}
          type="checkbox"
          name={name}
          defaultChecked={values[name] === "on"}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-brand-600"
        />
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 pl-7 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {errors[name] && <p className="mt-1 pl-7 text-sm text-red-700">{errors[name]}</p>}
    </div>
  );
}
