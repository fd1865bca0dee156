import { ComingSoon } from "#app/ui/ComingSoon";
import { Page } from "#app/ui/Page";
import type { Route } from "./+types/matches";

export const meta: Route.MetaFunction = () => [{ title: "Administración de Partidos · Quiniela" }];

export default function Screen() {
  return (
    <Page title="Administración de Partidos">
      <ComingSoon />
    </Page>
  );
}
