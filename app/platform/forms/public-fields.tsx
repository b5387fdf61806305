import { InputField, TextareaField } from "~/ui/field";
import { LIMITS } from "./limits";

/**
 * The fields the visitor's forms share (contact, booking, newsletter): the same label, limit
 * and autocomplete wherever a visitor types a name, an address or a message. Each form gives
 * its own ids and binds them to its result (the error and what was typed before).
 */
type PublicFieldProps = { id: string; error?: string; defaultValue?: string };

export function NameField({ id, error, defaultValue }: PublicFieldProps) {
  return (
    <InputField
      id={id}
      label="Name"
      error={error}
      name="name"
      autoComplete="name"
      required
      maxLength={LIMITS.name}
      defaultValue={defaultValue}
    />
  );
}

export function EmailField({ id, error, defaultValue }: PublicFieldProps) {
  return (
    <InputField
      id={id}
      label="E-Mail"
      error={error}
      name="email"
      type="email"
      autoComplete="email"
      required
      maxLength={LIMITS.email}
      defaultValue={defaultValue}
    />
  );
}

/** A message: required on the contact form, optional (and said so in its label) elsewhere. */
export function MessageField({
  id,
  error,
  defaultValue,
  label,
  rows,
  required,
}: PublicFieldProps & { label: string; rows: number; required?: boolean }) {
  return (
    <TextareaField
      id={id}
      label={label}
      error={error}
      name="message"
      rows={rows}
      required={required}
      maxLength={LIMITS.message}
      defaultValue={defaultValue}
    />
  );
}

/** What the form's data is used for, the sentence ending in a link to the privacy policy. */
export function PrivacyNote({ text }: { text: string }) {
  return (
    <p className="text-xs text-slate-500">
      {text}{" "}
      <a href="/datenschutz" className="underline underline-offset-2">
        Datenschutzerklärung
      </a>
      .
    </p>
  );
}
