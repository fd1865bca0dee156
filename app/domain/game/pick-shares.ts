import type { Score } from "./score";

/**
 * What everybody picked for a revealed match (issue 46): the shares of home win, draw and away
 * win, and the most picked score — 'Local 55 % · Empate 25 % · Visitante 20 % · Más elegido: 2 - 1'.
 * Pure: whoever calls it has already kept to the reveal rule (domain/game/locking.ts), since
 * shares of a match still open would give its picks away.
 */

/** How many picks one score got. */
export interface ScoreCount extends Score {
  count: number;
}

export interface PickShares {
  /** Picks counted. */
  total: number;
  /** Whole percents of home wins, draws and away wins, adding up to 100 (all 0 without picks). */
  home: number;
  draw: number;
  away: number;
  /** The most picked scores, fewest goals first (ties are all named, up to MOST_PICKED_NAMED). */
  mostPicked: Score[];
  /** Scores tied with them that the text leaves out. */
  moreTied: number;
}

/** Scores named when several tie for the most picks; the rest are counted ('y 2 más'). */
export const MOST_PICKED_NAMED = 3;

export const NO_PICKS = "Sin pronósticos";

/** Picks counted by score (what a stored count or a GROUP BY gives, made from single picks). */
export function countScores(picks: Iterable<Score>): ScoreCount[] {
  // A number per score (a pick has at most 99 goals a side: domain/game/score.ts), not a string: a page may
  // count ten thousand picks per match.
  const counts = new Map<number, ScoreCount>();
  for (const pick of picks) {
    const key = pick.home * 1000 + pick.away;
    const count = counts.get(key);
    if (count) count.count += 1;
    else counts.set(key, { home: pick.home, away: pick.away, count: 1 });
  }
  return [...counts.values()];
}

/**
 * Whole percents that add up to 100, by the largest remainder: each count's share rounded down,
 * then the points left go to the largest remainders (on equal remainders, the larger count, then
 * the earlier one). Without anything counted, all 0.
 */
export function wholePercents(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return counts.map(() => 0);
  const percents = counts.map((count) => Math.floor((count * 100) / total));
  const left = 100 - percents.reduce((sum, percent) => sum + percent, 0);
  const byRemainder = counts
    .map((count, index) => ({ index, count, remainder: (count * 100) % total }))
    .sort((a, b) => b.remainder - a.remainder || b.count - a.count || a.index - b.index);
  for (const { index } of byRemainder.slice(0, left)) percents[index]! += 1;
  return percents;
}

/** Fewer goals first; on equal goals, the bigger home score (a home win before a draw before an away win). */
function fewestGoalsFirst(a: Score, b: Score): number {
  return a.home + a.away - (b.home + b.away) || b.home - a.home;
}

export function pickShares(counts: Iterable<ScoreCount>): PickShares {
  const outcomes = [0, 0, 0];
  let best: ScoreCount[] = [];
  for (const score of counts) {
    if (score.count <= 0) continue;
    outcomes[score.home > score.away ? 0 : score.home === score.away ? 1 : 2]! += score.count;
    if (best.length === 0 || score.count > best[0]!.count) best = [score];
    else if (score.count === best[0]!.count) best.push(score);
  }
  const [home, draw, away] = wholePercents(outcomes) as [number, number, number];
  const mostPicked = best
    .map(({ home: h, away: a }) => ({ home: h, away: a }))
    .sort(fewestGoalsFirst)
    .slice(0, MOST_PICKED_NAMED);
  return {
    total: outcomes[0]! + outcomes[1]! + outcomes[2]!,
    home,
    draw,
    away,
    mostPicked,
    moreTied: best.length - mostPicked.length,
  };
}

/** 'a', 'a y b', 'a, b y c'. */
function inWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} y ${items.at(-1)}`;
}

/** The parts of the line, each kept whole on a narrow screen: ['Local 55 %', …, 'Más elegido: 2 - 1']. */
export function sharesParts(shares: PickShares): string[] {
  if (shares.total === 0) return [NO_PICKS];
  const scores = shares.mostPicked.map((score) => `${score.home} - ${score.away}`);
  const named = shares.moreTied > 0 ? `${scores.join(", ")} y ${shares.moreTied} más` : inWords(scores);
  return [`Local ${shares.home} %`, `Empate ${shares.draw} %`, `Visitante ${shares.away} %`, `Más elegido: ${named}`];
}

export const SHARES_SEPARATOR = " · ";

/** 'Local 55 % · Empate 25 % · Visitante 20 % · Más elegido: 2 - 1', or 'Sin pronósticos'. */
export function sharesLabel(shares: PickShares): string {
  return sharesParts(shares).join(SHARES_SEPARATOR);
}
