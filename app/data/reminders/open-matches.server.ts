import type { Kysely } from "kysely";

import { chunked } from "#app/data/engine/chunks";
import type { Database } from "#app/data/engine/schema";
import { matchQuery, toMatchView } from "#app/data/seasons/matches.server";
import { matchState } from "#app/domain/game/locking";
import { openMatchesByPhase, type ReminderMatch } from "#app/domain/reminders/reminder-rules";

/** An open match as a reminder names it. */
export interface OpenMatch extends ReminderMatch {
  phaseName: string;
  home: string;
  away: string;
}

export interface OpenMatches {
  seasonId: number;
  timeZone: string;
  /** The open matches of each phase, in season order, by phase id. */
  byPhase: Map<number, OpenMatch[]>;
}

/**
 * The current season's matches a player can still predict (domain/reminders: active, teams
 * known, no result, phase not activated, kickoff ahead), by phase; of these phases only, when
 * given. Null when the season is finished: it sends nothing.
 */
export async function currentOpenMatches(
  db: Kysely<Database>,
  now: Date,
  phaseIds?: readonly number[],
): Promise<OpenMatches | null> {
  const season = await db
    .selectFrom("seasons")
    .select(["id", "time_zone", "finished_at"])
    .where("is_current", "=", 1)
    .executeTakeFirst();
  if (!season || season.finished_at !== null) return null;
  // Narrowed in SQL to what may be open; the rule itself decides below.
  const query = matchQuery(db, { seasonId: season.id, activeOnly: true, phaseIds })
    ?.where("m.home_score", "is", null)
    .where("p.activated_at", "is", null);
  const rows = (await query?.execute()) ?? [];
  const matches = rows.map((row): OpenMatch => {
    const view = toMatchView(row);
    return {
      ...matchState(view),
      id: view.id,
      phaseId: view.phaseId,
      phaseName: view.phaseName,
      home: view.home?.name ?? "",
      away: view.away?.name ?? "",
    };
  });
  return { seasonId: season.id, timeZone: season.time_zone, byPhase: openMatchesByPhase(matches, now) };
}

/** Which of these matches each player has predicted (every player's, unless `userIds` narrows it). */
export async function picksOf(
  db: Kysely<Database>,
  matchIds: readonly number[],
  userIds?: readonly string[],
): Promise<Map<string, Set<number>>> {
  const picks = new Map<string, Set<number>>();
  if (matchIds.length === 0 || userIds?.length === 0) return picks;
  for (const users of userIds ? chunked(userIds, 500) : [undefined]) {
    let query = db.selectFrom("predictions").select(["user_id", "match_id"]).where("match_id", "in", matchIds);
    if (users) query = query.where("user_id", "in", users);
    for (const row of await query.execute()) {
      const set = picks.get(row.user_id) ?? new Set<number>();
      set.add(row.match_id);
      picks.set(row.user_id, set);
    }
  }
  return picks;
}
