import { useId, useState } from "react";
import type { PickerPhase } from "#app/domain/match-picker";
import badges from "./badges.module.css";
import { CheckboxField } from "./fields";
import classes from "./MatchPicker.module.css";
import typography from "./typography.module.css";

const CHEVRON_PATH =
  "M3.13523 6.15803C3.3241 5.95657 3.64052 5.94637 3.84197 6.13523L7.5 9.56464L11.158 6.13523C11.3595 5.94637 11.6759 5.95657 11.8648 6.15803C12.0536 6.35949 12.0434 6.67591 11.842 6.86477L7.84197 10.6148C7.64964 10.7951 7.35036 10.7951 7.15803 10.6148L3.15803 6.86477C2.95657 6.67591 2.94637 6.35949 3.13523 6.15803Z";

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
        {phases.map((phase) => {
          const count = phase.matches.filter((match) => chosen.has(match.id)).length;
          const all = count > 0 && count === phase.matches.length;
          const open = opened.has(phase.phaseId);
          const panelId = `${baseId}-${phase.phaseId}`;
          return (
            <div key={phase.phaseId} className={classes.phase} data-active={open || undefined}>
              <div className={classes.head}>
                <CheckboxField
                  aria-label={`Todos los partidos de ${phase.phaseName}`}
                  checked={all}
                  indeterminate={count > 0 && !all}
                  disabled={phase.matches.length === 0}
                  onChange={(event) => setMatches(phase.matches.map((match) => match.id), event.currentTarget.checked)}
                  className={classes.phaseBox}
                />
                <button
                  type="button"
                  className={classes.control}
                  aria-expanded={open}
                  aria-controls={open ? panelId : undefined}
                  aria-label={`${phase.phaseName}: ${count} de ${phase.matches.length} partidos elegidos`}
                  onClick={() => toggle(phase.phaseId)}
                >
                  <span className={classes.name}>{phase.phaseName}</span>{" "}
                  {/* What the row shows is the start of its name ('Jornada 1: 2 de 9 partidos elegidos'). */}
                  <span className={`${badges.badge} ${badges.lowercase} ${count > 0 ? badges.teal : badges.default}`}>
                    {`${count} de ${phase.matches.length}`}
                  </span>
                  <svg className={classes.chevron} data-rotate={open || undefined} viewBox="0 0 15 15" fill="none" aria-hidden>
                    <path d={CHEVRON_PATH} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
                  </svg>
                </button>
              </div>
              {open && (
                <div id={panelId} className={classes.content}>
                  {phase.matches.length === 0 ? (
                    <p className={typography.dimmed}>Esta jornada aún no tiene partidos.</p>
                  ) : (
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
                  )}
                </div>
              )}
            </div>
          );
        })}
      </div>
      {error && (
        <p className={classes.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
