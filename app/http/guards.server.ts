import { data, redirect, type RouterContextProvider } from "react-router";

import type { SessionUser } from "#app/auth/session-user";
import { actorOf, type Actor } from "#app/data/changes/change-log.server";

import { userContext } from "./context";

export type { SessionUser } from "#app/auth/session-user";

export const FORBIDDEN_MESSAGE = "No tienes acceso a esta página";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export function optionalUser({ context }: Pick<Args, "context">): SessionUser | null {
  return context.get(userContext);
}

export function loginPath(request: Request): string {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return back === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo: back })}`;
}

/** Anonymous visitors go to /login and come back here after signing in. */
export function requireUser({ request, context }: Args): SessionUser {
  const user = context.get(userContext);
  if (!user) throw redirect(loginPath(request));
  return user;
}

/**
 * The 403 answer. It carries the visitor's own navbar data because a guard refuses before the
 * root loader runs, and the error page should still show who is signed in.
 */
export function forbidden(user: SessionUser) {
  // The navbar's shape (ui/layout/Navbar.tsx NavUser).
  const navUser = {
    displayName: user.displayName,
    image: user.image,
    avatarColor: user.avatarColor,
    isAdmin: user.role === "admin",
  };
  return data({ message: FORBIDDEN_MESSAGE, navUser }, { status: 403 });
}

/** Admin routes: anonymous → /login; signed-in non-admins → 403 'No tienes acceso a esta página'. */
export function requireAdmin(args: Args): SessionUser {
  const user = requireUser(args);
  if (user.role !== "admin") throw forbidden(user);
  return user;
}

/** The admin making a change, as 'Bitácora' names them (the branch's guard let only admins in). */
export function adminActor(args: Args): Actor {
  return actorOf(requireAdmin(args));
}

/** /login and /register: a signed-in user is sent home. */
export function requireAnonymous({ context }: Pick<Args, "context">): void {
  if (context.get(userContext)) throw redirect("/");
}
