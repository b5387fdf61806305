import { useSyncExternalStore } from "react";
import type * as Sonner from "sonner";

/**
 * Toasts through sonner, which is loaded with the first toast of the page rather than by every
 * page up front (it is most of what the frame would otherwise ship beyond React). The root
 * mounts sonner's <Toaster> from that moment; toasts created before it subscribes are shown
 * when it does.
 */
let sonner: Promise<typeof Sonner> | undefined;
export const loadSonner = () => (sonner ??= import("sonner"));

let requested = false;
const listeners = new Set<() => void>();

function show(kind: "success" | "error" | "info", message: string, options?: Sonner.ExternalToast) {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  // The message is the toast's id: the same message again (a second click, a flash shown twice)
  // replaces the toast on the screen instead of stacking a copy under it.
  void loadSonner().then((module) => module.toast[kind](message, { id: message, ...options }));
}

export const toast = {
  success: (message: string, options?: Sonner.ExternalToast) => show("success", message, options),
  error: (message: string, options?: Sonner.ExternalToast) => show("error", message, options),
  info: (message: string, options?: Sonner.ExternalToast) => show("info", message, options),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether this page has asked for a toast yet. */
export function useToastRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
}
