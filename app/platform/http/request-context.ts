import { createContext, type RouterContextProvider } from "react-router";
import type { Db } from "~/platform/db/engines.server";

/** The client's address as the server determined it (socket, or the TRUST_PROXY header). */
export const clientAddressContext = createContext<string>("unknown");

/**
 * The application's database, opened at start (server/boot.ts) and handed to every request by
 * server/app.ts. A promise: while the database is down, a request that needs it waits for the
 * next attempt or fails, and public pages fall back to their built-in content.
 */
export const databaseContext = createContext<Promise<Db>>();

/** Wakes the mail worker after a mail was committed to the outbox (else it sends at its next poll). */
export const mailQueuedContext = createContext<() => void>(() => {});

/** What loaders, actions and middleware get as `context`. */
export type RequestContext = Readonly<RouterContextProvider>;
