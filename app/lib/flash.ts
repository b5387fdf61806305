import { createContext } from "react-router";

/** Shared between the root middleware (server) and the root loader. */
export type FlashMessage = { type: "success" | "error" | "info"; title: string; description?: string };
export const flashContext = createContext<FlashMessage | null>(null);
