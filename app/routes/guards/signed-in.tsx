import { Outlet } from "react-router";
import { redirectToLogin, requireUser } from "#app/auth/guards.server";
import { userContext } from "#app/http/context";
import type { Route } from "./+types/signed-in";

/** Pages whose form saves predictions (home and pool pages). */
const PREDICTION_PAGE = /^\/(quiniela\/\d+)?$/;

/**
 * Every page of the game needs an account: anonymous visitors go to /login and come back.
 * A session that ended under an open page gets the original's messages as a toast.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (args) => {
    if (args.context.get(userContext)) return;
    const { pathname } = new URL(args.request.url);
    if (args.request.method === "POST" && PREDICTION_PAGE.test(pathname)) {
      throw await redirectToLogin(args.request, "Debes iniciar sesión para guardar tus predicciones");
    }
    if (pathname === "/profile") throw await redirectToLogin(args.request, "Debes iniciar sesión para ver tu perfil");
    requireUser(args);
  },
];

export default function SignedIn() {
  return <Outlet />;
}
