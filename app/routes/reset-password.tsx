import { ComingSoon } from "#app/ui/ComingSoon";
import { Page } from "#app/ui/Page";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [{ title: "Restablecer contraseña · Quiniela" }];

export default function Screen() {
  return (
    <Page title="Restablecer contraseña">
      <ComingSoon />
    </Page>
  );
}
