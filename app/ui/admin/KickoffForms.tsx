import { Group } from "@mantine/core";
import { useState } from "react";
import { useFetcher } from "react-router";

import { timeZoneLabel, utcToZonedLocal } from "#app/domain/dates";
import { matchLabel, type MatchView } from "#app/domain/game/match";
import { adminTable as t } from "#app/ui/admin/AdminCells";
import type { ActionAnswer } from "#app/ui/feedback/action-answer";
import { Dialog } from "#app/ui/feedback/Dialog";
import { useToast } from "#app/ui/feedback/Toasts";
import { Button } from "#app/ui/primitives/Button";
import { TextField } from "#app/ui/primitives/Field";

import classes from "./KickoffForms.module.css";

/**
 * The kickoffs of 'Gestionar Partidos' (routes/admin/matches.tsx): one match's in a dialog, and
 * a whole phase's for its matches without one. Times are the season's wall clock, and say so.
 */

/** What a saved form answers: closes the dialog, empties the phase's field. */
function useSaved(fetcher: { data?: ActionAnswer }, onSaved: () => void) {
  const [handled, setHandled] = useState(fetcher.data);
  if (fetcher.data !== handled) {
    setHandled(fetcher.data);
    if (fetcher.data?.ok) onSaved();
  }
}

/** 'Editar fecha': one match's 'Fecha y hora', or none ('Fecha por confirmar') when left empty. */
export function KickoffButton({
  match,
  timeZone,
}: {
  match: Pick<MatchView, "id" | "home" | "away" | "kickoffAt">;
  timeZone: string;
}) {
  const fetcher = useFetcher<ActionAnswer>();
  useToast(fetcher.data?.toast);
  const [open, setOpen] = useState(false);
  useSaved(fetcher, () => setOpen(false));
  return (
    <>
      <Button type="button" size="compact" variant="default" onClick={() => setOpen(true)} className={t.touch}>
        Editar fecha
      </Button>
      <Dialog opened={open} onClose={() => setOpen(false)} title={`Fecha y hora de ${matchLabel(match)}`} centered>
        <fetcher.Form method="post" noValidate>
          <input type="hidden" name="intent" value="set-kickoff" />
          <input type="hidden" name="matchId" value={match.id} />
          <TextField
            label="Fecha y hora"
            name="kickoff"
            type="datetime-local"
            defaultValue={match.kickoffAt ? (utcToZonedLocal(match.kickoffAt, timeZone) ?? "") : ""}
            description={`En ${timeZoneLabel(timeZone)}. Vacío: 'Fecha por confirmar'. Los pronósticos ya guardados se conservan.`}
            data-autofocus
          />
          <Group justify="flex-end" mt="md">
            <Button type="submit" busy={fetcher.state !== "idle"}>
              Guardar fecha
            </Button>
          </Group>
        </fetcher.Form>
      </Dialog>
    </>
  );
}

const phaseKickoffKey = (phaseId: number) => `fecha-de-la-jornada-${phaseId}`;

/**
 * The toast of a phase's 'Aplicar', shown by its card: a save that fills every match's kickoff
 * removes the form with the same render that brings its answer, so the form cannot show it.
 */
export function usePhaseKickoffToast(phaseId: number): void {
  useToast(useFetcher<ActionAnswer>({ key: phaseKickoffKey(phaseId) }).data?.toast);
}

/**
 * 'Fecha y hora de la jornada': one kickoff for the phase's matches that have none (a matchday's
 * usual start); each can then be moved with 'Editar fecha'.
 */
export function PhaseKickoffForm({
  phase,
  timeZone,
}: {
  phase: { id: number; name: string; withoutKickoff: number };
  timeZone: string;
}) {
  const fetcher = useFetcher<ActionAnswer>({ key: phaseKickoffKey(phase.id) });
  const [kickoff, setKickoff] = useState("");
  useSaved(fetcher, () => setKickoff(""));
  const count = phase.withoutKickoff === 1 ? "el partido sin fecha" : `los ${phase.withoutKickoff} partidos sin fecha`;
  return (
    <fetcher.Form method="post" noValidate className={classes.phaseKickoff}>
      <input type="hidden" name="intent" value="set-phase-kickoff" />
      <input type="hidden" name="phaseId" value={phase.id} />
      <TextField
        label="Fecha y hora de la jornada"
        name="kickoff"
        type="datetime-local"
        value={kickoff}
        onChange={(event) => setKickoff(event.currentTarget.value)}
        description={`Para ${count}, en ${timeZoneLabel(timeZone)}`}
        className={classes.phaseKickoffField}
      />
      <Button type="submit" variant="light" busy={fetcher.state !== "idle"} className={t.touch}>
        Aplicar
      </Button>
    </fetcher.Form>
  );
}
