import { redirect } from "react-router";

import { forwardCookies } from "#app/auth/cookies";
import { servicesOf } from "#app/http/context";

import type { Route } from "./+types/logout";

/** 'Cerrar Sesión': revokes the session row, clears the cookie and goes to /login. */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = new Headers();
  try {
    const result = await servicesOf(context).auth.api.signOut({ headers: request.headers, returnHeaders: true });
    forwardCookies(result.headers, headers);
  } catch (error) {
    // The original only logs a failed sign-out; the user still lands on /login.
    console.error("Error al cerrar sesión", error);
  }
  return redirect("/login", { headers });
}

export function loader() {
  return redirect("/");
}
