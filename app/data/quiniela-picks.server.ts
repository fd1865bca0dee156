import type { Kysely } from "kysely";
import { picksRevealed } from "#app/domain/locking";
import type { MatchView } from "#app/domain/match";
import { predictionPoints } from "#app/domain/scoring";
import { scoreLabel, scoredResult, type SeasonRules } from "#app/domain/season-rules";
import type { Database } from "./schema";
import { chunked } from "./chunks";

/** The pool's revealed picks, phase by phase, as the pool page's grid shows them. */

type Db = Kysely<Database>;

/** One match of the picks grid: its teams (short codes for the column) and result. */
export interface GridMatch {
  id: number;
  home: { name: string; shortCode: string } | null;
  away: { name: string; shortCode: string } | null;
  result: { home: number; away: number } | null;
  /** '1 - 1 (3 - 4 pen.)'. */
  resultLabel: string | null;
}

export interface GridCell {
  home: number;
  away: number;
  /** Points of this pick (no knockout bonus), null while the match has no result. */
  points: number | null;
}

export interface PicksGridPhase {
  phaseId: number;
  phaseName: string;
  matches: GridMatch[];
  /** One row per participant (in the order given), picks by match id; a missing pick is absent. */
  rows: { userId: string; picks: Record<number, GridCell> }[];
}

/** A participant's pick on one of the pool's matches. */
export interface PoolPick {
  userId: string;
  matchId: number;
  home: number;
  away: number;
}

/**
 * The pool's matches whose picks are revealed (SPEC §2.4: kickoff passed, result entered or phase
 * activated; domain/locking.ts) and its participants' picks on them. Matches still open are left
 * out entirely, so nobody's pick for them is ever read. The pool's standings (only matches with
 * a result) and its picks grid both come from these.
 */
export async function revealedPoolPicks(
  db: Db,
  quinielaId: number,
  { matches, now = new Date() }: { matches: readonly MatchView[]; now?: Date },
): Promise<{ revealed: MatchView[]; picks: PoolPick[] }> {
  const revealed = matches.filter((match) =>
    picksRevealed({ hasResult: match.result !== null, kickoffAt: match.kickoffAt, phaseActivatedAt: match.phaseActivatedAt }, now),
  );
  const picks: PoolPick[] = [];
  for (const chunk of chunked(revealed.map((match) => match.id))) {
    const rows = await db
      .selectFrom("predictions as pr")
      .innerJoin("quiniela_participants as qp", (join) =>
        join.onRef("qp.user_id", "=", "pr.user_id").on("qp.quiniela_id", "=", quinielaId),
      )
      .select(["pr.user_id", "pr.match_id", "pr.home_score", "pr.away_score"])
      .where("pr.match_id", "in", chunk)
      .execute();
    for (const row of rows) picks.push({ userId: row.user_id, matchId: row.match_id, home: row.home_score, away: row.away_score });
  }
  return { revealed, picks };
}

/** The picks grid: the revealed matches phase by phase, one row per participant in the order given. */
export function picksGrid(
  revealed: readonly MatchView[],
  picks: readonly PoolPick[],
  { participantIds, rules }: { participantIds: readonly string[]; rules: SeasonRules },
): PicksGridPhase[] {
  if (revealed.length === 0 || participantIds.length === 0) return [];
  const byId = new Map(revealed.map((match) => [match.id, match]));
  const cells = new Map<string, Record<number, GridCell>>(participantIds.map((id) => [id, {}]));
  for (const pick of picks) {
    const row = cells.get(pick.userId);
    const match = byId.get(pick.matchId);
    if (!row || !match) continue;
    const score = { home: pick.home, away: pick.away };
    row[pick.matchId] = { ...score, points: predictionPoints(scoredResult(match, rules), score, rules) };
  }
  const phases: PicksGridPhase[] = [];
  for (const match of revealed) {
    let phase = phases.at(-1);
    if (phase?.phaseId !== match.phaseId) {
      phase = { phaseId: match.phaseId, phaseName: match.phaseName, matches: [], rows: [] };
      phases.push(phase);
    }
    phase.matches.push({
      id: match.id,
      home: match.home && { name: match.home.name, shortCode: match.home.shortCode },
      away: match.away && { name: match.away.name, shortCode: match.away.shortCode },
      result: match.result,
      resultLabel: scoreLabel(match),
    });
  }
  for (const phase of phases) {
    phase.rows = participantIds.map((userId) => {
      const all = cells.get(userId) ?? {};
      const mine: Record<number, GridCell> = {};
      for (const match of phase.matches) if (all[match.id]) mine[match.id] = all[match.id]!;
      return { userId, picks: mine };
    });
  }
  return phases;
}
