import { ComingSoon } from "#app/ui/ComingSoon";
import { Page } from "#app/ui/Page";
import type { Route } from "./+types/predictions";

export const meta: Route.MetaFunction = () => [{ title: "Administración de Pronósticos · Quiniela" }];

export default function Screen() {
  return (
    <Page title="Administración de Pronósticos">
      <ComingSoon />
    </Page>
  );
}
