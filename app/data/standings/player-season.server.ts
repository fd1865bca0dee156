import type { Kysely } from "kysely";
import type { PhaseProgress } from "#app/domain/standings/movement";
import { bestPhase, currentRun, type PhaseTally } from "#app/domain/standings/player-season";
import { displayNameOf } from "#app/data/people/display-name.server";
import type { Database } from "#app/data/engine/schema";
import { playerHistory, type PlayerHistory } from "./history.server";
import { tableSize, userPosition, type StandingsRow, type TableSeason } from "./tables.server";
import { positionsByJornada, type PlaceThen } from "./positions.server";
import { completedPhaseIds, winnersByPhase } from "./winners.server";

/**
 * The player page's figures (/jugador/:id): one player's season read from the stored standings
 * only (standings_total, standings_phase, kept by upkeep.server.ts with every result and pick),
 * their place in the season's table as /rankings ranks it, the jornadas they won
 * (winners.server.ts), their place when each completed jornada ended (positions.server.ts), and their seasons and titles as 'Histórico' counts them. Nothing is scored
 * again; the shares and runs are domain/standings/player-season.ts.
 */

export interface Player {
  id: string;
  name: string;
  image: string | null;
  avatarColor: string;
  /** The stand-in of a deleted account (decision 019): 'Jugador eliminado', no picture. */
  deleted: boolean;
}

export interface PlayerPhase extends PhaseTally {
  /** Every active match of the phase has its result. */
  completed: boolean;
  /** They hold first place of the completed phase (alone or shared). */
  won: boolean;
  /** Their place in the season's table when the phase was completed (stored); null before. */
  place: number | null;
}

export interface PlayerSeason {
  /** Their row of the season's table; null when the table does not list them (they did not play it). */
  standing: StandingsRow | null;
  /** Players the season's table lists. */
  tableSize: number;
  /** Their predictions with a result (what the shares of exact scores and outcomes are of). */
  scored: number;
  /** The phases with a result, in the season's order, with their tally there (zero without one). */
  phases: PlayerPhase[];
  best: PlayerPhase | null;
  /** Completed jornadas they won. */
  won: number;
  /** Completed jornadas in a row, back from the last, in which they scored. */
  run: number;
  history: PlayerHistory;
  /** Their place and points after each completed jornada (stored), for 'Evolución de la temporada'. */
  course: { phases: { id: number; name: string }[]; positions: PlaceThen[] };
}

/** A player by id, as every screen names them; undefined when there is none. */
export async function findPlayer(db: Kysely<Database>, userId: string): Promise<Player | undefined> {
  const row = await db
    .selectFrom("users as u")
    .select(["u.id", displayNameOf("u").as("name"), "u.image", "u.avatar_color", "u.deleted_at"])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const deleted = row.deleted_at !== null;
  return { id: row.id, name: row.name, image: deleted ? null : row.image, avatarColor: row.avatar_color, deleted };
}

/** Their stored tally in each of the phases, by phase id (phases without a row are absent). */
async function phaseTallies(db: Kysely<Database>, userId: string, phaseIds: readonly number[]) {
  if (phaseIds.length === 0) return new Map<number, { points: number; exactHits: number; outcomeHits: number }>();
  const rows = await db
    .selectFrom("standings_phase")
    .select(["phase_id", "points", "exact_hits", "outcome_hits"])
    .where("user_id", "=", userId)
    .where("phase_id", "in", [...phaseIds])
    .execute();
  return new Map(
    rows.map((row) => [
      row.phase_id,
      { points: Number(row.points), exactHits: Number(row.exact_hits), outcomeHits: Number(row.outcome_hits) },
    ]),
  );
}

/** How many of their predictions of the season have a result (are scored). */
async function scoredPredictions(db: Kysely<Database>, seasonId: number, userId: string): Promise<number> {
  const row = await db
    .selectFrom("predictions as pr")
    .innerJoin("matches as m", "m.id", "pr.match_id")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("pr.user_id", "=", userId)
    .where("p.season_id", "=", seasonId)
    .where("pr.points", "is not", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One player's season (see PlayerSeason); `phases` are the season's, in order (listPhases). */
export async function playerSeason(
  db: Kysely<Database>,
  season: TableSeason,
  phases: readonly PhaseProgress[],
  userId: string,
): Promise<PlayerSeason> {
  const scoredPhases = phases.filter((phase) => phase.withResult > 0);
  const completed = completedPhaseIds(phases);
  const [standing, size, tallies, scored, winners, history, positions] = await Promise.all([
    userPosition(db, season, userId),
    tableSize(db, season),
    phaseTallies(
      db,
      userId,
      scoredPhases.map((phase) => phase.id),
    ),
    scoredPredictions(db, season.id, userId),
    winnersByPhase(db, completed),
    playerHistory(db, userId),
    positionsByJornada(db, season.id, [userId]),
  ]);
  const placeAfter = new Map(positions.phases.map((phase, i) => [phase.id, positions.byUser.get(userId)?.[i]?.place ?? null]));
  const done = new Set(completed);
  const rows: PlayerPhase[] = scoredPhases.map((phase) => ({
    phaseId: phase.id,
    phaseName: phase.name,
    points: 0,
    exactHits: 0,
    outcomeHits: 0,
    ...tallies.get(phase.id),
    completed: done.has(phase.id),
    won: winners.get(phase.id)?.includes(userId) ?? false,
    place: placeAfter.get(phase.id) ?? null,
  }));
  const points = new Map(rows.map((row) => [row.phaseId, row.points]));
  return {
    standing,
    tableSize: size,
    scored,
    phases: rows,
    best: bestPhase(rows),
    won: rows.filter((row) => row.won).length,
    run: currentRun(completed, points),
    history,
    course: { phases: positions.phases, positions: positions.byUser.get(userId) ?? [] },
  };
}
