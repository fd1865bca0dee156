import type { Kysely } from "kysely";
import type { MatchView } from "#app/domain/game/match";
import { allowsExtraTime } from "#app/domain/game/phases";
import type { Score } from "#app/domain/game/scoring";
import { listMatches } from "#app/data/seasons/matches.server";
import type { Database } from "#app/data/engine/schema";
import { rescoreAround, rescoreResult } from "#app/data/standings/upkeep.server";
import { type Actor, logChange } from "#app/data/changes/change-log.server";
import { matchLabelOfNames } from "#app/domain/game/match";
import type { ResultValue } from "#app/domain/change-log";

/** A season's active matches for the results screen: by kickoff (matches without one last), then phase. */
export async function resultMatches(db: Kysely<Database>, seasonId: number): Promise<MatchView[]> {
  const matches = await listMatches(db, { seasonId, activeOnly: true });
  return matches.sort((a, b) => {
    if (a.kickoffAt !== b.kickoffAt) {
      if (a.kickoffAt === null) return 1;
      if (b.kickoffAt === null) return -1;
      return a.kickoffAt < b.kickoffAt ? -1 : 1;
    }
    return a.phasePosition - b.phasePosition || a.id - b.id;
  });
}

/** Why a match's result could not change: no such match, or its season is finished. */
export type MatchRefusal = { ok: false; reason: "not-found" } | { ok: false; reason: "finished"; seasonName: string };

/** The match's season, and whether it is finished, read in the caller's transaction; its teams and result for the log. */
async function matchForWrite(db: Kysely<Database>, matchId: number) {
  return db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .innerJoin("seasons as s", "s.id", "p.season_id")
    .leftJoin("teams as ht", "ht.id", "m.home_team_id")
    .leftJoin("teams as at", "at.id", "m.away_team_id")
    .select([
      "m.home_score",
      "m.away_score",
      "m.home_score_extra_time",
      "m.away_score_extra_time",
      "m.home_penalties",
      "m.away_penalties",
      "p.name as phase_name",
      "p.season_id",
      "s.name as season_name",
      "s.finished_at",
      "ht.name as home_name",
      "at.name as away_name",
    ])
    .where("m.id", "=", matchId)
    .executeTakeFirst();
}

type MatchForWrite = NonNullable<Awaited<ReturnType<typeof matchForWrite>>>;

/** The match's result as the log keeps it, or null without one. */
function storedResult(match: MatchForWrite): ResultValue | null {
  if (match.home_score === null || match.away_score === null) return null;
  const pair = (home: number | null, away: number | null) => (home !== null && away !== null ? { home, away } : null);
  return {
    result: { home: match.home_score, away: match.away_score },
    extraTime: pair(match.home_score_extra_time, match.away_score_extra_time),
    penalties: pair(match.home_penalties, match.away_penalties),
  };
}

/** A result after extra time (and penalties) comes with the 90-minute one (domain/forms/admin-forms.ts). */
export interface OfficialScores {
  result: Score;
  extraTime?: Score | null;
  penalties?: Score | null;
}

/**
 * Saves a match's official result (after 90 minutes, and after extra time and penalties when
 * played) and re-scores its predictions and the standings, in one transaction; whether it had a
 * result before.
 */
export async function saveResult(
  db: Kysely<Database>,
  matchId: number,
  scores: OfficialScores | Score,
  actor: Actor,
  now: Date = new Date(),
): Promise<{ ok: true; updated: boolean } | MatchRefusal | { ok: false; reason: "no-extra-time" }> {
  const { result, extraTime = null, penalties = null } = "result" in scores ? scores : { result: scores };
  return db.transaction().execute(async (trx) => {
    const match = await matchForWrite(trx, matchId);
    if (!match) return { ok: false as const, reason: "not-found" as const };
    if (match.finished_at !== null) return { ok: false as const, reason: "finished" as const, seasonName: match.season_name };
    // Only a knockout match played once goes to extra time and penalties (the form shows them
    // only there; a post that sends them for another match is refused, not stored and scored).
    if ((extraTime || penalties) && !allowsExtraTime(match.phase_name)) return { ok: false as const, reason: "no-extra-time" as const };
    let locked = match;
    await rescoreResult(trx, matchId, async () => {
      // Read again now that the match is locked: the result this save replaces, for the log.
      locked = (await matchForWrite(trx, matchId)) ?? match;
      await trx
        .updateTable("matches")
        .set({
          home_score: result.home,
          away_score: result.away,
          home_score_extra_time: extraTime?.home ?? null,
          away_score_extra_time: extraTime?.away ?? null,
          home_penalties: penalties?.home ?? null,
          away_penalties: penalties?.away ?? null,
          updated_at: now.toISOString(),
        })
        .where("id", "=", matchId)
        .execute();
    });
    const score = (pair: Score | null) => pair && { home: pair.home, away: pair.away };
    await logResult(trx, actor, locked, { result: score(result)!, extraTime: score(extraTime), penalties: score(penalties) }, now);
    return { ok: true as const, updated: locked.home_score !== null };
  });
}

/** 'Resultado guardado' or 'Resultado corregido' in the log; nothing when the same result is saved again. */
async function logResult(trx: Kysely<Database>, actor: Actor, match: MatchForWrite, after: ResultValue, now: Date) {
  const before = storedResult(match);
  if (before && JSON.stringify(before) === JSON.stringify(after)) return;
  await logChange(
    trx,
    actor,
    {
      kind: before ? "result-corrected" : "result-saved",
      seasonId: match.season_id,
      subject: matchLabelOfNames(match.home_name, match.away_name),
      before,
      after,
    },
    now,
  );
}

/**
 * 'Reiniciar': clears the match's result and deletes its predictions, then brings the standings
 * up to date, in one transaction.
 */
export async function resetMatch(
  db: Kysely<Database>,
  matchId: number,
  actor: Actor,
  now: Date = new Date(),
): Promise<{ ok: true } | MatchRefusal> {
  return db.transaction().execute(async (trx) => {
    const match = await matchForWrite(trx, matchId);
    if (!match) return { ok: false as const, reason: "not-found" as const };
    if (match.finished_at !== null) return { ok: false as const, reason: "finished" as const, seasonName: match.season_name };
    let deletedPredictions = 0;
    let locked = match;
    await rescoreAround(trx, [matchId], async () => {
      locked = (await matchForWrite(trx, matchId)) ?? match;
      await trx
        .updateTable("matches")
        .set({
          home_score: null,
          away_score: null,
          home_score_extra_time: null,
          away_score_extra_time: null,
          home_penalties: null,
          away_penalties: null,
          updated_at: now.toISOString(),
        })
        .where("id", "=", matchId)
        .execute();
      const deleted = await trx.deleteFrom("predictions").where("match_id", "=", matchId).executeTakeFirst();
      deletedPredictions = Number(deleted.numDeletedRows);
    });
    // A reset of a match with neither result nor picks changed nothing.
    if (storedResult(locked) === null && deletedPredictions === 0) return { ok: true as const };
    await logChange(
      trx,
      actor,
      {
        kind: "result-reset",
        seasonId: match.season_id,
        subject: matchLabelOfNames(locked.home_name, locked.away_name),
        before: storedResult(locked),
        after: { deletedPredictions },
      },
      now,
    );
    return { ok: true as const };
  });
}
