import type { Kysely } from "kysely";
import { LOCK_MESSAGES, lockReason } from "#app/domain/game/locking";
import { matchLabelOfNames } from "#app/domain/game/match";
import type { Prediction } from "#app/domain/forms/prediction-form";
import { runCompiled } from "#app/data/engine/compiled-queries.server";
import type { Database } from "#app/data/engine/schema";
import { finishedMessage, isFinished, type SeasonView } from "#app/data/seasons/current-season.server";

export type SaveResult = { ok: true; saved: number } | { ok: false; message: string };

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/**
 * One read in the transaction: the matches, whether this user picked each one already, and
 * whether the season is still the current one and not finished. Compiled once
 * (data/engine/compiled-queries.server.ts): the deadline rush's path.
 */
function readMatchesLocked(trx: Kysely<Database>, userId: string, seasonId: number, matchIds: number[]) {
  return runCompiled(trx, "save-picks-read", { userId, seasonId, matchIds }, (values) =>
    trx
      .selectFrom("matches as m")
      .innerJoin("phases as p", "p.id", "m.phase_id")
      // The season the save is for, on every row (whichever season a match is of), so that
      // its row is locked below.
      .innerJoin("seasons as s", (join) => join.on("s.id", "=", values.seasonId))
      .leftJoin("teams as h", "h.id", "m.home_team_id")
      .leftJoin("teams as a", "a.id", "m.away_team_id")
      .leftJoin("predictions as pr", (join) => join.onRef("pr.match_id", "=", "m.id").on("pr.user_id", "=", values.userId))
      .select([
        "m.id",
        "m.active",
        "m.home_score",
        "m.kickoff_at",
        "p.activated_at",
        "p.season_id",
        "h.name as home",
        "a.name as away",
        "pr.match_id as picked",
        "s.finished_at as season_finished_at",
        "s.is_current as season_is_current",
      ])
      .where("m.id", "in", values.matchIds)
      // The matches, their phases and the season locked until this save commits (PostgreSQL;
      // SQLite runs one writing transaction at a time: data/engine/db.server.ts). A write that
      // changes what is checked here (a result, a phase switched on or off, a match's teams)
      // locks its matches first (lockMatches, data/seasons/matches.server.ts), an activation its
      // phase; 'Terminar temporada' and 'Hacer actual' change the season's row (and lock
      // nothing a save locks before it). One that comes now waits for this save and scores
      // or activates its picks; one under way commits first, and this read, having waited,
      // sees it (PostgreSQL reads again the rows it waited for, and only those). Without the
      // lock, a pick checked before a result commits could be inserted after it was scored,
      // and stay unscored, or land in a season just finished. In id order, each match before
      // its phase, as every writer takes them: no circle of waits.
      .orderBy("m.id")
      .forShare(["m", "p", "s"]),
  );
}

type LockedMatch = Awaited<ReturnType<typeof readMatchesLocked>>[number];

/** 'Chivas vs América': the match a refused form names (null when there is no such match). */
export async function matchLabelOf(db: Kysely<Database>, matchId: number): Promise<string | null> {
  const row = await db
    .selectFrom("matches as m")
    .leftJoin("teams as h", "h.id", "m.home_team_id")
    .leftJoin("teams as a", "a.id", "m.away_team_id")
    .select(["h.name as home", "a.name as away"])
    .where("m.id", "=", matchId)
    .executeTakeFirst();
  return row ? matchLabelOfNames(row.home, row.away) : null;
}

/** Why one pick of the batch is refused (the message the user is told), or null when it may be saved. */
function refusal(match: LockedMatch | undefined, picked: boolean, season: SeasonView, now: Date): string | null {
  if (!match) return "El partido no existe";
  const label = matchLabelOfNames(match.home, match.away);
  if (match.season_id !== season.id || match.season_is_current !== 1) return `${label}: no es de la temporada actual`;
  const reason = lockReason(
    {
      active: match.active === 1,
      hasResult: match.home_score !== null,
      kickoffAt: match.kickoff_at,
      phaseActivatedAt: match.activated_at,
      teamsKnown: match.home !== null && match.away !== null,
    },
    now,
  );
  if (reason) return `${label}: ${LOCK_MESSAGES[reason]}`;
  if (picked && !season.rules.editablePicks) return `${label}: ${LOCK_MESSAGES["already-predicted"]}`;
  return null;
}

/** The picks of matches this user had not picked yet, in one statement compiled once. */
async function insertFresh(trx: Kysely<Database>, userId: string, fresh: readonly Prediction[], stamp: string) {
  if (fresh.length === 0) return;
  const columns = {
    userId,
    stamp,
    matchIds: fresh.map((prediction) => prediction.matchId),
    homes: fresh.map((prediction) => prediction.home),
    aways: fresh.map((prediction) => prediction.away),
  };
  await runCompiled(trx, "save-picks-insert", columns, (values) =>
    trx.insertInto("predictions").values(
      values.matchIds.map((matchId, i) => ({
        user_id: values.userId,
        match_id: matchId,
        home_score: values.homes[i]!,
        away_score: values.aways[i]!,
        created_at: values.stamp,
        updated_at: values.stamp,
      })),
    ),
  );
}

/** Changed picks (the season allows it): open matches have no result, so nothing is scored yet. */
async function updateChanged(trx: Kysely<Database>, userId: string, changed: readonly Prediction[], stamp: string) {
  for (const prediction of changed) {
    await trx
      .updateTable("predictions")
      .set({ home_score: prediction.home, away_score: prediction.away, updated_at: stamp })
      .where("user_id", "=", userId)
      .where("match_id", "=", prediction.matchId)
      .where((eb) => eb.or([eb("home_score", "<>", prediction.home), eb("away_score", "<>", prediction.away)]))
      .execute();
  }
}

/**
 * Stores a user's batch of picks, all or nothing (SPEC §2.2–2.3): each match must be of the
 * current season (not finished), active, without result, in a phase not yet activated, before
 * kickoff, and not predicted before by this user, unless the season's rule lets a saved pick
 * change until it locks (then it is updated). The unique (user, match) constraint settles a race
 * between two tabs; the lock on the matches read, a race with their result or activation.
 */
export async function savePredictions(
  db: Kysely<Database>,
  userId: string,
  predictions: readonly Prediction[],
  season: SeasonView,
  now: Date = new Date(),
): Promise<SaveResult> {
  const matchIds = predictions.map((prediction) => prediction.matchId);
  if (new Set(matchIds).size !== matchIds.length) return { ok: false, message: "Hay partidos repetidos en el envío" };
  try {
    return await db.transaction().execute(async (trx) => {
      const matches = await readMatchesLocked(trx, userId, season.id, matchIds);
      // No match found: the season's state still comes first in what the user is told.
      const finished = matches.length > 0 ? matches[0]!.season_finished_at !== null : await isFinished(trx, season.id);
      if (finished) return { ok: false as const, message: finishedMessage(season.name) };
      const byId = new Map(matches.map((match) => [match.id, match]));
      const already = new Set(matches.filter((match) => match.picked !== null).map((match) => match.id));
      for (const prediction of predictions) {
        const message = refusal(byId.get(prediction.matchId), already.has(prediction.matchId), season, now);
        if (message !== null) return { ok: false as const, message };
      }
      const stamp = now.toISOString();
      await insertFresh(trx, userId, predictions.filter((prediction) => !already.has(prediction.matchId)), stamp);
      await updateChanged(trx, userId, predictions.filter((prediction) => already.has(prediction.matchId)), stamp);
      return { ok: true as const, saved: predictions.length };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, message: LOCK_MESSAGES["already-predicted"] };
    throw error;
  }
}
