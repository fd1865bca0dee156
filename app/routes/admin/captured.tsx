import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { phaseParam } from "#app/domain/admin-forms";
import { formatKickoff } from "#app/domain/dates";
import { type MatchView, matchLabel, teamLabel } from "#app/domain/match";
import { defaultPhaseId } from "#app/domain/phase-status";
import { type AdminPrediction, predictionsOfPhase } from "#app/data/admin-predictions.server";
import { listMatches } from "#app/data/matches.server";
import { listPhases } from "#app/data/phases.server";
import { getRuntime } from "#app/runtime.server";
import { adminTable as t, PointsCell, UserCell } from "#app/ui/AdminCells";
import { Page } from "#app/ui/Page";
import { PhaseFilter } from "#app/ui/PhaseSelect";
import { TeamBadge } from "#app/ui/TeamBadge";
import type { Route } from "./+types/captured";

export const meta: Route.MetaFunction = () => [{ title: "Quinielas Capturadas · Quiniela" }];

type CapturedMatch = MatchView & { kickoffLabel: string | null; predictions: AdminPrediction[] };

export async function loader({ request }: Route.LoaderArgs) {
  const { db, config } = getRuntime();
  const phases = await listPhases(db);
  const phaseId = defaultPhaseId(phases, phaseParam(request.url));
  if (phaseId === null) return { phases, phaseId, matches: [] as CapturedMatch[], total: 0 };
  const [matches, predictions] = await Promise.all([listMatches(db, { phaseIds: [phaseId] }), predictionsOfPhase(db, phaseId)]);
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
      .map(
        (match): CapturedMatch => ({
          ...match,
          kickoffLabel: formatKickoff(match.kickoffAt, config.APP_TIMEZONE),
          predictions: (byMatch.get(match.id) ?? []).sort((a, b) =>
            a.userName.localeCompare(b.userName, "es", { sensitivity: "base" }),
          ),
        }),
      ),
  };
}

function MatchCard({ match }: { match: CapturedMatch }) {
  return (
    <Card withBorder radius="lg" p={{ base: "xs", sm: "md" }} component="section" aria-label={matchLabel(match)}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {`Partido de ${match.phaseName}${match.kickoffLabel ? ` · ${match.kickoffLabel}` : ""}`}
          </Text>
          {match.phaseActivatedAt && (
            <Badge size="xs" variant="light" color="green">
              Quinielas activadas
            </Badge>
          )}
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={8} wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
            <TeamBadge team={match.home} size={30} />
            <Text fw={700} size="sm" lineClamp={2}>
              {teamLabel(match.home)}
            </Text>
          </Group>
          <Text fw={800} fz="xl" miw={52} ta="center" style={{ whiteSpace: "nowrap" }}>
            {match.result ? `${match.result.home} - ${match.result.away}` : "vs"}
          </Text>
          <Group gap={8} wrap="nowrap" justify="flex-end" style={{ flex: 1, minWidth: 0 }}>
            <Text fw={700} size="sm" ta="right" lineClamp={2}>
              {teamLabel(match.away)}
            </Text>
            <TeamBadge team={match.away} size={30} />
          </Group>
        </Group>
        <Text size="xs" c="dimmed" ta="center">
          {match.result ? `Resultado oficial: ${match.result.home} - ${match.result.away}` : "Resultado pendiente"}
        </Text>
        <table className={t.table}>
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
        </table>
      </Stack>
    </Card>
  );
}

export default function AdminCaptured({ loaderData }: Route.ComponentProps) {
  const { phases, phaseId, matches, total } = loaderData;
  return (
    <Page
      title="Quinielas Capturadas"
      description="Todos los pronósticos de todos los usuarios, revelados o no."
      action={
        <Group gap="xs">
          {/* Downloads: plain links (no client routing), the browser saves the file. */}
          <Button component="a" href="/admin/exportar/pronosticos.csv" download variant="light" size="sm">
            Descargar pronósticos (CSV)
          </Button>
          <Button component="a" href="/admin/exportar/base-de-datos.json" download variant="default" size="sm">
            Base de datos (JSON)
          </Button>
        </Group>
      }
    >
      <Group align="flex-end" justify="space-between" gap="sm">
        <PhaseFilter phases={phases} phaseId={phaseId} />
        {total > 0 && (
          <Text size="sm" c="dimmed">
            {`${total === 1 ? "1 pronóstico" : `${total} pronósticos`} en ${matches.length === 1 ? "1 partido" : `${matches.length} partidos`}`}
          </Text>
        )}
      </Group>
      {matches.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Text c="dimmed" ta="center">
            No hay predicciones capturadas.
          </Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {matches.map((match) => (
            <MatchCard key={match.id} match={match} />
          ))}
        </SimpleGrid>
      )}
    </Page>
  );
}
