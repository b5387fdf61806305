import { useEffect, useRef } from "react";
import { toast } from "~/ui/toast";

type Result = { ok: boolean; title: string; description?: string } | undefined;

/**
 * Announces a form's result as a toast (spec §4/§8) and clears the form after a success.
 * Returns the ref to put on the <form>.
 */
export function useFormResult(result: Result) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      toast.success(result.title, { description: result.description });
      formRef.current?.reset();
    } else {
      toast.error(result.title, { description: result.description });
    }
  }, [result]);
  return formRef;
}
