import { type Kysely, sql } from "kysely";
import { isCompleted, type PhaseProgress } from "#app/domain/standings/movement";
import { phaseWinners } from "#app/domain/standings/winners";
import { displayNameOf } from "#app/data/people/display-name.server";
import type { Database } from "#app/data/engine/schema";

/**
 * Jornada winners (domain/standings/winners.ts), read from the stored standings only (standings_phase,
 * kept by upkeep.server.ts with every result and pick): one query finds each completed phase's
 * best points and the rows that hold them (index seeks, migration 0010); the domain picks first place
 * among those few by the tables' tie-break. Nothing is scored again, and no other table is kept:
 * a result corrected, a phase switched off or a pick edited by the admin is seen at the next read.
 */

/** The completed phases of a season, in order (every active match with its result). */
export function completedPhaseIds(phases: readonly PhaseProgress[]): number[] {
  return phases.filter(isCompleted).map((phase) => phase.id);
}

/** Each completed phase's winners (phase id → user ids); a phase without a winner is absent. */
export async function winnersByPhase(db: Kysely<Database>, phaseIds: readonly number[]): Promise<Map<number, string[]>> {
  if (phaseIds.length === 0) return new Map();
  // Rows at their phase's best points: only those can be first (points decide before the rest).
  // Each phase's best is one seek of standings_phase_top_idx (a correlated max per phase; a
  // grouped max would read every row), and its holders another.
  const tops = db
    .selectFrom("phases as p")
    .select([
      "p.id as phase_id",
      (eb) =>
        eb
          .selectFrom("standings_phase as m")
          .select(sql<number>`max(m.points)`.as("top"))
          .whereRef("m.phase_id", "=", "p.id")
          .as("top"),
    ])
    .where("p.id", "in", [...phaseIds]);
  const rows = await db
    .selectFrom(tops.as("t"))
    .innerJoin("standings_phase as sp", (join) => join.onRef("sp.phase_id", "=", "t.phase_id").onRef("sp.points", "=", "t.top"))
    .select(["sp.phase_id", "sp.user_id", "sp.points", "sp.exact_hits", "sp.outcome_hits"])
    .where("t.top", ">", 0)
    .execute();
  const byPhase = new Map<number, { userId: string; points: number; exactHits: number; outcomeHits: number }[]>();
  for (const row of rows) {
    const list = byPhase.get(row.phase_id) ?? [];
    list.push({
      userId: row.user_id,
      points: Number(row.points),
      exactHits: Number(row.exact_hits),
      outcomeHits: Number(row.outcome_hits),
    });
    byPhase.set(row.phase_id, list);
  }
  const winners = new Map<number, string[]>();
  for (const [phaseId, list] of byPhase) {
    const won = phaseWinners(list).map((row) => row.userId);
    if (won.length > 0) winners.set(phaseId, won);
  }
  return winners;
}

/** How many of those phases each player won (user id → count; 0 for the rest of `userIds`). */
export function jornadasWon(winners: ReadonlyMap<number, readonly string[]>, userIds: readonly string[]): Map<string, number> {
  const counts = new Map(userIds.map((userId) => [userId, 0]));
  for (const won of winners.values()) {
    for (const userId of won) if (counts.has(userId)) counts.set(userId, counts.get(userId)! + 1);
  }
  return counts;
}

/** The display names of some players, in name order (a shared win lists them alphabetically). */
export async function winnerNames(db: Kysely<Database>, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom("users as u")
    .select(displayNameOf("u").as("name"))
    .where("u.id", "in", [...userIds])
    .execute();
  const collator = new Intl.Collator("es", { sensitivity: "base" });
  return rows.map((row) => row.name).sort(collator.compare);
}
