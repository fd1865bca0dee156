import type { MatchView } from "#app/domain/game/match";
import { countScores, pickShares, type PickShares } from "#app/domain/game/pick-shares";
import { predictionPoints, type ScoredMatch } from "#app/domain/game/scoring";
import { scoredResult, scoreLabel, type SeasonRules } from "#app/domain/game/season-rules";

import { emptyTally, rankRows, tallyByUserAndPhase, type StandingRow } from "./standings";

/**
 * A pool's table and its picks grid (SPEC §4), made from the pool's revealed matches and its
 * participants' picks on them, read once by the pool page (data/pools/pool-predictions.server.ts).
 */

/** A participant's pick on one of the pool's matches. */
export interface PoolPrediction {
  userId: string;
  matchId: number;
  home: number;
  away: number;
}

/** A participant as the table shows them. */
export interface PoolPerson {
  id: string;
  name: string;
  image: string | null;
  avatarColor: string;
}

/** A row of a pool's standings table: a ranked tally with the participant's avatar. */
export interface PoolStandingRow extends StandingRow {
  image: string | null;
  avatarColor: string;
}

/**
 * The pool's table: its participants scored on its matches with a result only, with the same
 * rules as every other table (domain/standings/standings.ts). A knockout bonus counts only when both legs
 * are in the pool. Only totals leave this function, never anyone's picks. The matches and
 * picks are the pool page's one read (data/pools/pool-predictions.server.ts `revealedPoolPicks`).
 */
export function poolStandings({
  matches,
  picks: predictions,
  participants,
  rules,
}: {
  matches: readonly MatchView[];
  picks: readonly PoolPrediction[];
  participants: readonly PoolPerson[];
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
    predictions.filter((prediction) => withResult.has(prediction.matchId)),
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

/** One match of the picks grid: its teams (short codes for the column) and result. */
export interface GridMatch {
  id: number;
  home: { name: string; shortCode: string } | null;
  away: { name: string; shortCode: string } | null;
  result: { home: number; away: number } | null;
  /** '1 - 1 (3 - 4 pen.)'. */
  resultLabel: string | null;
  /** What the pool's participants picked (the grid shows revealed matches only). */
  shares: PickShares;
}

export interface GridCell {
  home: number;
  away: number;
  /** Points of this pick (no knockout bonus), null while the match has no result. */
  points: number | null;
}

export interface PredictionsGridPhase {
  phaseId: number;
  phaseName: string;
  matches: GridMatch[];
  /** One row per participant (in the order given), picks by match id; a missing pick is absent. */
  rows: { userId: string; picks: Record<number, GridCell> }[];
}

/** The picks grid: the revealed matches phase by phase, one row per participant in the order given. */
export function predictionsGrid(
  revealed: readonly MatchView[],
  predictions: readonly PoolPrediction[],
  { participantIds, rules }: { participantIds: readonly string[]; rules: SeasonRules },
): PredictionsGridPhase[] {
  if (revealed.length === 0 || participantIds.length === 0) return [];
  const byId = new Map(revealed.map((match) => [match.id, match]));
  const cells = new Map<string, Record<number, GridCell>>(participantIds.map((id) => [id, {}]));
  for (const prediction of predictions) {
    const row = cells.get(prediction.userId);
    const match = byId.get(prediction.matchId);
    if (!row || !match) continue;
    const score = { home: prediction.home, away: prediction.away };
    row[prediction.matchId] = { ...score, points: predictionPoints(scoredResult(match, rules), score, rules) };
  }
  const picksByMatch = new Map<number, PoolPrediction[]>();
  for (const prediction of predictions) {
    if (!cells.has(prediction.userId)) continue;
    const list = picksByMatch.get(prediction.matchId);
    if (list) list.push(prediction);
    else picksByMatch.set(prediction.matchId, [prediction]);
  }
  const phases: PredictionsGridPhase[] = [];
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
      shares: pickShares(countScores(picksByMatch.get(match.id) ?? [])),
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
