import { Group, Text } from "@mantine/core";

import { predictionsOfPhase, type AdminPrediction } from "#app/data/predictions/admin-predictions.server";
import { listMatches } from "#app/data/seasons/matches.server";
import { listPhases } from "#app/data/seasons/phases.server";
import { formatKickoff } from "#app/domain/dates";
import { phaseParam } from "#app/domain/forms/admin-forms";
import { matchLabel, type MatchView } from "#app/domain/game/match";
import { defaultPhaseId } from "#app/domain/game/phase-status";
import { countScores, pickShares, type PickShares as Shares } from "#app/domain/game/pick-shares";
import { servicesOf } from "#app/http/context";
import { shownSeason } from "#app/http/season.server";
import { PointsCell, adminTable as t, UserCell } from "#app/ui/admin/AdminCells";
import { AdminSeasonSelect, useAdminSeason } from "#app/ui/admin/AdminSeasonSelect";
import { MatchTeam } from "#app/ui/game/MatchTeam";
import { PhaseFilter } from "#app/ui/game/PhaseSelect";
import { PickShares } from "#app/ui/game/PickShares";
import { Page } from "#app/ui/layout/Page";
import { Badge } from "#app/ui/primitives/Badge";
import { buttonClass } from "#app/ui/primitives/Button";
import { Panel } from "#app/ui/primitives/Panel";
import { Table } from "#app/ui/primitives/Table";
import typography from "#app/ui/theme/typography.module.css";

import type { Route } from "./+types/ver-quinielas";
import classes from "./ver-quinielas.module.css";

export const meta: Route.MetaFunction = () => [{ title: "Quinielas Capturadas · Quiniela" }];

/** The admin sees every pick, revealed or not (SPEC §2.4), and so what they add up to. */
type RevealedMatch = MatchView & { kickoffLabel: string | null; predictions: AdminPrediction[]; shares: Shares };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = servicesOf(context);
  const season = await shownSeason(db, request);
  const phases = await listPhases(db, season.id);
  const phaseId = defaultPhaseId(phases, phaseParam(request.url));
  if (phaseId === null) return { phases, phaseId, matches: [] as RevealedMatch[], total: 0 };
  const [matches, predictions] = await Promise.all([
    listMatches(db, { phaseIds: [phaseId] }),
    predictionsOfPhase(db, phaseId),
  ]);
  const byMatch = new Map<number, AdminPrediction[]>();
  for (const prediction of predictions) {
    byMatch.set(prediction.matchId, [...(byMatch.get(prediction.matchId) ?? []), prediction]);
  }
  return {
    phases,
    phaseId,
    total: predictions.length,
    matches: matches
      .filter((match) => byMatch.has(match.id))
      .map((match): RevealedMatch => ({
        ...match,
        kickoffLabel: formatKickoff(match.kickoffAt, season.timeZone),
        shares: pickShares(countScores(byMatch.get(match.id) ?? [])),
        predictions: (byMatch.get(match.id) ?? []).sort((a, b) =>
          a.userName.localeCompare(b.userName, "es", { sensitivity: "base" }),
        ),
      })),
  };
}

/** One match and everyone's picks: plain markup (a phase has nine, each with twenty rows). */
function MatchCard({ match }: { match: RevealedMatch }) {
  return (
    <section className={classes.card} aria-label={matchLabel(match)}>
      <div className={classes.head}>
        <span className={typography.dimmedXs}>
          {`Partido de ${match.phaseName} · ${match.kickoffLabel ?? "Fecha por confirmar"}`}
        </span>
        {match.phaseActivatedAt && <Badge tone="green">Quinielas activadas</Badge>}
      </div>
      <div className={classes.teams}>
        <MatchTeam team={match.home} size={30} />
        <span className={classes.score}>{match.result ? `${match.result.home} - ${match.result.away}` : "vs"}</span>
        <MatchTeam team={match.away} away size={30} />
      </div>
      <p className={`${typography.dimmedXs} ${classes.center}`}>
        {match.result ? `Resultado oficial: ${match.result.home} - ${match.result.away}` : "Resultado pendiente"}
      </p>
      <PickShares shares={match.shares} className={classes.center} />
      <Table hover className={t.table}>
        <thead>
          <tr>
            <th>Usuario</th>
            <th style={{ textAlign: "center" }}>Pronóstico</th>
            <th className={t.right}>Puntos</th>
          </tr>
        </thead>
        <tbody>
          {match.predictions.map((prediction) => (
            <tr key={prediction.id}>
              <td>
                <UserCell name={prediction.userName} image={prediction.userImage} color={prediction.userColor} />
              </td>
              <td className={t.points} style={{ textAlign: "center" }}>{`${prediction.home} - ${prediction.away}`}</td>
              <td className={t.right}>
                <PointsCell points={prediction.points} bonus={prediction.bonus} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

export default function AdminRevealed({ loaderData }: Route.ComponentProps) {
  const { phases, phaseId, matches, total } = loaderData;
  const { season } = useAdminSeason();
  return (
    <Page
      title="Quinielas Capturadas"
      description="Todos los pronósticos de todos los usuarios, revelados o no."
      action={
        <Group gap="xs">
          {/* Downloads: plain links (no client routing), the browser saves the file. */}
          <a
            className={buttonClass({ variant: "light" })}
            href={`/admin/exportar/pronosticos.csv?temporada=${season.id}`}
            download
          >
            Descargar pronósticos (CSV)
          </a>
          <a className={buttonClass({ variant: "default" })} href="/admin/exportar/base-de-datos.json" download>
            Base de datos (JSON)
          </a>
        </Group>
      }
    >
      <AdminSeasonSelect />
      <Group align="flex-end" justify="space-between" gap="sm">
        <PhaseFilter phases={phases} phaseId={phaseId} />
        {total > 0 && (
          <Text size="sm" c="dimmed">
            {`${total === 1 ? "1 pronóstico" : `${total} pronósticos`} en ${matches.length === 1 ? "1 partido" : `${matches.length} partidos`}`}
          </Text>
        )}
      </Group>
      {matches.length === 0 ? (
        <Panel padding="xl">
          <Text c="dimmed" ta="center">
            No hay predicciones capturadas.
          </Text>
        </Panel>
      ) : (
        <div className={classes.cards}>
          {matches.map((match) => (
            <MatchCard key={match.id} match={match} />
          ))}
        </div>
      )}
    </Page>
  );
}
