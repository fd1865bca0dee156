import { useNavigate, useNavigation, useSearchParams } from "react-router";

import { SelectField } from "#app/ui/primitives/Field";

import classes from "./PhaseSelect.module.css";

export interface PhaseChoice {
  id: number;
  name: string;
  activatedAt: string | null;
  activeMatches: number;
}

/** An option's words: the phase, then whether its pools are activated or its matches active (what the admin looks for). */
function optionLabel(phase: PhaseChoice): string {
  if (phase.activatedAt) return `${phase.name} · Quinielas activadas`;
  if (phase.activeMatches > 0) return `${phase.name} · Partidos activos`;
  return phase.name;
}

type SelectProps = Omit<React.ComponentProps<typeof SelectField>, "options" | "label" | "value" | "onChange">;

/**
 * The 'Jornada' select of the admin screens: the browser's own (a phone's picker), as every select
 * of the app. Until one is chosen it says 'Selecciona una jornada'.
 */
export function PhaseSelect({
  phases,
  value,
  onChange,
  ...props
}: { phases: readonly PhaseChoice[]; value: string | null; onChange: (value: string) => void } & SelectProps) {
  const options = phases.map((phase) => ({ value: String(phase.id), label: optionLabel(phase) }));
  return (
    <SelectField
      label="Jornada"
      options={value === null ? [{ value: "", label: "Selecciona una jornada" }, ...options] : options}
      value={value ?? ""}
      onChange={(event) => event.currentTarget.value && onChange(event.currentTarget.value)}
      {...props}
    />
  );
}

/**
 * A 'Jornada' select that keeps the choice in the URL (?jornada=<id>, the other parameters such
 * as ?temporada= kept, but those in `clears`: what only meant something in the phase left).
 */
export function PhaseFilter({
  phases,
  phaseId,
  clears = [],
}: {
  phases: readonly PhaseChoice[];
  phaseId: number | null;
  clears?: readonly string[];
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  return (
    <PhaseSelect
      phases={phases}
      value={phaseId === null ? null : String(phaseId)}
      onChange={(value) => {
        const next = new URLSearchParams(params);
        for (const name of clears) next.delete(name);
        next.set("jornada", value);
        navigate(`?${next}`, { preventScrollReset: true });
      }}
      disabled={navigation.state === "loading"}
      className={classes.filter}
    />
  );
}
