import type { Kysely } from "kysely";
import { isCompleted, movement, type Movement, movementReference, type PhaseProgress } from "#app/domain/standings/movement";
import type { Database } from "#app/data/engine/schema";
import { placesAfterPhase } from "./positions.server";
import { completedPhaseIds, jornadasWon, winnerNames, winnersByPhase } from "./winners.server";

/**
 * What /rankings shows beside the stored tables (tables.server.ts): on the overall table, each
 * listed player's movement since the jornada before the last completed one (the home page's
 * figure, from the stored positions: positions.server.ts) and their jornadas won; on a phase's
 * table, its winners once it is completed. All of it from the stored standings.
 */

export interface RowMarks {
  /** Null before two jornadas are completed: nothing to compare with. */
  movement: Movement | null;
  /** Completed jornadas this player won (shared wins count). */
  won: number;
}

/**
 * The marks of some rows of a season's overall table (user id → marks): each row's rank now is
 * the table's, its rank then the stored place after the jornada before the last completed one
 * (positions.server.ts: a lookup per row).
 */
export async function overallMarks(
  db: Kysely<Database>,
  phases: readonly PhaseProgress[],
  rows: readonly { userId: string; rank: number }[],
): Promise<Map<string, RowMarks>> {
  if (rows.length === 0) return new Map();
  const userIds = rows.map((row) => row.userId);
  const { previous } = movementReference(phases);
  const [before, winners] = await Promise.all([
    previous ? placesAfterPhase(db, previous.id, userIds) : Promise.resolve(null),
    winnersByPhase(db, completedPhaseIds(phases)),
  ]);
  const won = jornadasWon(winners, userIds);
  return new Map(
    rows.map((row) => [
      row.userId,
      { movement: before ? movement(before.get(row.userId)!, row.rank) : null, won: won.get(row.userId) ?? 0 },
    ]),
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
