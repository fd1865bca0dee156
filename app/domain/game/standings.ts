import { findTies, predictionPoints, tieBonus, type Score, type ScoredMatch } from "./scoring";
import { DEFAULT_RULES, type SeasonRules } from "./season-rules";

/** One user's tally in a table (overall, one phase, or one pool). */
export interface Tally {
  points: number;
  exactHits: number;
  outcomeHits: number;
}

export interface TallyRow extends Tally {
  userId: string;
  name: string;
}

export type Band = "blue" | "yellow" | "green" | "red" | null;

export interface StandingRow extends TallyRow {
  /** Standard competition rank (1, 2, 2, 4). */
  rank: number;
  band: Band;
}

export interface PredictionForScoring extends Score {
  userId: string;
  matchId: number;
}

export const emptyTally = (): Tally => ({ points: 0, exactHits: 0, outcomeHits: 0 });

/**
 * Adds one scored prediction to a tally: the season's exact-score points are an exact hit, and
 * exact hits count as correct outcomes too (a season's outcome points are at least 1, below the
 * exact ones: data/seasons/write-season.server.ts checks it, so points tell the two apart).
 */
export function addPoints(tally: Tally, points: number | null, pointsExact: number = DEFAULT_RULES.pointsExact): void {
  if (points === null) return;
  tally.points += points;
  if (points === pointsExact) tally.exactHits += 1;
  if (points > 0) tally.outcomeHits += 1;
}

/**
 * Tallies per user and phase from matches (with the result the season's rules score) and picks,
 * the whole rule set at once (bonus counted in the second leg's phase, when the season has it).
 * Used for pools, for verifying the stored totals, and by tests.
 */
export function tallyByUserAndPhase(
  matches: readonly (ScoredMatch & { phaseId: number })[],
  predictions: readonly PredictionForScoring[],
  rules: Pick<SeasonRules, "pointsExact" | "pointsOutcome" | "twoLegBonus"> = DEFAULT_RULES,
): Map<string, Map<number, Tally>> {
  const byId = new Map(matches.map((match) => [match.id, match]));
  const predictionOf = new Map(
    predictions.map((prediction) => [`${prediction.userId}:${prediction.matchId}`, prediction]),
  );
  const result = new Map<string, Map<number, Tally>>();
  const tallyOf = (userId: string, phaseId: number) => {
    const phases = result.get(userId) ?? new Map<number, Tally>();
    result.set(userId, phases);
    const tally = phases.get(phaseId) ?? emptyTally();
    phases.set(phaseId, tally);
    return tally;
  };
  for (const prediction of predictions) {
    const match = byId.get(prediction.matchId);
    if (!match) continue;
    addPoints(
      tallyOf(prediction.userId, match.phaseId),
      predictionPoints(match.result, prediction, rules),
      rules.pointsExact,
    );
  }
  if (!rules.twoLegBonus) return result;
  const users = new Set(predictions.map((prediction) => prediction.userId));
  for (const tie of findTies(matches)) {
    const phaseId = byId.get(tie.secondLeg.id)!.phaseId;
    for (const userId of users) {
      const bonus = tieBonus(
        tie,
        predictionOf.get(`${userId}:${tie.firstLeg.id}`),
        predictionOf.get(`${userId}:${tie.secondLeg.id}`),
      );
      if (bonus) tallyOf(userId, phaseId).points += bonus;
    }
  }
  return result;
}

/** Points, then exact hits, then correct outcomes; all three equal means the same rank. */
export function compareTallies(a: Tally, b: Tally): number {
  return b.points - a.points || b.exactHits - a.exactHits || b.outcomeHits - a.outcomeHits;
}

const byName = new Intl.Collator("es", { sensitivity: "base" });

/**
 * The colour marker of a row by its position (1-based) in a table of `total` rows: 1–4 blue,
 * 5–7 yellow, 8–9 green, then the last two rows red unless already coloured.
 */
export function bandFor(position: number, total: number): Band {
  if (position <= 4) return "blue";
  if (position <= 7) return "yellow";
  if (position <= 9) return "green";
  if (position > total - 2) return "red";
  return null;
}

/** Sorts, ranks (1, 2, 2, 4) and colours a table. Users still equal are listed by name. */
export function rankRows(rows: readonly TallyRow[]): StandingRow[] {
  const sorted = [...rows].sort((a, b) => compareTallies(a, b) || byName.compare(a.name, b.name));
  let rank = 0;
  return sorted.map((row, index) => {
    const previous = sorted[index - 1];
    if (!previous || compareTallies(previous, row) !== 0) rank = index + 1;
    return { ...row, rank, band: bandFor(index + 1, sorted.length) };
  });
}
