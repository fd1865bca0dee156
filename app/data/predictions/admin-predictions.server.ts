import type { Kysely } from "kysely";
import { type PhaseStatus, phaseStatus } from "#app/domain/game/phase-status";
import type { Score } from "#app/domain/game/scoring";
import type { Database } from "#app/data/engine/schema";
import { rescoreAround } from "#app/data/standings/upkeep.server";
import { type Actor, logChange } from "#app/data/changes/change-log.server";
import { matchLabelOfNames } from "#app/domain/game/match";

/** A prediction as the admin screens show it (every user's, revealed or not). */
export interface AdminPrediction {
  id: number;
  matchId: number;
  userId: string;
  userName: string;
  userImage: string | null;
  userColor: string;
  home: number;
  away: number;
  /** Null while the match has no result. */
  points: number | null;
  bonus: number;
  activated: boolean;
}

/** Every prediction of the phase's matches (one query), by match in season order, then user name. */
export async function predictionsOfPhase(db: Kysely<Database>, phaseId: number): Promise<AdminPrediction[]> {
  const rows = await db
    .selectFrom("predictions as pr")
    .innerJoin("matches as m", "m.id", "pr.match_id")
    .innerJoin("users as u", "u.id", "pr.user_id")
    .select([
      "pr.id",
      "pr.match_id",
      "pr.user_id",
      "u.name",
      "u.display_name",
      "u.image",
      "u.avatar_color",
      "pr.home_score",
      "pr.away_score",
      "pr.points",
      "pr.bonus",
      "pr.activated",
      "m.kickoff_at",
    ])
    .where("m.phase_id", "=", phaseId)
    .execute();
  const predictions = rows.map((row) => ({
    id: row.id,
    matchId: row.match_id,
    userId: row.user_id,
    userName: row.display_name?.trim() || row.name,
    userImage: row.image,
    userColor: row.avatar_color,
    home: row.home_score,
    away: row.away_score,
    points: row.points,
    bonus: row.bonus,
    activated: row.activated === 1,
    kickoffAt: row.kickoff_at,
  }));
  predictions.sort(
    (a, b) =>
      compareNullableText(a.kickoffAt, b.kickoffAt) ||
      a.matchId - b.matchId ||
      a.userName.localeCompare(b.userName, "es", { sensitivity: "base" }) ||
      a.id - b.id,
  );
  return predictions.map(({ kickoffAt: _kickoffAt, ...prediction }) => prediction);
}

function compareNullableText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/**
 * The admin changes a prediction's score; its match is re-scored (points, knockout bonus,
 * standings) in the same transaction. Refused when the prediction does not exist or its season
 * is finished.
 */
export async function updatePrediction(
  db: Kysely<Database>,
  predictionId: number,
  score: Score,
  actor: Actor,
  now: Date = new Date(),
): Promise<{ ok: true; matchId: number } | { ok: false; reason: "not-found" } | { ok: false; reason: "finished"; seasonName: string }> {
  return db.transaction().execute(async (trx) => {
    const prediction = await predictionForWrite(trx, predictionId);
    if (!prediction) return { ok: false as const, reason: "not-found" as const };
    if (prediction.finished_at !== null) {
      return { ok: false as const, reason: "finished" as const, seasonName: prediction.season_name };
    }
    let before = prediction;
    await rescoreAround(trx, [prediction.match_id], async () => {
      // Read again under the match's lock: the score this edit replaces, for the log.
      before = (await predictionForWrite(trx, predictionId)) ?? prediction;
      await trx
        .updateTable("predictions")
        .set({ home_score: score.home, away_score: score.away, updated_at: now.toISOString() })
        .where("id", "=", predictionId)
        .execute();
    });
    if (before.home_score !== score.home || before.away_score !== score.away) {
      await logChange(
        trx,
        actor,
        {
          kind: "prediction-edited",
          seasonId: before.season_id,
          subject: matchLabelOfNames(before.home_name, before.away_name),
          player: { id: before.user_id, name: before.display_name?.trim() || before.name },
          before: { home: before.home_score, away: before.away_score },
          after: { home: score.home, away: score.away },
        },
        now,
      );
    }
    return { ok: true as const, matchId: prediction.match_id };
  });
}

/** The prediction with its match's season, teams and player, read in the caller's transaction. */
function predictionForWrite(trx: Kysely<Database>, predictionId: number) {
  return trx
    .selectFrom("predictions as pr")
    .innerJoin("matches as m", "m.id", "pr.match_id")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .innerJoin("seasons as s", "s.id", "p.season_id")
    .innerJoin("users as u", "u.id", "pr.user_id")
    .leftJoin("teams as ht", "ht.id", "m.home_team_id")
    .leftJoin("teams as at", "at.id", "m.away_team_id")
    .select([
      "pr.match_id",
      "pr.user_id",
      "pr.home_score",
      "pr.away_score",
      "u.name",
      "u.display_name",
      "p.season_id",
      "s.name as season_name",
      "s.finished_at",
      "ht.name as home_name",
      "at.name as away_name",
    ])
    .where("pr.id", "=", predictionId)
    .executeTakeFirst();
}

/**
 * Who captured every prediction of the phase's active matches, counting every registered user
 * (two queries: the total, then each user's count).
 */
export async function predictionStatus(db: Kysely<Database>, phaseId: number): Promise<PhaseStatus> {
  const total = await db
    .selectFrom("matches")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("phase_id", "=", phaseId)
    .where("active", "=", 1)
    .executeTakeFirstOrThrow();
  const users = await db
    .selectFrom("users as u")
    .leftJoin(
      (eb) =>
        eb
          .selectFrom("predictions as pr")
          .innerJoin("matches as m", "m.id", "pr.match_id")
          .select((inner) => ["pr.user_id", inner.fn.countAll<number>().as("captured")])
          .where("m.phase_id", "=", phaseId)
          .where("m.active", "=", 1)
          .groupBy("pr.user_id")
          .as("c"),
      (join) => join.onRef("c.user_id", "=", "u.id"),
    )
    .select(["u.id", "u.name", "u.display_name", "c.captured"])
    // A deleted player is never missing a pick (decision 019).
    .where("u.deleted_at", "is", null)
    .execute();
  return phaseStatus(
    users.map((user) => ({
      userId: user.id,
      name: user.display_name?.trim() || user.name,
      captured: Number(user.captured ?? 0),
    })),
    Number(total.n),
  );
}
