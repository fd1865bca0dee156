import { createContext, useContext } from "react";

/** The CSP nonce of this response; only the server renders it (browsers hide it after load). */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
