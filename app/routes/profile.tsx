import { ComingSoon } from "#app/ui/ComingSoon";
import { Page } from "#app/ui/Page";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [{ title: "Mi Perfil · Quiniela" }];

export default function Screen() {
  return (
    <Page title="Mi Perfil">
      <ComingSoon />
    </Page>
  );
}
