import { createContext } from "react-router";
import type { SessionUser } from "#app/auth/guards.server";

/** Facts about this request that the Express layer knows (see server/app.ts). */
export interface RequestInfo {
  clientIp: string;
  /** Nonce for this response's inline scripts (Content-Security-Policy); none in development. */
  cspNonce: string | undefined;
}

export const requestInfoContext = createContext<RequestInfo>({ clientIp: "unknown", cspNonce: undefined });

/** The signed-in user of this request, read once by the root middleware. */
export const userContext = createContext<SessionUser | null>(null);
