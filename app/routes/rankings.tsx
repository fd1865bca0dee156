import { ComingSoon } from "#app/ui/ComingSoon";
import { Page } from "#app/ui/Page";
import type { Route } from "./+types/rankings";

export const meta: Route.MetaFunction = () => [{ title: "Tabla de Posiciones · Quiniela" }];

export default function Screen() {
  return (
    <Page title="Tabla de Posiciones">
      <ComingSoon />
    </Page>
  );
}
