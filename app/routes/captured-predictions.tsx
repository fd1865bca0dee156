import { ComingSoon } from "#app/ui/ComingSoon";
import { Page } from "#app/ui/Page";
import type { Route } from "./+types/captured-predictions";

export const meta: Route.MetaFunction = () => [{ title: "Quinielas Capturadas · Quiniela" }];

export default function Screen() {
  return (
    <Page title="Quinielas Capturadas">
      <ComingSoon />
    </Page>
  );
}
