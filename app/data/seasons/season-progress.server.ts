import type { Expression, Kysely, SqlBool } from "kysely";

import type { Database } from "#app/data/engine/schema";

/** What the /admin checklist counts over a season's matches, beyond its phases' counts (listPhases). */
export interface SeasonProgress {
  /** Matches still to play (no result) without a kickoff time. */
  withoutKickoff: number;
  /** Of those, the active ones. */
  activeWithoutKickoff: number;
  /** Active matches without a result that have begun (kickoff passed) or whose pools are activated. */
  awaitingResult: number;
}

/** One pass over the season's matches (kickoffs are ISO UTC text: compared as text, as they sort). */
export async function seasonProgress(db: Kysely<Database>, seasonId: number, now: Date): Promise<SeasonProgress> {
  const row = await db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .where("p.season_id", "=", seasonId)
    .select((eb) => {
      const noResult = eb.or([eb("m.home_score", "is", null), eb("m.away_score", "is", null)]);
      const count = (when: Expression<SqlBool>[]) =>
        eb.fn.sum<number | string | null>(eb.case().when(eb.and(when)).then(1).else(0).end());
      return [
        count([noResult, eb("m.kickoff_at", "is", null)]).as("without_kickoff"),
        count([noResult, eb("m.kickoff_at", "is", null), eb("m.active", "=", 1)]).as("active_without_kickoff"),
        count([
          noResult,
          eb("m.active", "=", 1),
          eb.or([eb("m.kickoff_at", "<=", now.toISOString()), eb("p.activated_at", "is not", null)]),
        ]).as("awaiting_result"),
      ];
    })
    .executeTakeFirstOrThrow();
  return {
    withoutKickoff: Number(row.without_kickoff ?? 0),
    activeWithoutKickoff: Number(row.active_without_kickoff ?? 0),
    awaitingResult: Number(row.awaiting_result ?? 0),
  };
}
