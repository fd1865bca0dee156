import { groupByPhase, matchLabel, type MatchView } from "./match";

/** A phase of the season as the pool pickers show it: small rows, no team data beyond names. */
export interface PickerPhase {
  phaseId: number;
  phaseName: string;
  matches: { id: number; label: string; detail: string }[];
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
        : // Every place that shows a match shows its kickoff, or that it has none yet.
          [match.kickoffLabel ?? "Fecha por confirmar", match.active ? "Activo" : null].filter(Boolean).join(" · "),
    })),
  }));
}
