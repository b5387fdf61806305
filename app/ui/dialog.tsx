import X from "lucide-react/icons/x";
import { AlertDialog as AlertPrimitive, Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/ui/cn";
import { Button } from "./button";

/** shadcn-style dialogs on Radix: focus trap, Escape, focus return. */
const overlay = "fixed inset-0 z-[80] bg-slate-950/50";
const panel =
  "fixed top-1/2 left-1/2 z-[90] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;

export function DialogContent({
  title,
  description,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlay} />
      <DialogPrimitive.Content
        className={cn(panel, "max-h-[85vh] overflow-y-auto", className)}
        {...(description ? {} : { "aria-describedby": undefined })}
      >
        <DialogPrimitive.Title className="pr-8 text-lg font-semibold text-slate-900">
          {title}
        </DialogPrimitive.Title>
        {description && (
          <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
            {description}
          </DialogPrimitive.Description>
        )}
        <div className="mt-4">{children}</div>
        <DialogPrimitive.Close
          className="absolute top-4 right-4 rounded-md p-1.5 text-slate-500 hover:bg-slate-100"
          aria-label="Schließen"
        >
          <X aria-hidden="true" className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

type ConfirmDialogProps = {
  trigger: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** The form that performs the action when confirmed (rendered inside the dialog). */
  form: (submit: ReactNode) => ReactNode;
  /** Attributes of the confirm button, e.g. `form`, `name` and `value` to submit a form outside. */
  confirmButton?: Omit<ComponentProps<typeof Button>, "type" | "children">;
  /** Fields above the buttons, sent with the form through their `form` attribute. */
  children?: ReactNode;
};

/** A destructive action behind "are you sure": cancel closes, confirm submits the form. */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  form,
  confirmButton,
  children,
}: ConfirmDialogProps) {
  return (
    <AlertPrimitive.Root>
      <AlertPrimitive.Trigger asChild>{trigger}</AlertPrimitive.Trigger>
      <AlertPrimitive.Portal>
        <AlertPrimitive.Overlay className={overlay} />
        <AlertPrimitive.Content className={panel}>
          <AlertPrimitive.Title className="text-lg font-semibold text-slate-900">
            {title}
          </AlertPrimitive.Title>
          <AlertPrimitive.Description className="mt-2 text-sm text-slate-600">
            {description}
          </AlertPrimitive.Description>
          {children && <div className="mt-4">{children}</div>}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertPrimitive.Cancel asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </AlertPrimitive.Cancel>
            {form(
              <Button type="submit" variant="destructive" {...confirmButton}>
                {confirmLabel}
              </Button>,
            )}
          </div>
        </AlertPrimitive.Content>
      </AlertPrimitive.Portal>
    </AlertPrimitive.Root>
  );
}
