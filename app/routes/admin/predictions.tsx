import { Form, useFetcher } from "react-router";

import { predictionsPage, updatePrediction } from "#app/data/predictions/admin-predictions.server";
import type { ListedPick } from "#app/data/predictions/match-picks.server";
import { listPhases } from "#app/data/seasons/phases.server";
import { formatKickoff } from "#app/domain/dates";
import {
  phaseParam,
  predictionFormSchema,
  PREDICTIONS_SEARCH_MAX,
  predictionsQuery,
} from "#app/domain/forms/admin-forms";
import { parseForm } from "#app/domain/forms/form";
import { matchLabel, teamLabel, type TeamView } from "#app/domain/game/match";
import { defaultPhaseId } from "#app/domain/game/phase-status";
import { countText } from "#app/domain/plural";
import { answer, refusalMessage, runAction } from "#app/http/action-answer.server";
import { servicesOf } from "#app/http/context";
import { readForm } from "#app/http/form.server";
import { adminActor } from "#app/http/guards.server";
import { shownSeason } from "#app/http/season.server";
import { PointsCell, ScoreBox, adminTable as t, UserCell } from "#app/ui/admin/AdminCells";
import { AdminSeasonSelect, useAdminSeason } from "#app/ui/admin/AdminSeasonSelect";
import { errorToast, successToast, useToast } from "#app/ui/feedback/Toasts";
import { PhaseFilter } from "#app/ui/game/PhaseSelect";
import { PicksPages } from "#app/ui/game/PicksPager";
import { Page } from "#app/ui/layout/Page";
import { Button } from "#app/ui/primitives/Button";
import { TextField } from "#app/ui/primitives/Field";
import { Table, TableScroll } from "#app/ui/primitives/Table";

import type { Route } from "./+types/predictions";
import classes from "./predictions.module.css";

export const meta: Route.MetaFunction = () => [{ title: "Administración de Pronósticos · Quiniela" }];

const PATH = "/admin/predictions";

interface PredictionRow extends ListedPick {
  homeTeam: TeamView | null;
  awayTeam: TeamView | null;
  result: { home: number; away: number } | null;
  /** The match's kickoff in the season's time zone, or null ('Fecha por confirmar'). */
  kickoffLabel: string | null;
}

/**
 * Every pick of the phase (?jornada=), revealed or not, a page of them at a time (?pagina=), the
 * search (?q=) done by the database: at 10,000 players a phase of nine matches holds 90,000 picks,
 * each row with a form of its own.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = servicesOf(context);
  const season = await shownSeason(db, request);
  const phases = await listPhases(db, season.id);
  const phaseId = defaultPhaseId(phases, phaseParam(request.url));
  const { search, page } = predictionsQuery(request.url);
  if (phaseId === null) return { phases, phaseId, search, rows: [], total: 0, matched: 0, page: 1, pages: 1 };
  const found = await predictionsPage(db, { phaseId, search, page });
  const matches = new Map(found.matches.map((match) => [match.id, match]));
  const rows: PredictionRow[] = found.picks.map((pick) => {
    const match = matches.get(pick.matchId)!;
    return {
      ...pick,
      homeTeam: match.home,
      awayTeam: match.away,
      result: match.result,
      kickoffLabel: formatKickoff(match.kickoffAt, season.timeZone),
    };
  });
  const { total, matched, page: shown, pages } = found;
  return { phases, phaseId, search, rows, total, matched, page: shown, pages };
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
    <tr aria-label={`${row.name}: ${label}`}>
      <td>
        <UserCell name={row.name} image={row.image} color={row.avatarColor} />
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

/** The page's address with its filters: the season (when not the current one), the phase, the search, a page. */
function pageHref(
  season: { id: number; isCurrent: boolean },
  { phaseId, search }: { phaseId: number | null; search: string },
  page: number,
): string {
  const params = new URLSearchParams();
  if (!season.isCurrent) params.set("temporada", String(season.id));
  if (phaseId !== null) params.set("jornada", String(phaseId));
  if (search) params.set("q", search);
  if (page > 1) params.set("pagina", String(page));
  return `${PATH}?${params}`;
}

/** 'Buscar': a GET form sent to the server, which keeps the season and phase; a new search starts at page 1. */
function SearchForm({ phaseId, search }: { phaseId: number | null; search: string }) {
  const { season } = useAdminSeason();
  return (
    <Form method="get" action={PATH} role="search" className={classes.searchForm}>
      {!season.isCurrent && <input type="hidden" name="temporada" value={season.id} />}
      {phaseId !== null && <input type="hidden" name="jornada" value={phaseId} />}
      <TextField
        label="Buscar"
        name="q"
        type="search"
        placeholder="Usuario o equipo"
        defaultValue={search}
        key={search}
        maxLength={PREDICTIONS_SEARCH_MAX}
        className={classes.search}
      />
      <Button type="submit" variant="light">
        Buscar
      </Button>
    </Form>
  );
}

export default function AdminPredictions({ loaderData }: Route.ComponentProps) {
  const { phases, phaseId, search, rows, total, matched, page, pages } = loaderData;
  const { season } = useAdminSeason();
  const phaseName = phases.find((phase) => phase.id === phaseId)?.name;
  const picks = (count: number) => (count === 1 ? "pronóstico" : "pronósticos");

  return (
    <Page title="Administración de Pronósticos" description="Corrige el marcador de cualquier pronóstico capturado.">
      <AdminSeasonSelect />
      <div className={classes.filters}>
        {/* Another phase's picks start at their first page. */}
        <PhaseFilter phases={phases} phaseId={phaseId} clears={["pagina"]} />
        {total > 0 && <SearchForm phaseId={phaseId} search={search} />}
      </div>
      <div className={classes.panel}>
        {total === 0 ? (
          <p className={classes.empty}>{`No hay pronósticos capturados${phaseName ? ` para ${phaseName}` : ""}.`}</p>
        ) : (
          <>
            <p className={classes.count}>
              {search
                ? `${countText(matched)} de ${countText(total)} ${picks(total)}`
                : `${countText(total)} ${picks(total)}`}
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
                  {rows.map((row) => (
                    <PredictionRowView key={row.id} row={row} />
                  ))}
                  {rows.length === 0 && (
                    <tr>
                      <td colSpan={4} className={classes.empty}>
                        {`Ningún pronóstico coincide con «${search}».`}
                      </td>
                    </tr>
                  )}
                </tbody>
              </Table>
            </TableScroll>
            <PicksPages page={page} pages={pages} hrefFor={(to) => pageHref(season, { phaseId, search }, to)} />
          </>
        )}
      </div>
    </Page>
  );
}
