import Loader2 from "lucide-react/icons/loader-circle";
import { useState, type ReactNode } from "react";
import { Form, NavLink, useNavigation } from "react-router";
import { Button, type ButtonProps } from "~/ui/button";
import { cn } from "~/ui/cn";
import { ConfirmDialog, Dialog, DialogContent, DialogTrigger } from "~/ui/dialog";
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

/** A destructive action behind a confirmation: the dialog's form sends `intent` and `id`. */
export function ConfirmAction({
  intent,
  id,
  trigger,
  title,
  description,
  confirmLabel,
}: {
  intent: string;
  id: string;
  trigger: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
}) {
  const pending = usePending(intent, id);
  return (
    <ConfirmDialog
      trigger={trigger}
      title={title}
      description={description}
      confirmLabel={pending ? M.saving : confirmLabel}
      cancelLabel={M.back}
      confirmButton={{ name: "intent", value: intent, disabled: pending }}
      form={(submit) => (
        <Form method="post">
          <input type="hidden" name="id" value={id} />
          {submit}
        </Form>
      )}
    />
  );
}

/**
 * Declining or cancelling a booking: a dialog with the message for the visitor above its
 * buttons; "Zurück" closes it and nothing is sent.
 */
export function MessageAction({
  intent,
  id,
  trigger,
  title,
  description,
  confirmLabel,
}: {
  intent: string;
  id: string;
  trigger: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
}) {
  const [open, setOpen] = useState(false);
  const pending = usePending(intent, id);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={title} description={description}>
        <Form method="post" className="space-y-4">
          <input type="hidden" name="id" value={id} />
          <TextareaField
            id={`${intent}-${id}-message`}
            name="message"
            label={M.ownerMessage}
            rows={4}
            maxLength={2000}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              {M.back}
            </Button>
            <Button type="submit" variant="destructive" name="intent" value={intent} disabled={pending}>
              {pending ? M.saving : confirmLabel}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
