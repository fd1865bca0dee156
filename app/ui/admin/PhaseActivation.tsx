import { Alert, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useFetcher } from "react-router";

import type { ActionAnswer } from "#app/ui/feedback/action-answer";
import { confirm } from "#app/ui/feedback/Confirm";
import { useToast } from "#app/ui/feedback/Toasts";
import { PhaseSelect, type PhaseChoice } from "#app/ui/game/PhaseSelect";
import { Button } from "#app/ui/primitives/Button";
import { Panel } from "#app/ui/primitives/Panel";
import { Table } from "#app/ui/primitives/Table";

import classes from "./PhaseActivation.module.css";

/** The pieces of 'Activar Quinielas por Jornada' (routes/admin/activar-quinielas.tsx): the form and the phases done. */

/** A phase as the screen's loader gives it: its state, what was captured, and when it was activated, in words. */
export interface ActivationPhase extends PhaseChoice {
  /** Its predictions, and how many players made them. */
  predictions: number;
  players: number;
  /** `activatedAt` in the season's time zone. */
  activatedLabel: string | null;
}

/** '18 de 22 jugadores ya capturaron pronósticos.', or that nobody has yet. */
function capturedBy(players: number, people: number): string {
  if (players === 0) return "Nadie ha capturado pronósticos de esta jornada todavía.";
  return `${players} de ${people} ${people === 1 ? "jugador" : "jugadores"} ya ${players === 1 ? "capturó" : "capturaron"} pronósticos.`;
}

/** What the chosen phase holds, and whether its pools are activated already. */
function ChosenPhase({ chosen }: { chosen: ActivationPhase }) {
  return (
    <>
      <Text size="sm" c="dimmed">
        {`${chosen.predictions === 1 ? "1 pronóstico capturado" : `${chosen.predictions} pronósticos capturados`} · ${chosen.activeMatches === 1 ? "1 partido activo" : `${chosen.activeMatches} partidos activos`}`}
      </Text>
      {chosen.activatedAt && (
        <Alert color="green" variant="light" title="Jornada ya activada">
          {`${chosen.name} se activó el ${chosen.activatedLabel}. Sus pronósticos están cerrados y visibles para todos.`}
        </Alert>
      )}
    </>
  );
}

/** The phase to activate and 'Activar Quinielas', confirmed first. */
export function ActivateForm({ phases, people }: { phases: ActivationPhase[]; people: number }) {
  const fetcher = useFetcher<ActionAnswer>();
  const [phaseId, setPhaseId] = useState<string | null>(null);
  useToast(fetcher.data?.toast);
  const chosen = phases.find((phase) => String(phase.id) === phaseId);
  return (
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
          {chosen && <ChosenPhase chosen={chosen} />}
          <Group justify="flex-end">
            <Button variant="success" type="submit" disabled={!phaseId} busy={fetcher.state !== "idle"}>
              Activar Quinielas
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
    </Panel>
  );
}

/** 'Jornadas activadas': when each was activated and how many predictions it closed. */
export function ActivatedPhases({ phases }: { phases: ActivationPhase[] }) {
  return (
    <Panel padding="sm" paddingFromSm="md">
      <Title order={2} fz="lg" mb="sm">
        Jornadas activadas
      </Title>
      {phases.length === 0 ? (
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
              {phases.map((phase) => (
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
  );
}
