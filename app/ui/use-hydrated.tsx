import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from "react";

const HydratedContext = createContext(false);

/**
 * Tells the tree once that the page runs in the browser. The switch is a transition, so React
 * renders it in slices between which the browser can answer the visitor. (Before, each
 * user read it through useSyncExternalStore, whose differing server and client values make
 * React re-render synchronously right after hydration: one task of 15–35 ms walking the whole
 * page, the longest of its load.)
 */
export function HydrationProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/** False during server rendering and hydration, true once the page runs in the browser. */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
