import { Badge, Button, Card, Group, Table, Text } from "@mantine/core";
import { useFetcher } from "react-router";
import { type MatchView, matchLabel, teamLabel } from "#app/domain/match";
import { parseForm, resultFormSchema } from "#app/domain/admin-forms";
import { formatKickoff } from "#app/domain/dates";
import { resultMatches, saveResult } from "#app/data/results.server";
import { readForm, reply, runAction } from "#app/http/admin-action.server";
import { getRuntime } from "#app/runtime.server";
import { AdminScoreInput } from "#app/ui/AdminScoreInput";
import { Page } from "#app/ui/Page";
import { TeamName } from "#app/ui/TeamBadge";
import { errorToast, successToast } from "#app/ui/toast";
import { useToast } from "#app/ui/toasts";
import type { Route } from "./+types/results";

export const meta: Route.MetaFunction = () => [{ title: "Resultados · Quiniela" }];

type ResultMatch = MatchView & { kickoffLabel: string | null };

export async function loader() {
  const { db, config } = getRuntime();
  const matches = await resultMatches(db);
  return {
    matches: matches.map((match): ResultMatch => ({ ...match, kickoffLabel: formatKickoff(match.kickoffAt, config.APP_TIMEZONE) })),
  };
}

const FAILURE = "No se pudo guardar el resultado";

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  return runAction(FAILURE, async () => {
    const parsed = parseForm(resultFormSchema, form);
    if (!parsed.ok) return reply(400, errorToast(parsed.message));
    const saved = await saveResult(getRuntime().db, parsed.data.matchId, parsed.data);
    if (!saved) return reply(400, errorToast(`${FAILURE}. El partido no existe.`));
    return reply(
      200,
      successToast(saved.updated ? "Resultado actualizado correctamente" : "Resultado guardado correctamente"),
    );
  });
}

function ResultRow({ match }: { match: ResultMatch }) {
  const fetcher = useFetcher<typeof action>();
  useToast(fetcher.data?.toast);
  return (
    <Table.Tr aria-label={matchLabel(match)}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {match.phaseName}
        </Text>
        <Text size="xs" c="dimmed">
          {match.kickoffLabel ?? "Fecha por confirmar"}
        </Text>
      </Table.Td>
      <Table.Td>
        <TeamName team={match.home} />
      </Table.Td>
      <Table.Td>
        <TeamName team={match.away} />
      </Table.Td>
      <Table.Td>
        <fetcher.Form method="post" noValidate>
          <input type="hidden" name="intent" value="save-result" />
          <input type="hidden" name="matchId" value={match.id} />
          <Group gap={6} wrap="nowrap" justify="flex-end">
            <AdminScoreInput name="home" team={teamLabel(match.home)} defaultValue={match.result?.home} />
            <Text c="dimmed" fw={700}>
              –
            </Text>
            <AdminScoreInput name="away" team={teamLabel(match.away)} defaultValue={match.result?.away} />
            <Button type="submit" size="sm" loading={fetcher.state !== "idle"} ml={4}>
              Guardar
            </Button>
          </Group>
        </fetcher.Form>
      </Table.Td>
      <Table.Td>
        {match.result ? (
          <Badge variant="light" color="blue">
            Con resultado
          </Badge>
        ) : (
          <Badge variant="light" color="gray">
            Pendiente
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export default function AdminResults({ loaderData }: Route.ComponentProps) {
  const { matches } = loaderData;
  const pending = matches.filter((match) => !match.result).length;
  return (
    <Page
      title="Resultados"
      description={
        matches.length === 0
          ? undefined
          : `${matches.length} partidos activos · ${pending === 1 ? "1 pendiente" : `${pending} pendientes`} de resultado`
      }
    >
      <Card withBorder radius="lg" padding="md">
        {matches.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            No hay partidos activos. Activa una jornada en Gestionar Partidos.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={700} type="native">
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Jornada</Table.Th>
                  <Table.Th>Local</Table.Th>
                  <Table.Th>Visitante</Table.Th>
                  <Table.Th ta="right">Resultado</Table.Th>
                  <Table.Th>Estado</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {matches.map((match) => (
                  <ResultRow key={match.id} match={match} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Page>
  );
}
