import { Alert, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useFetcher } from "react-router";
import { activateFormSchema, ADMIN_MESSAGES } from "#app/domain/forms/admin-forms";
import { parseForm } from "#app/domain/forms/form";
import { formatKickoff } from "#app/domain/dates";
import { activatePhase, captureCountsByPhase, listPhases } from "#app/data/seasons/phases.server";
import { answer, refusalMessage, runAction } from "#app/http/action-answer.server";
import { servicesOf } from "#app/http/context";
import { readForm } from "#app/http/form.server";
import { shownSeason } from "#app/http/season.server";
import { AdminSeasonSelect } from "#app/ui/admin/AdminSeasonSelect";
import { Page } from "#app/ui/layout/Page";
import { PhaseSelect } from "#app/ui/game/PhaseSelect";
import { Button } from "#app/ui/primitives/Button";
import { Panel } from "#app/ui/primitives/Panel";
import { Table } from "#app/ui/primitives/Table";
import { errorToast, successToast, type Toast } from "#app/ui/feedback/Toasts";
import { useToast } from "#app/ui/feedback/Toasts";
import { confirm } from "#app/ui/feedback/Confirm";
import type { Route } from "./+types/activar-quinielas";
import classes from "./activar-quinielas.module.css";

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
    const activated = await activatePhase(db, parsed.data.phaseId);
    if (!activated.ok) return answer(400, { toast: errorToast(`${FAILURE} ${refusalMessage(activated, "La jornada no existe")}.`) });
    await live.publish("resultados");
    const { activated: count, phaseName } = activated;
    const what = count === 1 ? "1 pronóstico activado" : `${count} pronósticos activados`;
    return answer(200, { toast: successToast(`${what} para ${phaseName}`, "Jornada activada") });
  });
}

/** '18 de 22 jugadores ya capturaron pronósticos.', or that nobody has yet. */
function capturedBy(players: number, people: number): string {
  if (players === 0) return "Nadie ha capturado pronósticos de esta jornada todavía.";
  return `${players} de ${people} ${people === 1 ? "jugador" : "jugadores"} ya ${players === 1 ? "capturó" : "capturaron"} pronósticos.`;
}

export default function ActivatePools({ loaderData }: Route.ComponentProps) {
  const { phases, people } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const [phaseId, setPhaseId] = useState<string | null>(null);
  useToast(fetcher.data?.toast);
  const chosen = phases.find((phase) => String(phase.id) === phaseId);
  const activated = phases.filter((phase) => phase.activatedAt);

  return (
    <Page
      title="Activar Quinielas por Jornada"
      description="Al activar una jornada se cierran sus pronósticos y se hacen visibles para todos."
      size="md"
    >
      <AdminSeasonSelect />
      <Panel padding="lg">
        <fetcher.Form
          method="post"
          onSubmit={(event) => {
            // Picks close for good: the admin sees who has not captured any first.
            event.preventDefault();
            const form = event.currentTarget;
            if (!chosen) return;
            confirm({
              title: "Activar Quinielas",
              children: (
                <Text size="sm">
                  {`Se cerrarán los pronósticos de ${chosen.name} y se harán visibles para todos. ${capturedBy(chosen.players, people)}`}
                </Text>
              ),
              onConfirm: () => void fetcher.submit(form),
            });
          }}
        >
          <input type="hidden" name="intent" value="activate" />
          <Stack gap="md">
            <PhaseSelect phases={phases} name="phaseId" value={phaseId} onChange={setPhaseId} />
            {chosen && (
              <Text size="sm" c="dimmed">
                {`${chosen.predictions === 1 ? "1 pronóstico capturado" : `${chosen.predictions} pronósticos capturados`} · ${chosen.activeMatches === 1 ? "1 partido activo" : `${chosen.activeMatches} partidos activos`}`}
              </Text>
            )}
            {chosen?.activatedAt && (
              <Alert color="green" variant="light" title="Jornada ya activada">
                {`${chosen.name} se activó el ${chosen.activatedLabel}. Sus pronósticos están cerrados y visibles para todos.`}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="success" type="submit" disabled={!phaseId} busy={fetcher.state !== "idle"}>
                Activar Quinielas
              </Button>
            </Group>
          </Stack>
        </fetcher.Form>
      </Panel>

      <Panel padding="sm" paddingFromSm="md">
        <Title order={2} fz="lg" mb="sm">
          Jornadas activadas
        </Title>
        {activated.length === 0 ? (
          <Text size="sm" c="dimmed">
            Aún no se ha activado ninguna jornada.
          </Text>
        ) : (
          <div className={classes.scroll}>
            <Table className={classes.table} spacingY="var(--mantine-spacing-xs)" spacingX="8px">
              <thead>
                <tr>
                  <th>Jornada</th>
                  <th>Activada</th>
                  <th className={classes.right}>Pronósticos</th>
                </tr>
              </thead>
              <tbody>
                {activated.map((phase) => (
                  <tr key={phase.id}>
                    <td className={classes.strong}>{phase.name}</td>
                    <td>{phase.activatedLabel}</td>
                    <td className={classes.right}>{phase.predictions}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </Panel>
    </Page>
  );
}
