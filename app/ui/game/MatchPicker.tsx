import { useId, useState } from "react";

import type { PickerPhase } from "#app/domain/game/match-picker";
import { countOf } from "#app/domain/plural";
import { Badge } from "#app/ui/primitives/Badge";
import { CheckboxField } from "#app/ui/primitives/Checkbox";
import typography from "#app/ui/theme/typography.module.css";

import classes from "./MatchPicker.module.css";

/** A phase's matches, one checkbox each (or a line saying it has none yet). */
function PhaseMatches({
  phase,
  chosen,
  setMatches,
}: {
  phase: PickerPhase;
  chosen: ReadonlySet<number>;
  setMatches: (ids: readonly number[], on: boolean) => void;
}) {
  if (phase.matches.length === 0) return <p className={typography.dimmed}>Esta jornada aún no tiene partidos.</p>;
  return (
    <div className={classes.matches} role="group" aria-label={`Partidos de ${phase.phaseName}`}>
      {phase.matches.map((match) => (
        <CheckboxField
          key={match.id}
          value={String(match.id)}
          label={match.label}
          description={match.detail}
          checked={chosen.has(match.id)}
          onChange={(event) => setMatches([match.id], event.currentTarget.checked)}
        />
      ))}
    </div>
  );
}

/** A phase's row: its checkbox for the whole phase, its button with the count, and its matches once opened. */
function PhaseRow({
  phase,
  chosen,
  open,
  panelId,
  onToggle,
  setMatches,
}: {
  phase: PickerPhase;
  chosen: ReadonlySet<number>;
  open: boolean;
  panelId: string;
  onToggle: () => void;
  setMatches: (ids: readonly number[], on: boolean) => void;
}) {
  const count = phase.matches.filter((match) => chosen.has(match.id)).length;
  const all = count > 0 && count === phase.matches.length;
  return (
    <div className={classes.phase} data-active={open || undefined}>
      <div className={classes.head}>
        <CheckboxField
          aria-label={`Todos los partidos de ${phase.phaseName}`}
          checked={all}
          indeterminate={count > 0 && !all}
          disabled={phase.matches.length === 0}
          onChange={(event) =>
            setMatches(
              phase.matches.map((match) => match.id),
              event.currentTarget.checked,
            )
          }
          className={classes.phaseBox}
        />
        <button
          type="button"
          className={classes.control}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-label={`${phase.phaseName}: ${count} de ${countOf(phase.matches.length, "partido elegido", "partidos elegidos")}`}
          onClick={onToggle}
        >
          <span className={classes.name}>{phase.phaseName}</span>{" "}
          {/* What the row shows is the start of its name ('Jornada 1: 2 de 9 partidos elegidos'). */}
          <Badge tone={count > 0 ? "teal" : "default"} asWritten>
            {`${count} de ${phase.matches.length}`}
          </Badge>
          <svg className={classes.chevron} data-rotate={open || undefined} viewBox="0 0 16 16" fill="none" aria-hidden>
            <path
              d="M4 6l4 4 4-4"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </div>
      {open && (
        <div id={panelId} className={classes.content}>
          <PhaseMatches phase={phase} chosen={chosen} setMatches={setMatches} />
        </div>
      )}
    </div>
  );
}

/**
 * Matches chosen by phase: a checkbox per phase takes or drops the whole phase, the phase's
 * button opens it to choose single matches. The choice is posted as one hidden `matchId` per
 * match. Plain markup with Mantine's accordion and checkbox look, and a phase's matches are
 * rendered only once it is opened: as Mantine components the season's 167 checkboxes were most
 * of the pool pages' server time.
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
  const baseId = useId();
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set());
  const chosen = new Set(value);
  const setMatches = (ids: readonly number[], on: boolean) => {
    const next = new Set(chosen);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange([...next]);
  };
  const toggle = (phaseId: number) => {
    const next = new Set(opened);
    if (!next.delete(phaseId)) next.add(phaseId);
    setOpened(next);
  };
  return (
    <div>
      {value.map((id) => (
        <input key={id} type="hidden" name="matchId" value={id} />
      ))}
      <div className={classes.phases}>
        {phases.map((phase) => (
          <PhaseRow
            key={phase.phaseId}
            phase={phase}
            chosen={chosen}
            open={opened.has(phase.phaseId)}
            panelId={`${baseId}-${phase.phaseId}`}
            onToggle={() => toggle(phase.phaseId)}
            setMatches={setMatches}
          />
        ))}
      </div>
      {error && (
        <p className={classes.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
