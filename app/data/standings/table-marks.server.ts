import type { Kysely } from "kysely";
import { isCompleted, movement, type Movement, type PhaseProgress } from "#app/domain/game/movement";
import type { Database } from "#app/data/engine/schema";
import { placesSince, seasonPlaces } from "./places.server";
import { completedPhaseIds, jornadasWon, winnerNames, winnersByPhase } from "./winners.server";

/**
 * What /rankings shows beside the stored tables (tables.server.ts): on the overall table, each
 * listed player's movement since the jornada before the last completed one (the home page's
 * figure: places.server.ts, for the listed players only) and their jornadas won; on a phase's
 * table, its winners once it is completed. All of it from the stored standings.
 */

export interface RowMarks {
  /** Null before two jornadas are completed: nothing to compare with. */
  movement: Movement | null;
  /** Completed jornadas this player won (shared wins count). */
  won: number;
}

/** The marks of some players of a season's overall table (user id → marks). */
export async function overallMarks(
  db: Kysely<Database>,
  season: { id: number },
  phases: readonly PhaseProgress[],
  userIds: readonly string[],
): Promise<Map<string, RowMarks>> {
  if (userIds.length === 0) return new Map();
  const { query } = placesSince(season, phases);
  const [places, winners] = await Promise.all([
    query.since === null ? Promise.resolve(null) : seasonPlaces(db, query, userIds),
    winnersByPhase(db, completedPhaseIds(phases)),
  ]);
  const won = jornadasWon(winners, userIds);
  return new Map(
    userIds.map((userId) => {
      const place = places?.get(userId);
      return [userId, { movement: place ? movement(place.previousRank, place.rank) : null, won: won.get(userId) ?? 0 }];
    }),
  );
}

/**
 * A phase's winners by name (name order) once it is completed; null while a result is missing,
 * empty when nobody scored.
 */
export async function phaseWinnerNames(db: Kysely<Database>, phase: PhaseProgress): Promise<string[] | null> {
  if (!isCompleted(phase)) return null;
  const winners = await winnersByPhase(db, [phase.id]);
  return winnerNames(db, winners.get(phase.id) ?? []);
}
