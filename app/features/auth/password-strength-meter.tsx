import { useEffect, useState } from "react";
import { PASSWORD_MESSAGES as M } from "~/features/auth/password-messages";
import type { Strength } from "~/features/auth/password-strength";
import { cn } from "~/ui/cn";

const BAR_COLOURS = ["bg-red-600", "bg-red-600", "bg-amber-500", "bg-emerald-600", "bg-emerald-700"];

/**
 * The strength of a new password while it is typed: four bars and, for everyone who
 * does not see colours, the same in words ("Passwortstärke: schwach"). The estimator and its
 * dictionaries come with import() on the first keystroke, so they stay out of every page's
 * bundle. The server decides (password-rules.server.ts); this only shows its rule early.
 */
export function PasswordStrengthMeter({
  id,
  password,
  userInputs = [],
}: {
  id: string;
  password: string;
  userInputs?: string[];
}) {
  const [strength, setStrength] = useState<Strength | null>(null);
  const inputs = userInputs.join("\n");

  useEffect(() => {
    let active = true;
    if (!password) {
      // Nothing typed (again): no verdict to show.
      setStrength(null); // eslint-disable-line react-hooks/set-state-in-effect -- reset for an emptied field
      return;
    }
    void import("~/features/auth/password-strength").then(({ passwordStrength }) => {
      if (active) setStrength(passwordStrength(password, inputs ? inputs.split("\n") : []));
    });
    return () => {
      active = false;
    };
  }, [password, inputs]);

  const tooShort = password.length < 10;
  const enough = strength !== null && strength.score >= 3 && !tooShort;
  return (
    <div id={id} role="status" className="space-y-1.5" data-testid="password-strength">
      {strength && (
        <>
          <div aria-hidden="true" className="grid grid-cols-4 gap-1">
            {[1, 2, 3, 4].map((bar) => (
              <span
                key={bar}
                className={cn(
                  "h-1.5 rounded-full",
                  strength.score >= bar || (bar === 1 && strength.score === 0)
                    ? BAR_COLOURS[strength.score]
                    : "bg-slate-200",
                )}
              />
            ))}
          </div>
          <p className="text-sm text-slate-700">
            <span className="font-medium text-slate-900">
              {M.meterLabel}: {strength.label}.
            </span>{" "}
            {tooShort ? M.tooShort : enough ? M.meterEnough : M.meterTooWeak}
          </p>
          {!enough && !tooShort && strength.feedback.length > 0 && (
            <p className="text-sm text-slate-600">{strength.feedback.join(" ")}</p>
          )}
        </>
      )}
    </div>
  );
}
