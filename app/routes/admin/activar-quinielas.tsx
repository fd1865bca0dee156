import { activatePhase, captureCountsByPhase, listPhases } from "#app/data/seasons/phases.server";
import { formatKickoff } from "#app/domain/dates";
import { activateFormSchema, ADMIN_MESSAGES } from "#app/domain/forms/admin-forms";
import { parseForm } from "#app/domain/forms/form";
import { answer, refusalMessage, runAction } from "#app/http/action-answer.server";
import { servicesOf } from "#app/http/context";
import { readForm } from "#app/http/form.server";
import { adminActor } from "#app/http/guards.server";
import { shownSeason } from "#app/http/season.server";
import { AdminSeasonSelect } from "#app/ui/admin/AdminSeasonSelect";
import { ActivatedPhases, ActivateForm } from "#app/ui/admin/PhaseActivation";
import { errorToast, successToast, type Toast } from "#app/ui/feedback/Toasts";
import { Page } from "#app/ui/layout/Page";

import type { Route } from "./+types/activar-quinielas";

export const meta: Route.MetaFunction = () => [{ title: "Activar Quinielas por Jornada · Quiniela" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = servicesOf(context);
  const season = await shownSeason(db, request);
  const [phases, counts] = await Promise.all([listPhases(db, season.id), captureCountsByPhase(db, season.id)]);
  return {
    phases: phases.map((phase) => ({
      ...phase,
      predictions: counts.byPhase.get(phase.id)?.predictions ?? 0,
      players: counts.byPhase.get(phase.id)?.players ?? 0,
      activatedLabel: formatKickoff(phase.activatedAt, season.timeZone),
    })),
    people: counts.people,
  };
}

const FAILURE = "No se pudieron activar las quinielas.";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  return runAction(FAILURE, async () => {
    const parsed = parseForm(activateFormSchema, form);
    if (!parsed.ok) {
      const warning: Toast = { type: "warning", title: "Atención", message: parsed.message };
      return answer(400, { toast: parsed.message === ADMIN_MESSAGES.noPhase ? warning : errorToast(parsed.message) });
    }
    const { db, live } = servicesOf(context);
    const activated = await activatePhase(db, parsed.data.phaseId, adminActor({ request, context }));
    if (!activated.ok)
      return answer(400, { toast: errorToast(`${FAILURE} ${refusalMessage(activated, "La jornada no existe")}.`) });
    await live.publish("resultados");
    const { activated: count, phaseName } = activated;
    const what = count === 1 ? "1 pronóstico activado" : `${count} pronósticos activados`;
    return answer(200, { toast: successToast(`${what} para ${phaseName}`, "Jornada activada") });
  });
}

export default function ActivatePools({ loaderData }: Route.ComponentProps) {
  const { phases, people } = loaderData;
  return (
    <Page
      title="Activar Quinielas por Jornada"
      description="Al activar una jornada se cierran sus pronósticos y se hacen visibles para todos."
      size="md"
    >
      <AdminSeasonSelect />
      <ActivateForm phases={phases} people={people} />
      <ActivatedPhases phases={phases.filter((phase) => phase.activatedAt)} />
    </Page>
  );
}
