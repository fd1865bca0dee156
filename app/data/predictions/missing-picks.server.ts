import type { Kysely } from "kysely";

import { runCompiled } from "#app/data/engine/compiled-queries.server";
import { keptUntilSeasonChanges } from "#app/data/engine/kept-reads.server";
import type { Database } from "#app/data/engine/schema";
import { currentSeason } from "#app/data/seasons/current-season.server";
import { lockReason, type MatchState } from "#app/domain/game/locking";
import { missingPicks, type MissingPicks } from "#app/domain/game/missing-picks";

interface Pickable extends MatchState {
  id: number;
}

/**
 * The current season's matches that may take picks, narrowed in SQL (active, teams known, no
 * result, phase not activated; the kickoff is the clock's to judge), kept until the season's
 * shape changes (its tables are all this reads: data/engine/kept-reads.server.ts). None once the
 * season is finished.
 */
function pickableMatches(db: Kysely<Database>): Promise<readonly Pickable[]> {
  return keptUntilSeasonChanges(db, "pickable-matches", async () => {
    const season = await currentSeason(db);
    if (!season.isCurrent || season.finishedAt !== null) return [];
    const rows = await db
      .selectFrom("matches as m")
      .innerJoin("phases as p", "p.id", "m.phase_id")
      .select(["m.id", "m.kickoff_at", "m.active", "m.home_score", "m.home_team_id", "m.away_team_id", "p.activated_at"])
      .where("p.season_id", "=", season.id)
      .where("m.active", "=", 1)
      .where("m.home_team_id", "is not", null)
      .where("m.away_team_id", "is not", null)
      .where("m.home_score", "is", null)
      .where("p.activated_at", "is", null)
      .orderBy("m.id")
      .execute();
    return rows.map((row) => ({
      id: row.id,
      active: row.active === 1,
      hasResult: row.home_score !== null,
      kickoffAt: row.kickoff_at,
      phaseActivatedAt: row.activated_at,
      teamsKnown: row.home_team_id !== null && row.away_team_id !== null,
    }));
  });
}

/** Closes the navbar follows; beyond them a close is counted, not followed, until the next read. */
const NAVBAR_CLOSINGS = 20;

/**
 * The player's missing picks in the current season (domain/game/missing-picks.ts), for the
 * navbar's badge on every signed-in page: the season's open matches come from memory, and one
 * query by the predictions' (user, match) index reads which of them the player has predicted;
 * none when nothing is open.
 */
export async function missingPicksOf(db: Kysely<Database>, userId: string, now = new Date()): Promise<MissingPicks> {
  const open = (await pickableMatches(db)).filter((match) => lockReason(match, now) === null);
  if (open.length === 0) return missingPicks([], now.getTime());
  const ids = open.map((match) => match.id);
  const rows = await runCompiled(db, "missing-picks", { userId, ids }, (values) =>
    db
      .selectFrom("predictions")
      .select("match_id")
      .where("user_id", "=", values.userId)
      .where("match_id", "in", values.ids),
  );
  const picked = new Set(rows.map((row) => row.match_id));
  return missingPicks(
    open.map((match) => ({ kickoffAt: match.kickoffAt, open: true, picked: picked.has(match.id) })),
    now.getTime(),
    NAVBAR_CLOSINGS,
  );
}
