import type { Kysely } from "kysely";

import { actorOf } from "#app/data/changes/change-log.server";
import type { Database } from "#app/data/engine/schema";
import { updatePrediction } from "#app/data/predictions/admin-predictions.server";
import { resetMatch, saveResult } from "#app/data/results/match-results.server";
import { refreshAllScores } from "#app/data/standings/upkeep.server";

/**
 * The demo's 'Bitácora' (issue 46): the admin corrected results and a pick, and reset a match, in
 * the current season, through the very functions the admin screens call, so both 'Bitácora' and
 * 'Cambios del administrador' have something to show. Each story ends where it began (a mistyped
 * result put back, a wrong pick that stays wrong, a reset match whose picks and result come back):
 * the demo's tables, and the screens the visual tests compare, read as they did.
 */
export async function logDemoChanges(
  db: Kysely<Database>,
  seasonId: number,
  admin: { id: string; name: string; displayName: string },
) {
  const actor = actorOf(admin);
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const [first, second] = await db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .select(["m.id", "m.home_score", "m.away_score"])
    .where("p.season_id", "=", seasonId)
    .where("p.name", "like", "Jornada%")
    .where("m.home_score", "is not", null)
    .orderBy("p.position", "desc")
    .orderBy("m.id")
    .limit(2)
    .execute();
  if (!first || !second) return;
  const result = { home: first.home_score!, away: first.away_score! };
  // A result mistyped, then put right.
  await saveResult(db, first.id, { home: result.home + 1, away: result.away }, actor, minutesAgo(95));
  await saveResult(db, first.id, result, actor, minutesAgo(90));
  await editWrongPick(db, first.id, result, actor, minutesAgo(60));
  await resetAndRestore(db, second.id, actor, minutesAgo(30));
  await refreshAllScores(db, seasonId);
}

/** A pick that scored nothing changed to another that scores nothing: the tables do not move. */
async function editWrongPick(
  db: Kysely<Database>,
  matchId: number,
  result: { home: number; away: number },
  actor: ReturnType<typeof actorOf>,
  now: Date,
) {
  const pick = await db
    .selectFrom("predictions")
    .select(["id", "home_score", "away_score"])
    .where("match_id", "=", matchId)
    // Someone else's: the admin edits a player's pick.
    .where("user_id", "<>", actor.id ?? "")
    .where("points", "=", 0)
    .where("bonus", "=", 0)
    .orderBy("id")
    .executeTakeFirst();
  if (!pick) return;
  // The other side wins by more: as wrong as before.
  const score = result.home > result.away ? { home: 0, away: 4 } : { home: 4, away: 0 };
  if (score.home === pick.home_score && score.away === pick.away_score)
    score[result.home > result.away ? "away" : "home"] = 5;
  await updatePrediction(db, pick.id, score, actor, now);
}

/** 'Reiniciar' on a match, then its picks and result back as they were (the picks by the seed, not logged). */
async function resetAndRestore(db: Kysely<Database>, matchId: number, actor: ReturnType<typeof actorOf>, now: Date) {
  const match = await db
    .selectFrom("matches")
    .select(["home_score", "away_score"])
    .where("id", "=", matchId)
    .executeTakeFirstOrThrow();
  const picks = await db
    .selectFrom("predictions")
    .select(["user_id", "match_id", "home_score", "away_score", "activated", "created_at", "updated_at"])
    .where("match_id", "=", matchId)
    .execute();
  await resetMatch(db, matchId, actor, now);
  if (picks.length > 0) await db.insertInto("predictions").values(picks).execute();
  await saveResult(
    db,
    matchId,
    { home: match.home_score!, away: match.away_score! },
    actor,
    new Date(now.getTime() + 5 * 60_000),
  );
}
