import { ComingSoon } from "#app/ui/ComingSoon";
import { Page } from "#app/ui/Page";
import type { Route } from "./+types/results";

export const meta: Route.MetaFunction = () => [{ title: "Resultados · Quiniela" }];

export default function Screen() {
  return (
    <Page title="Resultados">
      <ComingSoon />
    </Page>
  );
}
