import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/** False during server rendering and hydration, true once the page runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
