import { ComingSoon } from "#app/ui/ComingSoon";
import { Page } from "#app/ui/Page";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: "Gestionar Usuarios · Quiniela" }];

export default function Screen() {
  return (
    <Page title="Gestionar Usuarios">
      <ComingSoon />
    </Page>
  );
}
