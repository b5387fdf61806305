import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/ui/cn";

const control =
  "block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-600";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(control, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(control, className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(control, className)} {...props} />;
}

/**
 * The kit's form fields: a label, the control, a hint and the error beside it, wired together
 * for assistive technology. `Field` takes any control (a render prop hands it its id and ARIA
 * attributes); `InputField`, `TextareaField`, `SelectField` and `CheckboxField` are the common
 * ones, taking the control's own attributes. A feature binds them to its form's state (values,
 * errors, and the limits of the zod schema, see `~/platform/forms/field-limits`).
 */
type FieldFrame = {
  id: string;
  label: ReactNode;
  /** A short explanation under the control (format, what an empty field means). */
  hint?: ReactNode;
  error?: string;
  /** Of the field as a whole (a grid column), not of the control. */
  className?: string;
};

type ControlAria = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

/** The control's id and ARIA attributes: invalid with an error, described by its hint and error. */
function controlAria({ id, hint, error }: Pick<FieldFrame, "id" | "hint" | "error">): ControlAria {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return {
    id,
    ...(error ? { "aria-invalid": true } : {}),
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
  };
}

/** The hint and the error under a control, with the ids its `aria-describedby` names. */
function FieldNotes({ id, hint, error, className }: Pick<FieldFrame, "id" | "hint" | "error" | "className">) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={cn("text-sm text-slate-600", className)}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={cn("text-sm text-red-700", className)}>
          {error}
        </p>
      )}
    </>
  );
}

/** Label, control, hint and error message, wired together for assistive technology. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
  className,
}: FieldFrame & { children: (props: ControlAria) => ReactNode }) {
  return (
    <div className={cn("space-y-1.5", className)}>
      {/* Its id names a control that is no labelable element (the text editor's area). */}
      <label id={`${id}-label`} htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children(controlAria({ id, hint, error }))}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The control's own attributes; the field's id and class name are the frame's. */
type ControlProps<Tag extends "input" | "textarea" | "select"> = Omit<
  ComponentProps<Tag>,
  "id" | "className"
>;

/** A field's props, parted into the frame's and the control's. */
function splitFrame<Props extends FieldFrame>({ id, label, hint, error, className, ...control }: Props) {
  return [{ id, label, hint, error, className }, control] as const;
}

export function InputField(props: FieldFrame & ControlProps<"input">) {
  const [frame, input] = splitFrame(props);
  return <Field {...frame}>{(aria) => <Input {...aria} {...input} />}</Field>;
}

export function TextareaField(props: FieldFrame & ControlProps<"textarea">) {
  const [frame, textarea] = splitFrame(props);
  return <Field {...frame}>{(aria) => <Textarea {...aria} {...textarea} />}</Field>;
}

type SelectOption = string | { value: string; label: string };

export function SelectField({
  options,
  empty,
  ...props
}: FieldFrame &
  Omit<ControlProps<"select">, "children"> & {
    options: readonly SelectOption[];
    /** The label of a first, empty choice ("– bitte wählen –"); none without. */
    empty?: string;
  }) {
  const [frame, select] = splitFrame(props);
  return (
    <Field {...frame}>
      {(aria) => (
        <Select {...aria} {...select}>
          {empty !== undefined && <option value="">{empty}</option>}
          {options.map((option) => {
            const { value, label } = typeof option === "string" ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {label}
              </option>
            );
          })}
        </Select>
      )}
    </Field>
  );
}

/**
 * A yes/no field: the box beside its label, the hint and the error under the label. `touch`
 * makes the label at least 44 px high, a tap target of its own in a row of small controls.
 */
export function CheckboxField({
  touch = false,
  ...props
}: FieldFrame & Omit<ControlProps<"input">, "type"> & { touch?: boolean }) {
  const [{ id, label, hint, error, className }, input] = splitFrame(props);
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className={cn(
          "flex gap-3 text-sm font-medium text-slate-900",
          touch ? "min-h-11 items-center" : "items-start",
        )}
      >
        <input
          {...controlAria({ id, hint, error })}
          {...input}
          type="checkbox"
          className={cn("size-4 shrink-0 rounded border-slate-400 accent-brand-600", !touch && "mt-0.5")}
        />
        {label}
      </label>
      <FieldNotes id={id} hint={hint} error={error} className="mt-1 pl-7" />
    </div>
  );
}

/** Invisible to people, tempting for bots: a filled-in value marks the submission as spam. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Website (bitte leer lassen)
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** Success or failure text inside the page: what visitors without JavaScript see. */
export function FormStatus({ result }: { result?: { ok: boolean; title: string; description?: string } }) {
  if (!result) return null;
  return (
    <div
      role={result.ok ? "status" : "alert"}
      className={cn(
        "rounded-lg border px-4 py-3 text-sm",
        result.ok
          ? "border-emerald-300 bg-emerald-50 text-emerald-900"
          : "border-red-300 bg-red-50 text-red-900",
      )}
    >
      <p className="font-semibold">{result.title}</p>
      {result.description && <p className="mt-1">{result.description}</p>}
    </div>
  );
}
