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

type FieldProps = {
  id: string;
  label: ReactNode;
  /** A short explanation under the label (format, what an empty field means). */
  hint?: ReactNode;
  error?: string;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
  className?: string;
};

/** Label, control, hint and error message, wired together for assistive technology. */
export function Field({ id, label, hint, error, children, className }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ");
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({
        id,
        ...(error ? { "aria-invalid": true } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
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
