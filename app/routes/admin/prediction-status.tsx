import { ComingSoon } from "#app/ui/ComingSoon";
import { Page } from "#app/ui/Page";
import type { Route } from "./+types/prediction-status";

export const meta: Route.MetaFunction = () => [{ title: "Estado de Pronósticos por Jornada · Quiniela" }];

export default function Screen() {
  return (
    <Page title="Estado de Pronósticos por Jornada">
      <ComingSoon />
    </Page>
  );
}
