import { Outlet, redirect } from "react-router";

import { servicesOf, userContext } from "#app/http/context";
import { loginPath, requireUser } from "#app/http/guards.server";
import { errorToast } from "#app/ui/feedback/Toasts";

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
    // To /login (and back afterwards), with a toast saying why.
    const toLogin = async (message: string) =>
      redirect(loginPath(args.request), {
        headers: { "Set-Cookie": await servicesOf(args.context).toasts.flash(errorToast(message)) },
      });
    const { pathname } = new URL(args.request.url);
    if (args.request.method === "POST" && PREDICTION_PAGE.test(pathname)) {
      throw await toLogin("Debes iniciar sesión para guardar tus predicciones");
    }
    if (pathname === "/profile") throw await toLogin("Debes iniciar sesión para ver tu perfil");
    requireUser(args);
  },
];

export default function SignedIn() {
  return <Outlet />;
}
