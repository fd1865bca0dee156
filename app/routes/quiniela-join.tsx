import { data } from "react-router";
import { requireUser } from "#app/auth/guards.server";
import { ComingSoon } from "#app/ui/ComingSoon";
import { Page } from "#app/ui/Page";
import type { Route } from "./+types/quiniela-join";

export const meta: Route.MetaFunction = () => [{ title: "Unirse a una quiniela · Quiniela" }];

export function loader(args: Route.LoaderArgs) {
  requireUser(args);
  if (!new URL(args.request.url).searchParams.get("codigo")) {
    throw data({ message: "Falta el código de invitación" }, { status: 404 });
  }
  return null;
}

export default function JoinQuiniela() {
  return (
    <Page title="Unirse a una quiniela">
      <ComingSoon />
    </Page>
  );
}
