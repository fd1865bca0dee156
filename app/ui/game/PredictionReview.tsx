import { Text } from "@mantine/core";

import { groupByPhase, teamLabel, type PredictionMatch } from "#app/domain/game/match";
import { confirm } from "#app/ui/feedback/Confirm";

import classes from "./PredictionForm.module.css";

/** The review's title: where picks are final, a saved pick cannot change (SPEC §8). */
export const REVIEW_TITLE = "Revisa tus pronósticos: no podrás cambiarlos";

/** A pick as the form will send it: its match, and the goals as they will be stored. */
export interface ReviewedPick {
  match: PredictionMatch;
  home: number;
  away: number;
}

function ReviewList({ picks }: { picks: ReviewedPick[] }) {
  const phases = groupByPhase(
    picks.map((pick) => ({ ...pick, phaseId: pick.match.phaseId, phaseName: pick.match.phaseName })),
  );
  return (
    <div className={classes.review}>
      <Text size="sm" c="dimmed">
        {picks.length === 1 ? "Vas a guardar 1 pronóstico." : `Vas a guardar ${picks.length} pronósticos.`}
      </Text>
      {phases.map((phase) => (
        // Not a region: the page behind already has one named for the phase.
        <div key={phase.phaseId}>
          <h3 className={classes.reviewPhase}>{phase.phaseName}</h3>
          <ul className={classes.reviewList}>
            {phase.matches.map(({ match, home, away }) => (
              <li key={match.id} className={classes.reviewPick}>
                <span className={classes.reviewHome}>{teamLabel(match.home)}</span>
                <strong className={classes.reviewScore}>{`${home} – ${away}`}</strong>
                <span>{teamLabel(match.away)}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/**
 * Shows the picks about to be saved ('Confirmar' saves them, 'Volver' goes back to the form
 * as it was), in the confirmation dialog every screen shares (its code loads on this first use).
 */
export function askReview(picks: ReviewedPick[], onConfirm: () => void): void {
  confirm({
    title: REVIEW_TITLE,
    children: <ReviewList picks={picks} />,
    labels: { confirm: "Confirmar", cancel: "Volver" },
    onConfirm,
  });
}
