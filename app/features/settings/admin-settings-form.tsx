import { createContext, use, type ComponentProps, type ReactNode } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { CheckboxField, FormStatus, InputField, SelectField, TextareaField } from "~/ui/field";
import { useHydrated } from "~/ui/use-hydrated";
import { cn } from "~/ui/cn";
import { limitsAt, type FieldLimits, type FormLimits } from "~/platform/forms/field-limits";
import type { SettingsSection } from "~/features/settings/schemas.server";
import type { SettingsActionResult } from "~/features/settings/admin-settings.server";

/**
 * One section of the Einstellungen tab: a form of its own, saved on its own, with its field
 * errors beside the fields and the values sent shown again after a refusal.
 */
type SectionState = {
  prefix: string;
  section: SettingsSection;
  values: Record<string, string>;
  errors: Partial<Record<string, string>>;
  limits: FormLimits;
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
  limits,
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
  /** The limits of the section's fields, from the schema the action checks them with. */
  limits: FormLimits;
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
        <SectionContext value={{ prefix: id, section, values, errors: result?.errors ?? {}, limits }}>
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

/**
 * What the section binds to its field `name`: the id, the value sent or stored, the error, and
 * the length limit and `required` of the field's schema (the form is `noValidate`: `required`
 * tells assistive technology, the server's messages do the rest).
 */
function useSectionField(
  name: string,
): { id: string; name: string; error?: string; value: string } & FieldLimits {
  const { prefix, section, values, errors, limits } = useSection();
  const fieldLimits = limitsAt(limits, name);
  if (!fieldLimits) throw new Error(`The ${section} settings have no field ${name}`);
  return { id: `${prefix}-${name}`, name, error: errors[name], value: values[name] ?? "", ...fieldLimits };
}

type FieldOptions = { name: string; label: string; hint?: ReactNode };

export function SettingsInput({
  name,
  wide,
  ...input
}: FieldOptions & {
  /** Spans both columns. */
  wide?: boolean;
} & Omit<ComponentProps<"input">, "name" | "defaultValue" | "id">) {
  const { value, ...field } = useSectionField(name);
  return <InputField {...field} {...input} defaultValue={value} className={cn(wide && "md:col-span-2")} />;
}

export function SettingsTextarea({
  name,
  ...textarea
}: FieldOptions & Omit<ComponentProps<"textarea">, "name" | "defaultValue" | "id">) {
  const { value, ...field } = useSectionField(name);
  return <TextareaField {...field} {...textarea} defaultValue={value} className="md:col-span-2" />;
}

export function SettingsSelect({
  name,
  ...select
}: FieldOptions & { options: readonly { value: string; label: string }[]; empty: string }) {
  const { value, ...field } = useSectionField(name);
  return <SelectField {...field} {...select} defaultValue={value} />;
}

/** A yes/no field: stored as "on" when ticked, "" when not. */
export function SettingsCheckbox({ name, label, hint }: FieldOptions) {
  const { value, ...field } = useSectionField(name);
  return (
    <CheckboxField
      {...field}
      label={label}
      hint={hint}
      defaultChecked={value === "on"}
      className="md:col-span-2"
    />
  );
}
