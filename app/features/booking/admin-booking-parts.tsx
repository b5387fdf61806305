import Loader2 from "lucide-react/icons/loader-circle";
import type { ComponentType, ReactNode } from "react";
import { Form, NavLink, useNavigation } from "react-router";
import { Button, type ButtonProps } from "~/ui/button";
import { cn } from "~/ui/cn";
import { ConfirmDialog } from "~/ui/dialog";
import { TextareaField } from "~/ui/field";
import { BOOKING_ADMIN_MESSAGES as M } from "./admin-messages";

/** The pieces the screens under /admin/termine share: their sub-navigation and their buttons. */

const SECTIONS = [
  { to: "/admin/termine", label: "Übersicht", end: true },
  { to: "/admin/termine/arten", label: "Termin-Arten" },
  { to: "/admin/termine/verfuegbarkeit", label: "Verfügbarkeit" },
  { to: "/admin/termine/kalender", label: "Kalender" },
];

export function BookingAdminFrame({ intro, children }: { intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <h2 className="text-2xl font-bold text-slate-900">{M.heading}</h2>
        {intro && <p className="max-w-3xl text-slate-600">{intro}</p>}
        <nav aria-label="Termine">
          <ul className="flex flex-wrap gap-2">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  end={section.end}
                  className={({ isActive }) =>
                    cn(
                      "inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium",
                      isActive
                        ? "border-brand-600 bg-brand-50 text-brand-800"
                        : "border-slate-300 text-slate-700 hover:bg-slate-50",
                    )
                  }
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {children}
    </div>
  );
}

/** Whether a form with this intent (and id) is being sent. */
export function usePending(intent: string, id?: string): boolean {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    (id === undefined || navigation.formData?.get("id") === id)
  );
}

/** A submit button that reads "Wird gespeichert …" and is disabled while its form is sent. */
export function SubmitButton({
  intent,
  id,
  children,
  pendingLabel = M.saving,
  ...props
}: ButtonProps & { intent: string; id?: string; pendingLabel?: string }) {
  const pending = usePending(intent, id);
  return (
    <Button type="submit" name="intent" value={intent} disabled={pending} aria-busy={pending} {...props}>
      {pending && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
      {pending ? pendingLabel : children}
    </Button>
  );
}

/**
 * A destructive action behind a confirmation: a button in the list opens the dialog, whose form
 * sends `intent` and `id`; with `message`, the owner may add a message for the visitor (declining
 * or cancelling a booking). "Zurück" closes it and nothing is sent.
 */
export function ConfirmAction({
  intent,
  id,
  title,
  description,
  label,
  icon: Icon,
  subject,
  message = false,
  variant = "danger",
  size = "sm",
  className,
}: {
  intent: string;
  id: string;
  title: string;
  description: string;
  /** The text of the button in the list and of the dialog's confirming one. */
  label: string;
  icon: ComponentType<{ "aria-hidden": "true"; className: string }>;
  /** What the row is (a name, a day), read after the label by screen readers. */
  subject?: string;
  message?: boolean;
} & Pick<ButtonProps, "variant" | "size" | "className">) {
  const pending = usePending(intent, id);
  const formId = `${intent}-${id}-form`;
  return (
    <ConfirmDialog
      trigger={
        <Button variant={variant} size={size} className={className}>
          <Icon aria-hidden="true" className="size-4" />
          {label}
          {subject && <span className="sr-only">: {subject}</span>}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={pending ? M.saving : label}
      cancelLabel={M.back}
      confirmButton={{ name: "intent", value: intent, disabled: pending }}
      form={(submit) => (
        <Form method="post" id={formId}>
          <input type="hidden" name="id" value={id} />
          {submit}
        </Form>
      )}
    >
      {message && (
        <TextareaField
          id={`${intent}-${id}-message`}
          form={formId}
          name="message"
          label={M.ownerMessage}
          rows={4}
          maxLength={2000}
        />
      )}
    </ConfirmDialog>
  );
}
