import { Accordion, Badge, Checkbox, Group, SimpleGrid, Text } from "@mantine/core";
import { groupByPhase, matchLabel, type MatchView } from "#app/domain/match";
import classes from "./MatchPicker.module.css";

/** A phase of the season as the pool pickers show it: small rows, no team data beyond names. */
export interface PickerPhase {
  phaseId: number;
  phaseName: string;
  matches: { id: number; label: string; detail: string | null }[];
}

/** The season's matches by phase, reduced to what the picker needs (a light loader payload). */
export function pickerPhases(matches: readonly (MatchView & { kickoffLabel: string | null })[]): PickerPhase[] {
  return groupByPhase(matches).map((phase) => ({
    phaseId: phase.phaseId,
    phaseName: phase.phaseName,
    matches: phase.matches.map((match) => ({
      id: match.id,
      label: matchLabel(match),
      detail: match.result
        ? `Resultado: ${match.result.home} - ${match.result.away}`
        : (match.kickoffLabel ?? (match.active ? "Activo" : null)),
    })),
  }));
}

/**
 * Matches chosen by phase: a checkbox per phase takes or drops the whole phase, the accordion
 * opens it to choose single matches. The choice is posted as one hidden `matchId` per match.
 */
export function MatchPicker({
  phases,
  value,
  onChange,
  error,
}: {
  phases: readonly PickerPhase[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const chosen = new Set(value);
  const setPhase = (phase: PickerPhase, on: boolean) => {
    const ids = new Set(chosen);
    for (const match of phase.matches) {
      if (on) ids.add(match.id);
      else ids.delete(match.id);
    }
    onChange([...ids]);
  };
  return (
    <div>
      {value.map((id) => (
        <input key={id} type="hidden" name="matchId" value={id} />
      ))}
      <Accordion multiple variant="contained" radius="md" chevronPosition="right" classNames={{ control: classes.control, label: classes.label, content: classes.content }}>
        {phases.map((phase) => {
          const count = phase.matches.filter((match) => chosen.has(match.id)).length;
          const all = count > 0 && count === phase.matches.length;
          return (
            <Accordion.Item key={phase.phaseId} value={String(phase.phaseId)}>
              <Group wrap="nowrap" gap={0} className={classes.head}>
                <Checkbox
                  aria-label={`Todos los partidos de ${phase.phaseName}`}
                  checked={all}
                  indeterminate={count > 0 && !all}
                  disabled={phase.matches.length === 0}
                  onChange={(event) => setPhase(phase, event.currentTarget.checked)}
                  className={classes.phaseBox}
                />
                <Accordion.Control aria-label={`${phase.phaseName}: ${count} de ${phase.matches.length} partidos elegidos`}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={600} size="sm">
                      {phase.phaseName}
                    </Text>
                    <Badge variant={count > 0 ? "light" : "default"} color={count > 0 ? "teal" : "gray"} size="sm">
                      {`${count}/${phase.matches.length}`}
                    </Badge>
                  </Group>
                </Accordion.Control>
              </Group>
              <Accordion.Panel>
                {phase.matches.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Esta jornada aún no tiene partidos.
                  </Text>
                ) : (
                  <Checkbox.Group value={value.map(String)} onChange={(ids) => onChange(ids.map(Number))}>
                    <SimpleGrid
                      cols={{ base: 1, sm: 2 }}
                      spacing="xs"
                      verticalSpacing={8}
                      role="group"
                      aria-label={`Partidos de ${phase.phaseName}`}
                    >
                      {phase.matches.map((match) => (
                        <Checkbox key={match.id} value={String(match.id)} label={match.label} description={match.detail} size="sm" />
                      ))}
                    </SimpleGrid>
                  </Checkbox.Group>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
      {error && (
        <Text c="red" size="sm" mt={6} role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
