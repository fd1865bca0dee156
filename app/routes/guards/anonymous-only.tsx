import { Outlet } from "react-router";

import { requireAnonymous } from "#app/http/guards.server";

import type { Route } from "./+types/anonymous-only";

/** /login, /register and /olvide-contrasena: a signed-in user has nothing to do here and goes home. */
export const middleware: Route.MiddlewareFunction[] = [(args) => requireAnonymous(args)];

export default function AnonymousOnly() {
  return <Outlet />;
}
