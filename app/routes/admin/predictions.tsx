import { Badge, Box, Button, Card, Flex, Group, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useFetcher } from "react-router";
import { matchLabel, type TeamView, teamLabel } from "#app/domain/match";
import { parseForm, phaseParam, predictionFormSchema } from "#app/domain/admin-forms";
import { defaultPhaseId } from "#app/domain/phase-status";
import { type AdminPrediction, predictionsOfPhase, updatePrediction } from "#app/data/admin-predictions.server";
import { listMatches } from "#app/data/matches.server";
import { listPhases } from "#app/data/phases.server";
import { reply, runAction } from "#app/http/admin-action.server";
import { readForm } from "#app/http/form.server";
import { getRuntime } from "#app/runtime.server";
import { AdminScoreInput } from "#app/ui/AdminScoreInput";
import { Page } from "#app/ui/Page";
import { PhaseFilter } from "#app/ui/PhaseSelect";
import { errorToast, successToast } from "#app/ui/toast";
import { useToast } from "#app/ui/toasts";
import { UserAvatar } from "#app/ui/UserAvatar";
import type { Route } from "./+types/predictions";

export const meta: Route.MetaFunction = () => [{ title: "Administración de Pronósticos · Quiniela" }];

interface PredictionRow extends AdminPrediction {
  homeTeam: TeamView | null;
  awayTeam: TeamView | null;
  result: { home: number; away: number } | null;
}

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = getRuntime();
  const phases = await listPhases(db);
  const phaseId = defaultPhaseId(phases, phaseParam(request.url));
  if (phaseId === null) return { phases, phaseId, rows: [] };
  const [matches, predictions] = await Promise.all([listMatches(db, { phaseId }), predictionsOfPhase(db, phaseId)]);
  const order = new Map(matches.map((match, index) => [match.id, { index, match }]));
  const rows: PredictionRow[] = predictions
    .filter((prediction) => order.has(prediction.matchId))
    .sort((a, b) => order.get(a.matchId)!.index - order.get(b.matchId)!.index)
    .map((prediction) => {
      const { match } = order.get(prediction.matchId)!;
      return { ...prediction, homeTeam: match.home, awayTeam: match.away, result: match.result };
    });
  return { phases, phaseId, rows };
}

const FAILURE = "No se pudo actualizar la predicción";

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  return runAction(FAILURE, async () => {
    const parsed = parseForm(predictionFormSchema, form);
    if (!parsed.ok) return reply(400, errorToast(parsed.message));
    const updated = await updatePrediction(getRuntime().db, parsed.data.predictionId, parsed.data);
    if (!updated) return reply(400, errorToast(`${FAILURE}. La predicción no existe.`));
    return reply(200, successToast("Predicción actualizada correctamente"));
  });
}

function points(row: PredictionRow) {
  if (row.points === null) {
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  }
  const total = row.points + row.bonus;
  return (
    <Badge variant="light" color={row.points === 3 ? "teal" : total > 0 ? "blue" : "gray"}>
      {`${total} ${total === 1 ? "pt" : "pts"}`}
    </Badge>
  );
}

function PredictionRowView({ row }: { row: PredictionRow }) {
  const fetcher = useFetcher<typeof action>();
  useToast(fetcher.data?.toast);
  const label = matchLabel({ home: row.homeTeam, away: row.awayTeam });
  const result = row.result ? `Resultado oficial: ${row.result.home} - ${row.result.away}` : "Sin resultado";
  return (
    <Table.Tr aria-label={`${row.userName}: ${label}`}>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <UserAvatar name={row.userName} image={row.userImage} color={row.userColor} size={28} />
          <Text size="sm" fw={600} truncate>
            {row.userName}
          </Text>
        </Group>
        <Box hiddenFrom="sm" mt={4}>
          <Text size="xs">{label}</Text>
          <Text size="xs" c="dimmed">
            {result}
          </Text>
        </Box>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm">{label}</Text>
        <Text size="xs" c="dimmed">
          {result}
        </Text>
      </Table.Td>
      <Table.Td>
        <fetcher.Form method="post" noValidate>
          <input type="hidden" name="intent" value="update-prediction" />
          <input type="hidden" name="predictionId" value={row.id} />
          <Flex gap={6} direction={{ base: "column", sm: "row" }} align={{ base: "stretch", sm: "center" }}>
            <Group gap={6} wrap="nowrap" justify="center">
              <AdminScoreInput name="home" team={teamLabel(row.homeTeam)} defaultValue={row.home} />
              <Text c="dimmed" fw={700}>
                –
              </Text>
              <AdminScoreInput name="away" team={teamLabel(row.awayTeam)} defaultValue={row.away} />
            </Group>
            <Button type="submit" size="sm" variant="light" loading={fetcher.state !== "idle"}>
              Actualizar
            </Button>
          </Flex>
        </fetcher.Form>
      </Table.Td>
      <Table.Td ta="right">{points(row)}</Table.Td>
    </Table.Tr>
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
      <Group align="flex-end" gap="sm">
        <PhaseFilter phases={phases} phaseId={phaseId} />
        {rows.length > 0 && (
          <TextInput
            label="Buscar"
            placeholder="Usuario o equipo"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: "100%", xs: 240 }}
          />
        )}
      </Group>
      <Card withBorder radius="lg" p={{ base: 6, sm: "md" }}>
        {rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {`No hay pronósticos capturados${phaseName ? ` para ${phaseName}` : ""}.`}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" mb="xs">
              {shown.length === rows.length
                ? `${rows.length} ${rows.length === 1 ? "pronóstico" : "pronósticos"}`
                : `${shown.length} de ${rows.length} pronósticos`}
            </Text>
            <Table.ScrollContainer minWidth={320} type="native">
              <Table verticalSpacing="xs" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Usuario</Table.Th>
                    <Table.Th visibleFrom="sm">Partido</Table.Th>
                    <Table.Th>Pronóstico</Table.Th>
                    <Table.Th ta="right">Puntos</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((row) => (
                    <PredictionRowView key={row.id} row={row} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Card>
    </Page>
  );
}
