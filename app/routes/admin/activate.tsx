import { ComingSoon } from "#app/ui/ComingSoon";
import { Page } from "#app/ui/Page";
import type { Route } from "./+types/activate";

export const meta: Route.MetaFunction = () => [{ title: "Activar Quinielas por Jornada · Quiniela" }];

export default function Screen() {
  return (
    <Page title="Activar Quinielas por Jornada">
      <ComingSoon />
    </Page>
  );
}
