import { useState } from "react";
import { PasswordStrengthMeter } from "~/features/auth/password-strength-meter";
import { Field, Input } from "~/ui/field";

/**
 * A new password with its strength meter, then the same password again: the first set-up and
 * the password change in Profil.
 */
export function NewPasswordFields({
  idPrefix,
  label,
  confirmLabel,
  errors,
  userInputs,
  minLength,
}: {
  idPrefix: string;
  label: string;
  confirmLabel: string;
  errors: { password?: string; confirmPassword?: string };
  /** What the owner typed elsewhere (e-mail, name): the meter counts a password made of it as weak. */
  userInputs: string[];
  minLength?: number;
}) {
  const [password, setPassword] = useState("");
  const meterId = `${idPrefix}-password-strength`;
  return (
    <>
      <Field id={`${idPrefix}-password`} label={label} error={errors.password}>
        {(props) => (
          <Input
            {...props}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={minLength}
            maxLength={128}
            onChange={(event) => setPassword(event.currentTarget.value)}
            aria-describedby={[props["aria-describedby"], meterId].filter(Boolean).join(" ")}
          />
        )}
      </Field>
      <PasswordStrengthMeter id={meterId} password={password} userInputs={userInputs} />
      <Field id={`${idPrefix}-confirm`} label={confirmLabel} error={errors.confirmPassword}>
        {(props) => (
          <Input {...props} name="confirmPassword" type="password" autoComplete="new-password" required />
        )}
      </Field>
    </>
  );
}
