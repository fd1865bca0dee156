import type { Kysely } from "kysely";
import type { Database } from "#app/data/engine/schema";
import type { CalendarMatch } from "#app/domain/game/match-calendar";

import { matchQuery, toMatchView } from "./matches.server";

/**
 * The most matches a feed carries. A season has a few hundred at most (a World Cup 104, a league
 * season under 400 with its play-offs); the cap keeps one request's work bounded whatever is stored.
 */
export const CALENDAR_MATCH_LIMIT = 1000;

/** A season's matches that have a kickoff, in season order, as the calendar feed needs them. */
export async function calendarMatches(db: Kysely<Database>, seasonId: number): Promise<CalendarMatch[]> {
  const rows = await matchQuery(db, { seasonId })!
    .select("m.kickoff_sequence")
    .where("m.kickoff_at", "is not", null)
    .limit(CALENDAR_MATCH_LIMIT)
    .execute();
  return rows.map((row) => {
    const match = toMatchView(row);
    return {
      id: match.id,
      home: match.home?.name ?? null,
      away: match.away?.name ?? null,
      kickoffAt: match.kickoffAt!,
      kickoffSequence: Number(row.kickoff_sequence),
      phaseName: match.phaseName,
      group: match.group,
      result: match.result,
      extraTime: match.extraTime,
      penalties: match.penalties,
    };
  });
}
