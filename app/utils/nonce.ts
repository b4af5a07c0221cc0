import { createContext, useContext } from "react";

/**
 * The nonce of this page's inline scripts (Content-Security-Policy). Set by the
 * server while rendering; in the browser it is empty, as browsers hide it.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
