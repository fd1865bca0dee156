import type { Kysely } from "kysely";
import { formatKickoff } from "#app/domain/dates";
import { LOCK_MESSAGES, lockReason, matchState } from "#app/domain/game/locking";
import type { PredictionMatch } from "#app/domain/game/match";
import { scoreLabel } from "#app/domain/game/season-rules";
import { runCompiled } from "#app/data/engine/compiled-queries.server";
import { matchQuery, toMatchView } from "#app/data/seasons/matches.server";
import type { Database } from "#app/data/engine/schema";
import type { SeasonView } from "#app/data/seasons/current-season.server";

/**
 * The prediction form shared by the home page and the pool pages: what it shows a user (its
 * submission: domain/forms/prediction-form.ts, http/save-predictions.server.ts). Only the current season
 * takes picks; a finished season shows every match closed. With the season's rule 'Pronósticos
 * editables hasta el cierre', a saved pick stays editable until its match locks.
 */
export async function predictionMatches(
  db: Kysely<Database>,
  userId: string,
  {
    season,
    phaseIds,
    quinielaId: poolId,
    now = new Date(),
  }: { season: SeasonView; phaseIds?: readonly number[]; quinielaId?: number; now?: Date },
): Promise<PredictionMatch[]> {
  // A pool shows all its matches; the home page only the active ones. The viewer's picks come
  // in the same query, compiled once (data/engine/compiled-queries.server.ts): a saved form answers
  // with it, at a deadline two hundred times a second.
  const rows =
    phaseIds?.length === 0
      ? []
      : await runCompiled(
          db,
          `prediction-matches:${poolId === undefined ? "active" : "pool"}:${phaseIds ? "phases" : "all"}`,
          { userId, seasonId: season.id, phaseIds: phaseIds ?? [], quinielaId: poolId ?? null },
          (values) =>
            matchQuery(db, {
              seasonId: values.seasonId,
              activeOnly: poolId === undefined,
              phaseIds: phaseIds && values.phaseIds,
              quinielaId: poolId === undefined ? undefined : values.quinielaId!,
            })!
              .leftJoin("predictions as pr", (join) => join.onRef("pr.match_id", "=", "m.id").on("pr.user_id", "=", values.userId))
              .select(["pr.home_score as pick_home", "pr.away_score as pick_away", "pr.points as pick_points", "pr.bonus as pick_bonus"]),
        );
  const takesPredictions = season.isCurrent && season.finishedAt === null;
  return rows.map((row) => {
    const match = toMatchView(row);
    const prediction =
      row.pick_home === null || row.pick_away === null
        ? null
        : { home: row.pick_home, away: row.pick_away, points: row.pick_points, bonus: row.pick_bonus ?? 0 };
    const reason = takesPredictions ? lockReason(matchState(match), now) : null;
    const lockedBecause = !takesPredictions
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
      pick: prediction && { ...prediction, exact: prediction.points === season.rules.pointsExact },
      lockedBecause,
      editable: lockedBecause === null && prediction !== null && season.rules.editablePicks,
    };
  });
}
