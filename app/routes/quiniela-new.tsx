import { ComingSoon } from "#app/ui/ComingSoon";
import { Page } from "#app/ui/Page";
import type { Route } from "./+types/quiniela-new";

export const meta: Route.MetaFunction = () => [{ title: "Crear Quiniela · Quiniela" }];

export default function Screen() {
  return (
    <Page title="Crear Quiniela">
      <ComingSoon />
    </Page>
  );
}
