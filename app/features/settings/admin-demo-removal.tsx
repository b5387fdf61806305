import Trash2 from "lucide-react/icons/trash";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { useSectionResult } from "~/features/settings/admin-settings-form";
import { DEMO_MESSAGES } from "~/features/settings/messages";
import { Button, buttonClass } from "~/ui/button";
import { ConfirmDialog } from "~/ui/dialog";
import { useHydrated } from "~/ui/use-hydrated";

const INTENT = "remove-demo";

/**
 * "Demo-Inhalte entfernen": what goes, line by line, and the button. With JavaScript a dialog
 * asks first; without, a disclosure does, and its button posts the form.
 */
export function DemoRemoval({ plan }: { plan: string[] }) {
  const hydrated = useHydrated();
  const busy = useNavigation().formData?.get("intent") === INTENT;
  const refusal = useSectionResult("demo");
  const confirmLabel = busy ? DEMO_MESSAGES.pending : DEMO_MESSAGES.confirm;
  const form = (submit: ReactNode) => (
    <Form method="post">
      <input type="hidden" name="intent" value={INTENT} />
      {submit}
    </Form>
  );
  return (
    <section
      id="demo-inhalte"
      aria-labelledby="demo-inhalte-title"
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h3 id="demo-inhalte-title" className="text-xl font-bold text-slate-900">
        {DEMO_MESSAGES.heading}
      </h3>
      {plan.length === 0 ? (
        <p className="mt-2 max-w-3xl text-sm text-slate-600">
          Von der Demo ist nichts mehr da, was sich in einem Schritt entfernen lässt. Was noch fehlt, zeigt
          die Checkliste oben.
        </p>
      ) : (
        <>
          <p className="mt-2 max-w-3xl text-sm text-slate-600">
            Eine neue Installation zeigt Beispielinhalte: Projekte, Leistungsseiten, Texte und Bilder eines
            Webentwicklers. In einem Schritt entfernst du, was davon noch unverändert ist:
          </p>
          <ul className="mt-3 max-w-3xl list-disc space-y-1 pl-5 text-sm break-words text-slate-700">
            {plan.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="mt-3 max-w-3xl text-sm text-slate-600">{DEMO_MESSAGES.keeps}</p>
          <div className="mt-4">
            {hydrated ? (
              <ConfirmDialog
                key={refusal?.message ?? ""}
                trigger={
                  <Button variant="dangerOutline">
                    <Trash2 aria-hidden="true" className="size-4" />
                    {DEMO_MESSAGES.remove}
                  </Button>
                }
                title={DEMO_MESSAGES.confirmTitle}
                description={`${plan.join(" ")} ${DEMO_MESSAGES.keeps}`}
                confirmLabel={confirmLabel}
                cancelLabel={DEMO_MESSAGES.cancel}
                form={form}
                confirmButton={{ disabled: busy }}
              />
            ) : (
              <details className="text-sm">
                <summary className={buttonClass({ variant: "dangerOutline", className: "cursor-pointer" })}>
                  {DEMO_MESSAGES.remove}
                </summary>
                <p className="mt-3 max-w-3xl text-slate-700">
                  {DEMO_MESSAGES.confirmTitle} Das lässt sich nicht rückgängig machen.
                </p>
                {form(
                  <Button type="submit" variant="destructive" className="mt-2">
                    {DEMO_MESSAGES.confirm}
                  </Button>,
                )}
              </details>
            )}
          </div>
        </>
      )}
      {refusal && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {refusal.message}
        </p>
      )}
    </section>
  );
}
