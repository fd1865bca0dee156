import type { Kysely } from "kysely";
import type { MatchView } from "#app/domain/match";
import type { Score } from "#app/domain/scoring";
import { listMatches } from "./matches.server";
import type { Database } from "./schema";
import { rescoreAround, rescoreResult } from "./standings.server";

/** Active matches for the results screen: by kickoff (matches without one last), then phase. */
export async function resultMatches(db: Kysely<Database>): Promise<MatchView[]> {
  const matches = await listMatches(db, { activeOnly: true });
  return matches.sort((a, b) => {
    if (a.kickoffAt !== b.kickoffAt) {
      if (a.kickoffAt === null) return 1;
      if (b.kickoffAt === null) return -1;
      return a.kickoffAt < b.kickoffAt ? -1 : 1;
    }
    return a.phasePosition - b.phasePosition || a.id - b.id;
  });
}

/**
 * Saves a match's official result and re-scores its predictions and the standings, in one
 * transaction. Null when the match does not exist; else whether it had a result before.
 */
export async function saveResult(
  db: Kysely<Database>,
  matchId: number,
  score: Score,
  now: Date = new Date(),
): Promise<{ updated: boolean } | null> {
  return db.transaction().execute(async (trx) => {
    const match = await trx.selectFrom("matches").select("home_score").where("id", "=", matchId).executeTakeFirst();
    if (!match) return null;
    await rescoreResult(trx, matchId, async () => {
      await trx
        .updateTable("matches")
        .set({ home_score: score.home, away_score: score.away, updated_at: now.toISOString() })
        .where("id", "=", matchId)
        .execute();
    });
    return { updated: match.home_score !== null };
  });
}

/**
 * 'Reiniciar': clears the match's result and deletes its predictions, then brings the standings
 * up to date, in one transaction. False when the match does not exist.
 */
export async function resetMatch(db: Kysely<Database>, matchId: number, now: Date = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const match = await trx.selectFrom("matches").select("id").where("id", "=", matchId).executeTakeFirst();
    if (!match) return false;
    await rescoreAround(trx, [matchId], async () => {
      await trx
        .updateTable("matches")
        .set({ home_score: null, away_score: null, updated_at: now.toISOString() })
        .where("id", "=", matchId)
        .execute();
      await trx.deleteFrom("predictions").where("match_id", "=", matchId).execute();
    });
    return true;
  });
}
