import type { TeamView } from "#app/domain/game/match";
import type { Score } from "#app/domain/game/scoring";
import { countOf } from "#app/domain/plural";

import { compareTallies, type Tally } from "./standings";

/**
 * A player's season in figures (the player page, /jugador/:id), from their stored tallies: how
 * often their scored predictions hit (exact scores, right outcomes), their best jornada, and the
 * run of completed jornadas in which they scored, counted back from the last one. Pure: the
 * numbers come from data/standings/, already stored.
 */

/** A revealed pick of the player (the page's picks table): the match, its result, the pick and its points. */
export interface PlayerPick {
  matchId: number;
  home: Pick<TeamView, "name" | "badgeUrl"> | null;
  away: Pick<TeamView, "name" | "badgeUrl"> | null;
  /** '1 - 1 (3 - 4 pen.)', or null while the match has no result. */
  resultLabel: string | null;
  pick: Score;
  /** With the knockout bonus; null while the match has no result. */
  points: number | null;
  bonus: number;
}

/** A phase's tally of one player, in the season's order. */
export interface PhaseTally extends Tally {
  phaseId: number;
  phaseName: string;
}

/** `count` of `of` as a whole percentage; null when there is nothing to count against. */
export function percentOf(count: number, of: number): number | null {
  if (of <= 0) return null;
  return Math.round((count * 100) / of);
}

/** '7 (35%)': a count with its share of the scored predictions; the count alone without any. */
export function countWithShare(count: number, of: number): string {
  const percent = percentOf(count, of);
  return percent === null ? String(count) : `${count} (${percent}%)`;
}

/**
 * The player's best jornada: most points, then the tables' tie-break (exact hits, right
 * outcomes), then the earlier one. None while they have no point in any.
 */
export function bestPhase<T extends PhaseTally>(phases: readonly T[]): T | null {
  let best: T | null = null;
  for (const phase of phases) if (best === null || compareTallies(phase, best) < 0) best = phase;
  return best !== null && best.points > 0 ? best : null;
}

/**
 * The current run: how many completed jornadas in a row, back from the last completed one, the
 * player scored in (a jornada without a point ends it). `completed` in the season's order.
 */
export function currentRun(completed: readonly number[], pointsByPhase: ReadonlyMap<number, number>): number {
  let run = 0;
  for (let i = completed.length - 1; i >= 0; i--) {
    if ((pointsByPhase.get(completed[i]!) ?? 0) <= 0) break;
    run += 1;
  }
  return run;
}

/** What the run's count stands for, under it: '3' 'jornadas seguidas con puntos'. */
export function runInWords(run: number): string {
  if (run === 0) return "sin puntos en la última jornada";
  return run === 1 ? "jornada con puntos" : "jornadas seguidas con puntos";
}

/** The scored predictions the shares are of: 'de 12 pronósticos con resultado'. */
export function scoredInWords(scored: number): string {
  return `de ${countOf(scored, "pronóstico con resultado", "pronósticos con resultado")}`;
}
