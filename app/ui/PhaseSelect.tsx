import { Group, Select, type SelectProps, Text } from "@mantine/core";
import { useNavigate, useNavigation, useSearchParams } from "react-router";
import { Badge } from "./primitives/Badge";

export interface PhaseChoice {
  id: number;
  name: string;
  activatedAt: string | null;
  activeMatches: number;
}

function options(phases: readonly PhaseChoice[]) {
  return phases.map((phase) => ({ value: String(phase.id), label: phase.name }));
}

function PhaseOption({ phase }: { phase: PhaseChoice | undefined; label: string }) {
  if (!phase) return null;
  return (
    <Group justify="space-between" wrap="nowrap" w="100%" gap="xs">
      <Text size="sm">{phase.name}</Text>
      <Group gap={4} wrap="nowrap">
        {phase.activatedAt ? (
          <Badge tone="green">
            Quinielas activadas
          </Badge>
        ) : (
          phase.activeMatches > 0 && (
            <Badge tone="blue">
              Partidos activos
            </Badge>
          )
        )}
      </Group>
    </Group>
  );
}

/** The 'Jornada' select of the admin screens; each option says whether its matches are active or its pools activated. */
export function PhaseSelect({
  phases,
  ...props
}: { phases: readonly PhaseChoice[] } & Omit<SelectProps, "data" | "renderOption" | "label">) {
  const byId = new Map(phases.map((phase) => [String(phase.id), phase]));
  return (
    <Select
      label="Jornada"
      placeholder="Selecciona una jornada"
      data={options(phases)}
      allowDeselect={false}
      maxDropdownHeight={320}
      checkIconPosition="right"
      renderOption={({ option }) => <PhaseOption phase={byId.get(option.value)} label={option.label} />}
      {...props}
    />
  );
}

/**
 * A 'Jornada' select that keeps the choice in the URL (?jornada=<id>, the other parameters such
 * as ?temporada= kept), for screens that filter by phase.
 */
export function PhaseFilter({ phases, phaseId }: { phases: readonly PhaseChoice[]; phaseId: number | null }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  return (
    <PhaseSelect
      phases={phases}
      value={phaseId === null ? null : String(phaseId)}
      onChange={(value) => {
        if (!value) return;
        const next = new URLSearchParams(params);
        next.set("jornada", value);
        navigate(`?${next}`, { preventScrollReset: true });
      }}
      disabled={navigation.state === "loading"}
      w={{ base: "100%", xs: 280 }}
    />
  );
}
