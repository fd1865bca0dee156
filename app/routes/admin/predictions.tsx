import { useState } from "react";
import { useFetcher } from "react-router";

import {
  predictionsOfPhase,
  updatePrediction,
  type AdminPrediction,
} from "#app/data/predictions/admin-predictions.server";
import { listMatches } from "#app/data/seasons/matches.server";
import { listPhases } from "#app/data/seasons/phases.server";
import { formatKickoff } from "#app/domain/dates";
import { phaseParam, predictionFormSchema } from "#app/domain/forms/admin-forms";
import { parseForm } from "#app/domain/forms/form";
import { matchLabel, teamLabel, type TeamView } from "#app/domain/game/match";
import { defaultPhaseId } from "#app/domain/game/phase-status";
import { countOf } from "#app/domain/plural";
import { answer, refusalMessage, runAction } from "#app/http/action-answer.server";
import { servicesOf } from "#app/http/context";
import { readForm } from "#app/http/form.server";
import { adminActor } from "#app/http/guards.server";
import { shownSeason } from "#app/http/season.server";
import { PointsCell, ScoreBox, adminTable as t, UserCell } from "#app/ui/admin/AdminCells";
import { AdminSeasonSelect } from "#app/ui/admin/AdminSeasonSelect";
import { errorToast, successToast, useToast } from "#app/ui/feedback/Toasts";
import { PhaseFilter } from "#app/ui/game/PhaseSelect";
import { Page } from "#app/ui/layout/Page";
import { Button } from "#app/ui/primitives/Button";
import { TextField } from "#app/ui/primitives/Field";
import { Table, TableScroll } from "#app/ui/primitives/Table";

import type { Route } from "./+types/predictions";
import classes from "./predictions.module.css";

export const meta: Route.MetaFunction = () => [{ title: "Administración de Pronósticos · Quiniela" }];

interface PredictionRow extends AdminPrediction {
  homeTeam: TeamView | null;
  awayTeam: TeamView | null;
  result: { home: number; away: number } | null;
  /** The match's kickoff in the season's time zone, or null ('Fecha por confirmar'). */
  kickoffLabel: string | null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = servicesOf(context);
  const season = await shownSeason(db, request);
  const phases = await listPhases(db, season.id);
  const phaseId = defaultPhaseId(phases, phaseParam(request.url));
  if (phaseId === null) return { phases, phaseId, rows: [] };
  const [matches, predictions] = await Promise.all([
    listMatches(db, { phaseIds: [phaseId] }),
    predictionsOfPhase(db, phaseId),
  ]);
  const order = new Map(matches.map((match, index) => [match.id, { index, match }]));
  const rows: PredictionRow[] = predictions
    .filter((prediction) => order.has(prediction.matchId))
    .sort((a, b) => order.get(a.matchId)!.index - order.get(b.matchId)!.index)
    .map((prediction) => {
      const { match } = order.get(prediction.matchId)!;
      return {
        ...prediction,
        homeTeam: match.home,
        awayTeam: match.away,
        result: match.result,
        kickoffLabel: formatKickoff(match.kickoffAt, season.timeZone),
      };
    });
  return { phases, phaseId, rows };
}

const FAILURE = "No se pudo actualizar la predicción";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  return runAction(FAILURE, async () => {
    const parsed = parseForm(predictionFormSchema, form);
    if (!parsed.ok) return answer(400, { toast: errorToast(parsed.message) });
    const updated = await updatePrediction(
      servicesOf(context).db,
      parsed.data.predictionId,
      parsed.data,
      adminActor({ request, context }),
    );
    if (!updated.ok)
      // After the original's 'la predicción', no second word for it: "Ya no existe".
      return answer(400, { toast: errorToast(`${FAILURE}. ${refusalMessage(updated, "Ya no existe")}.`) });
    return answer(200, { toast: successToast("Predicción actualizada correctamente") });
  });
}

function PredictionRowView({ row }: { row: PredictionRow }) {
  const fetcher = useFetcher<typeof action>();
  useToast(fetcher.data?.toast);
  const label = matchLabel({ home: row.homeTeam, away: row.awayTeam });
  const result = `${row.kickoffLabel ?? "Fecha por confirmar"} · ${row.result ? `Resultado oficial: ${row.result.home} - ${row.result.away}` : "Sin resultado"}`;
  const busy = fetcher.state !== "idle";
  return (
    <tr aria-label={`${row.userName}: ${label}`}>
      <td>
        <UserCell name={row.userName} image={row.userImage} color={row.userColor} />
        <span className={t.mobile} style={{ marginTop: 4 }}>
          <span style={{ fontSize: "var(--mantine-font-size-xs)" }}>{label}</span>
          <span className={t.dimmed}>{result}</span>
        </span>
      </td>
      <td className={t.desktop}>
        {label}
        <span className={t.dimmed}>{result}</span>
      </td>
      <td>
        <fetcher.Form method="post" noValidate className={t.scoreForm} style={{ justifyContent: "flex-start" }}>
          <input type="hidden" name="intent" value="update-prediction" />
          <input type="hidden" name="predictionId" value={row.id} />
          <span className={t.scores}>
            <ScoreBox name="home" team={teamLabel(row.homeTeam)} defaultValue={row.home} />
            <span className={t.dash}>–</span>
            <ScoreBox name="away" team={teamLabel(row.awayTeam)} defaultValue={row.away} />
          </span>
          <Button type="submit" variant="light" busy={busy}>
            Actualizar
          </Button>
        </fetcher.Form>
      </td>
      <td className={t.right}>
        <PointsCell points={row.points} bonus={row.bonus} />
      </td>
    </tr>
  );
}

function fold(text: string) {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

export default function AdminPredictions({ loaderData }: Route.ComponentProps) {
  const { phases, phaseId, rows } = loaderData;
  const [search, setSearch] = useState("");
  const needle = fold(search.trim());
  const shown = needle
    ? rows.filter((row) =>
        fold(`${row.userName} ${matchLabel({ home: row.homeTeam, away: row.awayTeam })}`).includes(needle),
      )
    : rows;
  const phaseName = phases.find((phase) => phase.id === phaseId)?.name;

  return (
    <Page title="Administración de Pronósticos" description="Corrige el marcador de cualquier pronóstico capturado.">
      <AdminSeasonSelect />
      <div className={classes.filters}>
        <PhaseFilter phases={phases} phaseId={phaseId} />
        {rows.length > 0 && (
          <TextField
            label="Buscar"
            type="search"
            placeholder="Usuario o equipo"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            className={classes.search}
          />
        )}
      </div>
      <div className={classes.panel}>
        {rows.length === 0 ? (
          <p className={classes.empty}>{`No hay pronósticos capturados${phaseName ? ` para ${phaseName}` : ""}.`}</p>
        ) : (
          <>
            <p className={classes.count}>
              {shown.length === rows.length
                ? countOf(rows.length, "pronóstico", "pronósticos")
                : `${shown.length} de ${countOf(rows.length, "pronóstico", "pronósticos")}`}
            </p>
            <TableScroll>
              <Table hover className={t.table}>
                <thead>
                  <tr>
                    <th>Usuario</th>
                    <th className={t.desktop}>Partido</th>
                    <th>Pronóstico</th>
                    <th className={t.right}>Puntos</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((row) => (
                    <PredictionRowView key={row.id} row={row} />
                  ))}
                  {shown.length === 0 && (
                    <tr>
                      <td colSpan={4} className={classes.empty}>
                        {`Ningún pronóstico coincide con «${search.trim()}».`}
                      </td>
                    </tr>
                  )}
                </tbody>
              </Table>
            </TableScroll>
          </>
        )}
      </div>
    </Page>
  );
}
