import type { Score } from "./score";

/**
 * A season's rules (SPEC §8), chosen when it is created and frozen at its first result: the points
 * for an exact score and for the right outcome, the two-leg knockout bonus, which score counts in
 * a knockout match that went to extra time, and whether a player may change a saved pick until
 * it locks.
 */
export interface SeasonRules {
  pointsExact: number;
  pointsOutcome: number;
  /** The 2 points for the total goals of a two-legged tie (SPEC §5). */
  twoLegBonus: boolean;
  /** '90': the score after 90 minutes counts; 'tiempo_extra': after extra time, when played. */
  knockoutScore: "90" | "tiempo_extra";
  /** Off (the original's rule): once saved, a pick is final. */
  editablePicks: boolean;
}

/** The original game's rules: 3 and 1, the bonus, 90 minutes, picks final once saved. */
export const DEFAULT_RULES: SeasonRules = {
  pointsExact: 3,
  pointsOutcome: 1,
  twoLegBonus: true,
  knockoutScore: "90",
  editablePicks: false,
};

export const KNOCKOUT_SCORE_LABELS: Record<SeasonRules["knockoutScore"], string> = {
  "90": "90 minutos",
  tiempo_extra: "Tiempo extra",
};

/** A match's official scores: after 90 minutes, and after extra time and penalties when played. */
export interface MatchScores {
  result: Score | null;
  extraTime: Score | null;
  penalties: Score | null;
}

/** The score the season's rule scores: after extra time when the rule says so and it was played. */
export function scoredResult(scores: MatchScores, rules: Pick<SeasonRules, "knockoutScore">): Score | null {
  if (!scores.result) return null;
  return rules.knockoutScore === "tiempo_extra" && scores.extraTime ? scores.extraTime : scores.result;
}

/** '1 - 1', '1 - 1 (3 - 4 pen.)', '2 - 1 t.e.' as a match card shows it. */
export function scoreLabel(scores: MatchScores): string | null {
  if (!scores.result) return null;
  const final = scores.extraTime ?? scores.result;
  const text = `${final.home} - ${final.away}`;
  if (scores.penalties) return `${text} (${scores.penalties.home} - ${scores.penalties.away} pen.)`;
  return scores.extraTime ? `${text} t.e.` : text;
}

/** The rules in the words of the home page's '¿Cómo se juega?'. */
export function rulesText(
  rules: SeasonRules,
  { hasTwoLegTies, hasSingleKnockouts }: { hasTwoLegTies: boolean; hasSingleKnockouts: boolean },
): string[] {
  const points = (n: number) => (n === 1 ? "1 punto" : `${n} puntos`);
  const lines = [
    "Pronostica el marcador exacto de cada partido activo y guarda tus pronósticos.",
    `Marcador exacto: ${points(rules.pointsExact)}. Aciertas el ganador o el empate: ${points(rules.pointsOutcome)}.`,
  ];
  if (rules.twoLegBonus && hasTwoLegTies) {
    lines.push(
      "Eliminatorias de ida y vuelta: 2 puntos extra si aciertas el total de goles de la serie (ida y vuelta).",
    );
  }
  if (hasSingleKnockouts) {
    lines.push(
      rules.knockoutScore === "tiempo_extra"
        ? "Eliminatorias a un partido: cuenta el marcador al final del tiempo extra (los penales no cuentan)."
        : "Eliminatorias a un partido: cuenta el marcador de los 90 minutos (ni el tiempo extra ni los penales).",
    );
  }
  lines.push(
    rules.editablePicks
      ? "Puedes cambiar tus pronósticos hasta que comience cada partido."
      : "Una vez guardados, tus pronósticos son definitivos: ya no se pueden modificar.",
  );
  lines.push("Los pronósticos se cierran al comenzar cada partido.");
  return lines;
}
