import type { Kysely } from "kysely";

import type { Database } from "#app/data/engine/schema";

/**
 * A pick written straight into the database, as no form would let a test write it (a match
 * already locked, a player of a test's own making): nothing scored, nothing checked.
 */
export async function insertPick(
  db: Kysely<Database>,
  pick: { userId: string; matchId: number; home: number; away: number },
  at = new Date().toISOString(),
): Promise<void> {
  await db
    .insertInto("predictions")
    .values({
      user_id: pick.userId,
      match_id: pick.matchId,
      home_score: pick.home,
      away_score: pick.away,
      created_at: at,
      updated_at: at,
    })
    .execute();
}
