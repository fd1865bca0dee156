import type { Kysely } from "kysely";
import { formatKickoff } from "#app/domain/dates";
import { LOCK_MESSAGES, lockReason } from "#app/domain/locking";
import type { PredictionMatch } from "#app/domain/match";
import { scoreLabel } from "#app/domain/season-rules";
import { listMatches } from "./matches.server";
import { picksOfUser } from "./predictions.server";
import type { Database } from "./schema";
import type { SeasonView } from "./seasons.server";

/**
 * The prediction form shared by the home page and the pool pages: what it shows a user (its
 * submission: domain/prediction-form.ts, http/picks-action.server.ts). Only the current season
 * takes picks; a finished season shows every match closed. With the season's rule 'Pronósticos
 * editables hasta el cierre', a saved pick stays editable until its match locks.
 */
export async function predictionMatches(
  db: Kysely<Database>,
  userId: string,
  {
    season,
    matchIds,
    phaseIds,
    now = new Date(),
  }: { season: SeasonView; matchIds?: number[]; phaseIds?: readonly number[]; now?: Date },
): Promise<PredictionMatch[]> {
  const matches = await listMatches(db, { seasonId: season.id, activeOnly: matchIds === undefined, matchIds, phaseIds });
  const picks = await picksOfUser(
    db,
    userId,
    matches.map((match) => match.id),
  );
  const takesPicks = season.isCurrent && season.finishedAt === null;
  return matches.map((match) => {
    const reason = takesPicks
      ? lockReason(
          { active: match.active, hasResult: match.result !== null, kickoffAt: match.kickoffAt, phaseActivatedAt: match.phaseActivatedAt, teamsKnown: match.home !== null && match.away !== null },
          now,
        )
      : null;
    const pick = picks.get(match.id) ?? null;
    const lockedBecause = !takesPicks
      ? season.finishedAt === null
        ? "No es la temporada actual"
        : "La temporada está terminada"
      : reason
        ? LOCK_MESSAGES[reason]
        : null;
    return {
      ...match,
      kickoffLabel: formatKickoff(match.kickoffAt, season.timeZone),
      scoreLabel: scoreLabel(match),
      pick: pick && { ...pick, exact: pick.points === season.rules.pointsExact },
      lockedBecause,
      editable: lockedBecause === null && pick !== null && season.rules.editablePicks,
    };
  });
}
