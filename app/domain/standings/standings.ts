import { findTies, predictionPoints, tieBonus, type Score, type ScoredMatch } from "#app/domain/game/scoring";
import { DEFAULT_RULES, type SeasonRules } from "#app/domain/game/season-rules";

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

/** How many rows each colour marks: blue from the top, then yellow and green; red from the bottom. */
export interface BandSizes {
  blue: number;
  yellow: number;
  green: number;
  red: number;
}

/** The original's bands (SPEC §5): 1–4 blue, 5–7 yellow, 8–9 green, the last two red. */
const FULL_BANDS: BandSizes = { blue: 4, yellow: 3, green: 2, red: 2 };
const BAND_ORDER = ["blue", "yellow", "green", "red"] as const;
/** The rows those bands take whole, with nothing between them: below this they would overlap. */
export const FULL_BAND_ROWS = FULL_BANDS.blue + FULL_BANDS.yellow + FULL_BANDS.green + FULL_BANDS.red;

/**
 * The bands of a table of `total` rows. From FULL_BAND_ROWS (11) on, the original's. Below, the
 * original let the last two rows' red give way to the top bands (a table of 8 had its last row
 * green and nobody red); instead the 11-row table shrinks: each band keeps its share of the rows
 * (4, 3, 2 and 2 of 11), rounded down, and the rows rounding leaves go to the largest remainders,
 * the lower band first on a tie. Every row then has one colour, the bands keep their order, the
 * first row is blue and, from three rows on, the last is red (8 rows: 3 blue, 2 yellow, 1 green, 2 red).
 */
export function bandSizes(total: number): BandSizes {
  if (total >= FULL_BAND_ROWS) return FULL_BANDS;
  const rows = Math.max(total, 0);
  const sizes: BandSizes = { blue: 0, yellow: 0, green: 0, red: 0 };
  const remainders = BAND_ORDER.map((band, order) => {
    // Integer shares: a tie between remainders is exact, not a matter of floating point.
    const share = rows * FULL_BANDS[band];
    sizes[band] = Math.floor(share / FULL_BAND_ROWS);
    return { band, order, remainder: share % FULL_BAND_ROWS };
  });
  const left = rows - BAND_ORDER.reduce((sum, band) => sum + sizes[band], 0);
  remainders.sort((a, b) => b.remainder - a.remainder || b.order - a.order);
  for (const { band } of remainders.slice(0, left)) sizes[band] += 1;
  return sizes;
}

/** The colour marker of a row by its position (1-based) in a table of `total` rows (bandSizes). */
export function bandFor(position: number, total: number): Band {
  const { blue, yellow, green, red } = bandSizes(total);
  if (position <= blue) return "blue";
  if (position <= blue + yellow) return "yellow";
  if (position <= blue + yellow + green) return "green";
  if (position > total - red) return "red";
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
