import { compareTallies, emptyTally, type Tally } from "./standings";

/**
 * How a player moved in a season's table: their rank now against their rank when the jornada
 * before the last completed one was over. In a quiet week (no result since the last jornada
 * ended) that is what the last jornada did to them; while the next one is being played, the
 * results in so far count too. The home page says it in words, a table as '▲ 2', '▼ 1', '='.
 *
 * Ranks, not row positions: players still tied share a rank (1, 2, 2, 4), and the name order
 * that lists them does not move anybody.
 */

/** A phase in the season's order, with its active matches' state (data/seasons/phases.server.ts). */
export interface PhaseProgress {
  id: number;
  name: string;
  activeMatches: number;
  /** Active matches still without a result. */
  activeWithoutResult: number;
  /** Matches with their result (active or not): only those have points stored. */
  withResult: number;
}

/** A jornada is completed when it has active matches and every one of them has its result. */
export function isCompleted(phase: Pick<PhaseProgress, "activeMatches" | "activeWithoutResult">): boolean {
  return phase.activeMatches > 0 && phase.activeWithoutResult === 0;
}

export interface MovementReference {
  /** The last completed phase (in the season's order), or null before any is. */
  last: { id: number; name: string } | null;
  /** The completed phase before it: where the movement is measured from; null without one. */
  previous: { id: number; name: string } | null;
  /**
   * The phases whose points make the movement: every phase after `previous` with a result, in
   * order (empty without `previous`). The table as it stood then is the stored total less their
   * points.
   */
  since: number[];
}

/** The points of reference of a movement, from a season's phases in order. */
export function movementReference(phases: readonly PhaseProgress[]): MovementReference {
  const completed = phases.filter(isCompleted);
  const last = completed.at(-1) ?? null;
  const previous = completed.at(-2) ?? null;
  const from = previous ? phases.findIndex((phase) => phase.id === previous.id) + 1 : phases.length;
  return {
    last: last && { id: last.id, name: last.name },
    previous: previous && { id: previous.id, name: previous.name },
    since: phases
      .slice(from)
      .filter((phase) => phase.withResult > 0)
      .map((phase) => phase.id),
  };
}

export interface Movement {
  direction: "up" | "down" | "same";
  /** Ranks gained or lost (0 when the same). */
  places: number;
}

/** From one rank to another (1 is first); null without a rank to compare with. */
export function movement(previousRank: number | null, rank: number): Movement | null {
  if (previousRank === null) return null;
  if (rank < previousRank) return { direction: "up", places: previousRank - rank };
  if (rank > previousRank) return { direction: "down", places: rank - previousRank };
  return { direction: "same", places: 0 };
}

/** A tally's rank in a table: 1 + how many are strictly ahead (standard competition ranking). */
export function rankIn(table: readonly Tally[], tally: Tally): number {
  let ahead = 0;
  for (const other of table) if (compareTallies(other, tally) < 0) ahead += 1;
  return ahead + 1;
}

/**
 * Every player's movement between two tables of a season (before and now): user id → movement.
 * A player missing from the table before had nothing then (0 points).
 */
export function movementsBetween(
  before: readonly (Tally & { userId: string })[],
  now: readonly (Tally & { userId: string })[],
): Map<string, Movement> {
  const earlier = new Map(before.map((row) => [row.userId, row]));
  const moves = new Map<string, Movement>();
  for (const row of now) {
    const then = earlier.get(row.userId) ?? emptyTally();
    moves.set(row.userId, movement(rankIn(before, then), rankIn(now, row))!);
  }
  return moves;
}

/** As a table shows it: '▲ 2', '▼ 1', '='. */
export function movementMark(move: Movement): string {
  if (move.direction === "up") return `▲ ${move.places}`;
  if (move.direction === "down") return `▼ ${move.places}`;
  return "=";
}

const places = (n: number) => (n === 1 ? "1 puesto" : `${n} puestos`);

/** In words, for screen readers and the home page: 'Subiste 2 puestos desde la Jornada 16'. */
export function movementPhrase(move: Movement, since: string): string {
  if (move.direction === "up") return `Subiste ${places(move.places)} desde ${since}`;
  if (move.direction === "down") return `Bajaste ${places(move.places)} desde ${since}`;
  return `Sigues en el mismo puesto desde ${since}`;
}

const lugares = (n: number) => (n === 1 ? "1 lugar" : `${n} lugares`);

/** A table's mark in words, for screen readers: 'Subió 2 lugares', 'Bajó 1 lugar', 'Sin cambio'. */
export function movementLabel(move: Movement): string {
  if (move.direction === "up") return `Subió ${lugares(move.places)}`;
  if (move.direction === "down") return `Bajó ${lugares(move.places)}`;
  return "Sin cambio";
}
