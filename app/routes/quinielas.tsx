import { ComingSoon } from "#app/ui/ComingSoon";
import { Page } from "#app/ui/Page";
import type { Route } from "./+types/quinielas";

export const meta: Route.MetaFunction = () => [{ title: "Mis Quinielas · Quiniela" }];

export default function Screen() {
  return (
    <Page title="Mis Quinielas">
      <ComingSoon />
    </Page>
  );
}
