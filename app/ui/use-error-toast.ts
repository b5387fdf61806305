import { useEffect } from "react";
import { toast } from "~/ui/toast";

/** Shows an error toast once `show` becomes true (e.g. when a page fell back to built-in data). */
export function useErrorToast(show: boolean, message: string) {
  useEffect(() => {
    if (show) toast.error(message);
  }, [show, message]);
}
