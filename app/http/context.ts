import { createContext, type RouterContextProvider } from "react-router";

import type { Auth } from "#app/auth/auth.server";
import type { SessionUser } from "#app/auth/session-user";
import type { Config } from "#app/config.server";
import type { DatabaseHandle } from "#app/data/engine/db.server";
import { requestDatabase } from "#app/data/engine/kept-reads.server";
import type { LiveUpdates } from "#app/live/updates.server";
import type { PushSender } from "#app/notify/push.server";
import type { Reminders } from "#app/reminders/reminders.server";

import type { ToastCookie } from "./toast-cookie.server";

/** Facts about this request that the HTTP layer knows (see server/app.ts). */
export interface RequestInfo {
  clientIp: string;
  /** Nonce for this response's inline scripts (Content-Security-Policy); none in development. */
  cspNonce: string | undefined;
  /**
   * Aborts when the client's connection closes before the answer is whole. Unlike the signal of
   * the request a loader gets (React Router may wrap the request in one that follows the client's
   * signal only through a weak reference, lost at the next garbage collection), the server holds
   * this one for as long as the connection lives: an answer that never ends by itself (an event
   * stream) listens here.
   */
  connectionClosed: AbortSignal;
  /**
   * A React Router data request (`/path.data`: a page's loader data for a client-side
   * navigation), not the URL itself.
   */
  dataRequest: boolean;
}

export const requestInfoContext = createContext<RequestInfo>({
  clientIp: "unknown",
  cspNonce: undefined,
  connectionClosed: new AbortController().signal,
  dataRequest: false,
});

/** The signed-in user of this request, read once by the root middleware. */
export const userContext = createContext<SessionUser | null>(null);

/**
 * What the app runs on, built once at start (runtime.server.ts) and handed to every loader,
 * action and middleware by server/app.ts: the database, settings, Better Auth, live updates, Web
 * Push, the toast cookie and the reminders' channels. Modules below the routes get what they need
 * as arguments.
 */
export interface Services extends DatabaseHandle {
  config: Config;
  auth: Auth;
  secret: string;
  live: LiveUpdates;
  push: PushSender;
  toasts: ToastCookie;
  reminders: Reminders;
}

export const servicesContext = createContext<Services>();

/**
 * The services as one request sees them (server/app.ts puts them in its context): the database
 * through a handle of the request's own, whose kept reads share one reading of the season's mark
 * (data/engine/kept-reads.server.ts).
 */
export function servicesForRequest(services: Services): Services {
  return { ...services, db: requestDatabase(services.db) };
}

/** This request's services (routes, guards and http helpers). */
export function servicesOf(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}
