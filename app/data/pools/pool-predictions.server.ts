import type { Kysely } from "kysely";
import { predictionsRevealed } from "#app/domain/game/locking";
import type { MatchView } from "#app/domain/game/match";
import type { PoolPrediction } from "#app/domain/standings/pool-table";
import type { Database } from "#app/data/engine/schema";
import { chunked } from "#app/data/engine/chunks";

/** The pool page's one read of picks; its table and grid are made from it (domain/standings/pool-table.ts). */

type Db = Kysely<Database>;

/**
 * The pool's matches whose picks are revealed (SPEC §2.4: kickoff passed, result entered or phase
 * activated; domain/game/locking.ts) and its participants' picks on them. Matches still open are left
 * out entirely, so nobody's pick for them is ever read. The pool's standings (only matches with
 * a result) and its picks grid both come from these.
 */
export async function revealedPoolPredictions(
  db: Db,
  poolId: number,
  { matches, now = new Date() }: { matches: readonly MatchView[]; now?: Date },
): Promise<{ revealed: MatchView[]; picks: PoolPrediction[] }> {
  const revealed = matches.filter((match) =>
    predictionsRevealed({ hasResult: match.result !== null, kickoffAt: match.kickoffAt, phaseActivatedAt: match.phaseActivatedAt }, now),
  );
  const predictions: PoolPrediction[] = [];
  for (const chunk of chunked(revealed.map((match) => match.id))) {
    const rows = await db
      .selectFrom("predictions as pr")
      .innerJoin("quiniela_participants as qp", (join) =>
        join.onRef("qp.user_id", "=", "pr.user_id").on("qp.quiniela_id", "=", poolId),
      )
      .select(["pr.user_id", "pr.match_id", "pr.home_score", "pr.away_score"])
      .where("pr.match_id", "in", chunk)
      .execute();
    for (const row of rows) predictions.push({ userId: row.user_id, matchId: row.match_id, home: row.home_score, away: row.away_score });
  }
  return { revealed, picks: predictions };
}
