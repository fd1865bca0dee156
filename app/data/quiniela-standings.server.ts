import type { MatchView } from "#app/domain/match";
import type { ScoredMatch } from "#app/domain/scoring";
import { scoredResult, type SeasonRules } from "#app/domain/season-rules";
import { type Band, emptyTally, rankRows, tallyByUserAndPhase } from "#app/domain/standings";
import type { PoolPick } from "./quiniela-picks.server";
import type { PersonView } from "./quinielas.server";

/** A pool's standings, computed from the pool's own matches and participants with domain/standings.ts. */

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
 * The pool's table: its participants scored on its matches with a result only, with the same
 * rules as every other table (domain/standings.ts). A knockout bonus counts only when both legs
 * are in the pool. Only totals leave this function, never anyone's picks. Reads nothing: the
 * matches and picks are the pool page's (quiniela-picks.server.ts `revealedPoolPicks`).
 */
export function poolStandings({
  matches,
  picks,
  participants,
  rules,
}: {
  matches: readonly MatchView[];
  picks: readonly PoolPick[];
  participants: readonly PersonView[];
  rules: SeasonRules;
}): PoolStandingRow[] {
  // Only matches with a result can earn points (the bonus needs both legs' results too).
  const scored: (ScoredMatch & { phaseId: number })[] = matches
    .filter((match) => match.result !== null)
    .map((match) => ({
      id: match.id,
      phaseId: match.phaseId,
      phaseName: match.phaseName,
      phasePosition: match.phasePosition,
      homeTeamId: match.home?.id ?? null,
      awayTeamId: match.away?.id ?? null,
      result: scoredResult(match, rules),
      isFirstLeg: match.isFirstLeg,
      kickoffAt: match.kickoffAt,
    }));
  const withResult = new Set(scored.map((match) => match.id));
  const tallies = tallyByUserAndPhase(
    scored,
    picks.filter((pick) => withResult.has(pick.matchId)),
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
