import { isKnockoutPhase, legOfPhase } from "./phases";
import type { Score } from "./score";
import { DEFAULT_RULES, type SeasonRules } from "./season-rules";

/**
 * The scoring rules of SPEC §5, the one place they live. Everything that shows points (overall
 * and per-phase tables, pool tables, exports) gets them from here, directly or through the
 * points this module wrote when a result was saved.
 */

export type { Score } from "./score";

export const POINTS_EXACT = DEFAULT_RULES.pointsExact;
export const POINTS_OUTCOME = DEFAULT_RULES.pointsOutcome;
export const KNOCKOUT_BONUS = 2;

type PointRules = Pick<SeasonRules, "pointsExact" | "pointsOutcome">;

/**
 * The season's points for the exact score (3 by default); else for the right draw or winner (1);
 * else 0. Null while no result.
 */
export function predictionPoints(
  real: Score | null,
  predicted: Score,
  rules: PointRules = DEFAULT_RULES,
): number | null {
  if (!real) return null;
  if (real.home === predicted.home && real.away === predicted.away) return rules.pointsExact;
  return Math.sign(real.home - real.away) === Math.sign(predicted.home - predicted.away) ? rules.pointsOutcome : 0;
}

export interface ScoredMatch {
  id: number;
  phaseName: string;
  homeTeamId: number | null;
  awayTeamId: number | null;
  result: Score | null;
  isFirstLeg: boolean | null;
  kickoffAt: string | null;
  phasePosition: number;
}

export interface Tie<M extends ScoredMatch = ScoredMatch> {
  firstLeg: M;
  secondLeg: M;
}

/**
 * Which tie a knockout phase's matches may form, as a key both legs share: the Ida/Vuelta pair
 * of one round ('Cuartos Ida' and 'Cuartos Vuelta' → 'legs:cuartos'), or, for a legacy phase
 * that holds both legs ('Quarters', 'Final'), that one phase ('phase:final'). A legacy 'Final'
 * beside the season's 'Final Ida'/'Final Vuelta' is another round, never mixed with them.
 * Null for phases that hold no ties.
 */
export function tieRound(phaseName: string): string | null {
  if (!isKnockoutPhase(phaseName)) return null;
  const folded = phaseName
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
  if (legOfPhase(phaseName) === null) return `phase:${folded}`;
  return `legs:${folded
    .replace(/\b(ida|vuelta)\b/, "")
    .replace(/\s+/g, " ")
    .trim()}`;
}

/**
 * The tie a match would be a leg of: its round (tieRound) and its two teams, either way round.
 * Null outside knockout rounds, or while a team is unknown. A tie has two legs: a third match with
 * the same key would undo it (writers refuse one: data/seasons/matches.server.ts, the results file).
 */
export function tieKeyOf(phaseName: string, homeTeamId: number | null, awayTeamId: number | null): string | null {
  const round = tieRound(phaseName);
  if (!round || homeTeamId === null || awayTeamId === null) return null;
  return `${round}:${Math.min(homeTeamId, awayTeamId)}-${Math.max(homeTeamId, awayTeamId)}`;
}

/** The message of a refused third match between the two teams of a tie. */
export const THIRD_LEG_MESSAGE = "Estos equipos ya juegan sus dos partidos de esta ronda (ida y vuelta)";

function legOrder(a: ScoredMatch, b: ScoredMatch): number {
  if (a.isFirstLeg !== b.isFirstLeg && a.isFirstLeg !== null && b.isFirstLeg !== null) return a.isFirstLeg ? -1 : 1;
  if (a.phasePosition !== b.phasePosition) return a.phasePosition - b.phasePosition;
  if (a.kickoffAt && b.kickoffAt && a.kickoffAt !== b.kickoffAt) return a.kickoffAt < b.kickoffAt ? -1 : 1;
  return a.id - b.id;
}

/**
 * Two-legged ties: the two matches of one knockout round (tieRound) between the same two teams.
 * A round and pair with any other number of matches is no tie (and earns no bonus).
 */
export function findTies<M extends ScoredMatch>(matches: readonly M[]): Tie<M>[] {
  const groups = new Map<string, M[]>();
  for (const match of matches) {
    const key = tieKeyOf(match.phaseName, match.homeTeamId, match.awayTeamId);
    if (key) groups.set(key, [...(groups.get(key) ?? []), match]);
  }
  const ties: Tie<M>[] = [];
  for (const legs of groups.values()) {
    if (legs.length !== 2) continue;
    const [firstLeg, secondLeg] = [...legs].sort(legOrder) as [M, M];
    ties.push({ firstLeg, secondLeg });
  }
  return ties;
}

/**
 * The knockout bonus for one user and tie: both legs have results, the user predicted both, and
 * their predicted goals over both legs equal the real goals, which must be above 0.
 */
export function tieBonus(tie: Tie, firstPrediction: Score | undefined, secondPrediction: Score | undefined): number {
  const first = tie.firstLeg.result;
  const second = tie.secondLeg.result;
  if (!first || !second || !firstPrediction || !secondPrediction) return 0;
  const realGoals = first.home + first.away + second.home + second.away;
  const predictedGoals = firstPrediction.home + firstPrediction.away + secondPrediction.home + secondPrediction.away;
  return realGoals > 0 && realGoals === predictedGoals ? KNOCKOUT_BONUS : 0;
}
