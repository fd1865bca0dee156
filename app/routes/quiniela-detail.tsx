import { data } from "react-router";
import { FORBIDDEN_MESSAGE, requireUser } from "#app/auth/guards.server";
import { findQuinielaForUser } from "#app/data/quinielas.server";
import { parseId } from "#app/http/params";
import { getRuntime } from "#app/runtime.server";
import { ComingSoon } from "#app/ui/ComingSoon";
import { Page } from "#app/ui/Page";
import type { Route } from "./+types/quiniela-detail";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.quiniela.name ?? "Quiniela"} · Quiniela` }];

/** Only the pool's participants and admins may open it; everyone else gets 403. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const id = parseId(args.params.id);
  const quiniela = id === undefined ? undefined : await findQuinielaForUser(getRuntime().db, id, user.id);
  if (!quiniela) throw data({ message: "Quiniela no encontrada" }, { status: 404 });
  if (!quiniela.isMember && user.role !== "admin") throw data({ message: FORBIDDEN_MESSAGE }, { status: 403 });
  return { quiniela: { id: quiniela.id, name: quiniela.name } };
}

export default function QuinielaDetail({ loaderData }: Route.ComponentProps) {
  return (
    <Page title={loaderData.quiniela.name}>
      <ComingSoon />
    </Page>
  );
}
