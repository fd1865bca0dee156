import { redirect } from "react-router";
import { requireUser } from "#app/auth/guards.server";
import { joinQuiniela } from "#app/data/quinielas.server";
import { QUINIELA_MESSAGES } from "#app/domain/quiniela-forms";
import { parseId } from "#app/http/params";
import { flashToast } from "#app/http/toast.server";
import { getRuntime } from "#app/runtime.server";
import { errorToast, successToast, type Toast } from "#app/ui/toast";
import type { Route } from "./+types/quiniela-join";

export const meta: Route.MetaFunction = () => [{ title: "Unirse a una quiniela · Quiniela" }];

async function redirectWithToast(to: string, toast: Toast) {
  return redirect(to, { headers: { "Set-Cookie": await flashToast(toast) } });
}

/**
 * /quiniela/:id/unirse?codigo=…: a signed-in user with the pool's current code joins it (once;
 * opening the link again changes nothing) and lands on the pool. Anonymous visitors sign in first
 * and come back here (the guard keeps the link). A wrong, old or missing code says so on
 * 'Mis Quinielas', without telling whether the pool exists.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const id = parseId(args.params.id);
  const code = new URL(args.request.url).searchParams.get("codigo")?.trim() ?? "";
  if (id === undefined || !/^[A-Za-z0-9_-]{1,64}$/.test(code)) {
    return redirectWithToast("/quinielas", errorToast(QUINIELA_MESSAGES.invalidInvite));
  }
  const result = await joinQuiniela(getRuntime().db, id, code, user.id);
  switch (result) {
    case "invalid":
      return redirectWithToast("/quinielas", errorToast(QUINIELA_MESSAGES.invalidInvite));
    case "already":
      return redirectWithToast(`/quiniela/${id}`, successToast("Ya participas en esta quiniela", "Quiniela"));
    case "joined":
      return redirectWithToast(`/quiniela/${id}`, successToast("Te uniste a la quiniela"));
  }
}

/** Never shown: the loader always redirects. */
export default function JoinQuiniela() {
  return null;
}
