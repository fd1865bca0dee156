import { Badge, Box, Button, Card, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, useNavigation } from "react-router";
import { groupByPhase, matchLabel, type PredictionMatch, teamLabel } from "#app/domain/match";
import classes from "./PredictionForm.module.css";
import { TeamBadge } from "./TeamBadge";

function ScoreInput({ name, team }: { name: string; team: string }) {
  return (
    <TextInput
      name={name}
      aria-label={`Goles de ${team}`}
      type="number"
      inputMode="numeric"
      min={0}
      max={99}
      step={1}
      w={56}
      styles={{ input: { textAlign: "center", fontWeight: 700, fontSize: 18, paddingInline: 4 } }}
    />
  );
}

function pointsBadge(pick: PredictionMatch["pick"]) {
  if (!pick || pick.points === null) return null;
  const total = pick.points + pick.bonus;
  const color = pick.points === 3 ? "teal" : pick.points > 0 ? "blue" : "gray";
  return (
    <Badge color={color} variant="light">
      {total} {total === 1 ? "punto" : "puntos"}
    </Badge>
  );
}

function MatchCard({ match }: { match: PredictionMatch }) {
  const label = matchLabel(match);
  const open = match.lockedBecause === null && match.pick === null;
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={label}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {match.kickoffLabel ?? "Fecha por confirmar"}
          </Text>
          {match.pick ? (
            pointsBadge(match.pick) ?? (
              <Badge variant="light" color="teal">
                Pronóstico guardado
              </Badge>
            )
          ) : match.lockedBecause ? (
            <Badge variant="light" color="gray">
              Cerrado
            </Badge>
          ) : null}
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <div className={classes.team}>
            <TeamBadge team={match.home} size={32} />
            <Text fw={600} size="sm" lineClamp={2}>
              {teamLabel(match.home)}
            </Text>
          </div>
          {open ? (
            <Group gap={6} wrap="nowrap">
              <input type="hidden" name="matchId" value={match.id} />
              <ScoreInput name={`home-${match.id}`} team={teamLabel(match.home)} />
              <Text c="dimmed" fw={700}>
                –
              </Text>
              <ScoreInput name={`away-${match.id}`} team={teamLabel(match.away)} />
            </Group>
          ) : (
            <Text fw={800} fz="lg" miw={64} ta="center" aria-label="Tu pronóstico">
              {match.pick ? `${match.pick.home} – ${match.pick.away}` : "–"}
            </Text>
          )}
          <div className={`${classes.team} ${classes.away}`}>
            <Text fw={600} size="sm" lineClamp={2}>
              {teamLabel(match.away)}
            </Text>
            <TeamBadge team={match.away} size={32} />
          </div>
        </Group>
        {(match.result || (!open && !match.pick && match.lockedBecause)) && (
          <Text size="xs" c="dimmed" ta="center">
            {match.result
              ? `Resultado oficial: ${match.result.home} - ${match.result.away}`
              : match.lockedBecause}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Active matches by phase with two score inputs each; saved and closed ones read-only. */
export function PredictionForm({ matches, action }: { matches: PredictionMatch[]; action?: string }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const openCount = matches.filter((match) => match.lockedBecause === null && match.pick === null).length;

  if (matches.length === 0) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Text c="dimmed" ta="center">
          No hay partidos disponibles en este momento.
        </Text>
      </Paper>
    );
  }

  return (
    <Form method="post" action={action} noValidate>
      <Stack gap="lg">
        {groupByPhase(matches).map((phase) => (
          <Card key={phase.phaseId} withBorder radius="lg" p={{ base: "xs", sm: "md" }}>
            <Title order={2} fz="lg" mb="sm">
              {phase.phaseName}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              {phase.matches.map((match) => (
                <MatchCard key={match.id} match={match} />
              ))}
            </SimpleGrid>
          </Card>
        ))}
        {openCount > 0 && (
          <Box
            pos="sticky"
            bottom={0}
            py="sm"
            style={{ background: "var(--mantine-color-body)", borderTop: "1px solid var(--mantine-color-default-border)" }}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {openCount === 1 ? "1 partido por pronosticar" : `${openCount} partidos por pronosticar`}
              </Text>
              <Button type="submit" size="md" loading={saving} disabled={saving} style={{ flex: "none" }}>
                Guardar Pronósticos
              </Button>
            </Group>
          </Box>
        )}
      </Stack>
    </Form>
  );
}
