import { Outlet } from "react-router";
import { requireUser } from "#app/auth/guards.server";
import type { Route } from "./+types/signed-in";

/** Every page of the game needs an account: anonymous visitors go to /login and come back. */
export const middleware: Route.MiddlewareFunction[] = [
  (args) => {
    requireUser(args);
  },
];

export default function SignedIn() {
  return <Outlet />;
}
