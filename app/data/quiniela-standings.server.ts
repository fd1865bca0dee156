import type { Kysely } from "kysely";
import type { ScoredMatch } from "#app/domain/scoring";
import { scoredResult, type SeasonRules } from "#app/domain/season-rules";
import { type Band, emptyTally, rankRows, tallyByUserAndPhase } from "#app/domain/standings";
import type { Database } from "./schema";
import { SCORE_COLUMNS, scoresOf } from "./matches.server";
import type { PersonView } from "./quinielas.server";

/** A pool's standings, computed from the pool's own matches and participants with domain/standings.ts. */

type Db = Kysely<Database>;

/** A row of a pool's standings table. */
export interface PoolStandingRow {
  userId: string;
  name: string;
  image: string | null;
  avatarColor: string;
  points: number;
  exactHits: number;
  outcomeHits: number;
  rank: number;
  band: Band;
}

/**
 * The pool's table: its participants scored on its matches only, with the same rules as every
 * other table (domain/standings.ts). A knockout bonus counts only when both legs are in the pool.
 * Only totals leave this function, never anyone's picks.
 */
export async function poolStandings(
  db: Db,
  quinielaId: number,
  participants: readonly PersonView[],
  rules: SeasonRules,
): Promise<PoolStandingRow[]> {
  const matchRows = await db
    .selectFrom("quiniela_matches as qm")
    .innerJoin("matches as m", "m.id", "qm.match_id")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .select([
      "m.id",
      "m.phase_id",
      "p.name as phase_name",
      "p.position as phase_position",
      "m.home_team_id",
      "m.away_team_id",
      ...SCORE_COLUMNS.map((column) => `m.${column}` as const),
      "m.is_first_leg",
      "m.kickoff_at",
    ])
    .where("qm.quiniela_id", "=", quinielaId)
    // Only matches with a result can earn points (the bonus needs both legs' results too).
    .where("m.home_score", "is not", null)
    .where("m.away_score", "is not", null)
    .execute();
  const matches: (ScoredMatch & { phaseId: number })[] = matchRows.map((row) => ({
    id: row.id,
    phaseId: row.phase_id,
    phaseName: row.phase_name,
    phasePosition: row.phase_position,
    homeTeamId: row.home_team_id,
    awayTeamId: row.away_team_id,
    result: scoredResult(scoresOf(row), rules),
    isFirstLeg: row.is_first_leg === null ? null : row.is_first_leg === 1,
    kickoffAt: row.kickoff_at,
  }));

  const picks =
    matches.length === 0
      ? []
      : await db
          .selectFrom("predictions as pr")
          .innerJoin("quiniela_participants as qp", (join) =>
            join.onRef("qp.user_id", "=", "pr.user_id").on("qp.quiniela_id", "=", quinielaId),
          )
          .innerJoin("quiniela_matches as qm", (join) =>
            join.onRef("qm.match_id", "=", "pr.match_id").on("qm.quiniela_id", "=", quinielaId),
          )
          .innerJoin("matches as m", "m.id", "pr.match_id")
          .select(["pr.user_id", "pr.match_id", "pr.home_score", "pr.away_score"])
          .where("m.home_score", "is not", null)
          .execute();

  const tallies = tallyByUserAndPhase(
    matches,
    picks.map((pick) => ({ userId: pick.user_id, matchId: pick.match_id, home: pick.home_score, away: pick.away_score })),
    rules,
  );
  const people = new Map(participants.map((person) => [person.id, person]));
  // Users whose names compare equal keep one order: rankRows() sorts stably from user-id order.
  const rows = [...participants]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((person) => {
      const total = emptyTally();
      for (const tally of tallies.get(person.id)?.values() ?? []) {
        total.points += tally.points;
        total.exactHits += tally.exactHits;
        total.outcomeHits += tally.outcomeHits;
      }
      return { userId: person.id, name: person.name, ...total };
    });
  return rankRows(rows).map((row) => {
    const person = people.get(row.userId)!;
    return { ...row, image: person.image, avatarColor: person.avatarColor };
  });
}
