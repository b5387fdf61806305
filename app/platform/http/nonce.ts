import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";

/** The CSP nonce of this response, set by the server for every request. */
export const nonceContext = createContext<string>("");

const NonceReactContext = createReactContext<string | undefined>(undefined);
export const NonceProvider = NonceReactContext.Provider;

/** The nonce for inline scripts during server rendering; undefined in the browser. */
export function useNonce(): string | undefined {
  return useContext(NonceReactContext);
}
