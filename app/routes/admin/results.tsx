import { Badge, Box, Button, Card, Flex, Group, Stack, Table, Text } from "@mantine/core";
import { useFetcher } from "react-router";
import { type MatchView, matchLabel, teamLabel } from "#app/domain/match";
import { parseForm, resultFormSchema } from "#app/domain/admin-forms";
import { formatKickoff } from "#app/domain/dates";
import { resultMatches, saveResult } from "#app/data/results.server";
import { reply, runAction } from "#app/http/admin-action.server";
import { readForm } from "#app/http/form.server";
import { getRuntime } from "#app/runtime.server";
import { AdminScoreInput } from "#app/ui/AdminScoreInput";
import { Page } from "#app/ui/Page";
import { TeamLine } from "#app/ui/TeamLine";
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
  const when = match.kickoffLabel ?? "Fecha por confirmar";
  return (
    <Table.Tr aria-label={matchLabel(match)}>
      <Table.Td visibleFrom="sm">
        <Text size="sm" fw={500} style={{ whiteSpace: "nowrap" }}>
          {match.phaseName}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
          {when}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs" c="dimmed" hiddenFrom="sm" mb={4}>
          {`${match.phaseName} · ${when}`}
        </Text>
        <Stack gap={6}>
          <TeamLine team={match.home} />
          <Box hiddenFrom="sm">
            <TeamLine team={match.away} />
          </Box>
        </Stack>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <TeamLine team={match.away} />
      </Table.Td>
      <Table.Td>
        <fetcher.Form method="post" noValidate>
          <input type="hidden" name="intent" value="save-result" />
          <input type="hidden" name="matchId" value={match.id} />
          <Flex gap={6} direction={{ base: "column", sm: "row" }} align={{ base: "stretch", sm: "center" }} justify="flex-end">
            <Group gap={6} wrap="nowrap" justify="center">
              <AdminScoreInput name="home" team={teamLabel(match.home)} defaultValue={match.result?.home} />
              <Text c="dimmed" fw={700}>
                –
              </Text>
              <AdminScoreInput name="away" team={teamLabel(match.away)} defaultValue={match.result?.away} />
            </Group>
            <Button type="submit" size="sm" loading={fetcher.state !== "idle"} variant={match.result ? "light" : "filled"}>
              Guardar
            </Button>
          </Flex>
        </fetcher.Form>
      </Table.Td>
      <Table.Td visibleFrom="sm">
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
      <Card withBorder radius="lg" p={{ base: 6, sm: "md" }}>
        {matches.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            No hay partidos activos. Activa una jornada en Gestionar Partidos.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320} type="native">
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th visibleFrom="sm">Jornada</Table.Th>
                  <Table.Th>
                    <Box component="span" visibleFrom="sm">
                      Local
                    </Box>
                    <Box component="span" hiddenFrom="sm">
                      Partido
                    </Box>
                  </Table.Th>
                  <Table.Th visibleFrom="sm">Visitante</Table.Th>
                  <Table.Th ta="right">Resultado</Table.Th>
                  <Table.Th visibleFrom="sm">Estado</Table.Th>
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
