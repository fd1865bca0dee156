import { Box, Group, Text, Title } from "@mantine/core";

import type { PickerPhase } from "#app/domain/game/match-picker";
import { MatchPicker } from "#app/ui/game/MatchPicker";
import { Button, ButtonLink } from "#app/ui/primitives/Button";
import { Panel } from "#app/ui/primitives/Panel";

/** The pieces of 'Crear Quiniela' (routes/quiniela/new.tsx): the matches to choose and the bar that creates it. */

/** 'Partidos': the season's matches to choose, a phase at a time or one by one, and how many are chosen. */
export function MatchesPanel({
  phases,
  value,
  onChange,
  error,
}: {
  phases: readonly PickerPhase[];
  value: number[];
  onChange: (ids: number[]) => void;
  error: string | undefined;
}) {
  return (
    <Panel padding="sm" paddingFromSm="lg" as="section" aria-labelledby="partidos">
      <Group justify="space-between" align="baseline" mb="xs" gap="xs">
        <Title order={2} fz="lg" id="partidos">
          Partidos
        </Title>
        <Text size="sm" c="dimmed" aria-live="polite">
          {value.length === 1 ? "1 partido elegido" : `${value.length} partidos elegidos`}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Marca una jornada completa o ábrela para elegir partidos sueltos.
      </Text>
      <MatchPicker phases={phases} value={value} onChange={onChange} error={error} />
    </Panel>
  );
}

/** The bar kept at the bottom while choosing: what the pool will hold, 'Cancelar' and 'Crear Quiniela'. */
export function CreateBar({ matches, people, saving }: { matches: number; people: number; saving: boolean }) {
  return (
    <Box
      pos="sticky"
      bottom={0}
      py="sm"
      style={{
        zIndex: 2,
        background: "var(--mantine-color-body)",
        borderTop: "1px solid var(--mantine-color-default-border)",
      }}
    >
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {`${matches === 1 ? "1 partido" : `${matches} partidos`} · ${people} ${people === 1 ? "participante" : "participantes"}`}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <ButtonLink variant="default" to="/quinielas" className="mantine-visible-from-xs">
            Cancelar
          </ButtonLink>
          <Button type="submit" busy={saving}>
            Crear Quiniela
          </Button>
        </Group>
      </Group>
    </Box>
  );
}
