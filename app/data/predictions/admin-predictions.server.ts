import type { Kysely } from "kysely";
import { type PhaseStatus, phaseStatus } from "#app/domain/game/phase-status";
import type { Score } from "#app/domain/game/scoring";
import type { Database } from "#app/data/engine/schema";
import { rescoreAround } from "#app/data/standings/upkeep.server";
import { type Actor, logChange } from "#app/data/changes/change-log.server";
import { matchLabelOfNames, type MatchView } from "#app/domain/game/match";
import { displayNameOf, nameHoldsFolded } from "#app/data/people/display-name.server";
import { listMatches } from "#app/data/seasons/matches.server";
import { picksByName, type ListedPick } from "#app/data/predictions/match-picks.server";

/** Picks on one page of the admin's 'Administración de Pronósticos'. */
export const PREDICTIONS_PAGE = 100;

/** A page of the phase's picks, and what the whole list holds. */
export interface AdminPredictionsPage {
  /** The matches the page's picks belong to, in season order. */
  matches: MatchView[];
  /** At most PREDICTIONS_PAGE, by match in season order, then by name (`picksByName`). */
  picks: ListedPick[];
  /** Every pick of the phase. */
  total: number;
  /** The picks the search finds (every pick without one). */
  matched: number;
  page: number;
  pages: number;
}

/** A team's name as a search compares it: any case, without any accent. */
function foldTeam(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** How many picks each of the matches has, and how many of them are by a user whose name holds `search`. */
async function countsByMatch(
  db: Kysely<Database>,
  matchIds: readonly number[],
  search: string,
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (matchIds.length === 0) return counts;
  const rows =
    search === ""
      ? await db
          .selectFrom("predictions as pr")
          .select((eb) => ["pr.match_id", eb.fn.countAll<number>().as("picks")])
          .where("pr.match_id", "in", matchIds)
          .groupBy("pr.match_id")
          .execute()
      : // Each user's name is folded once, then the user's picks of these matches looked up.
        await db
          .selectFrom("users as u")
          .crossJoin("predictions as pr")
          .select((eb) => ["pr.match_id", eb.fn.countAll<number>().as("picks")])
          .whereRef("pr.user_id", "=", "u.id")
          .where(nameHoldsFolded(displayNameOf("u"), search))
          .where("pr.match_id", "in", matchIds)
          .groupBy("pr.match_id")
          .execute();
  for (const row of rows) counts.set(row.match_id, Number(row.picks));
  return counts;
}

/**
 * The admin's 'Administración de Pronósticos' (/admin/predictions): every pick of the phase,
 * revealed or not, a nameless player's too (SPEC §2.4), PREDICTIONS_PAGE at a time, by match in
 * season order, then by name. `search` (trimmed by the caller) keeps the picks of the matches
 * with a team whose name holds it (any case, without accents) and, of the others, those of the
 * users whose name holds it (`nameHoldsFolded`). What the lists hold is counted in SQL, by match;
 * then only the page's picks are read by walking the names' index (`picksByName`): the matches
 * the page holds whole in one walk, a match it cuts from its offset. A page past the last is the
 * last.
 */
export async function predictionsPage(
  db: Kysely<Database>,
  { phaseId, search: query, page }: { phaseId: number; search: string; page: number },
): Promise<AdminPredictionsPage> {
  const matches = await listMatches(db, { phaseIds: [phaseId] });
  const ids = matches.map((match) => match.id);
  const needle = foldTeam(query);
  const byTeam = new Set(
    query === ""
      ? ids
      : matches
          .filter((match) => [match.home, match.away].some((team) => team && foldTeam(team.name).includes(needle)))
          .map((match) => match.id),
  );
  const totals = await countsByMatch(db, ids, "");
  const byName =
    query === "" ? new Map<number, number>() : await countsByMatch(db, ids.filter((id) => !byTeam.has(id)), query);
  const found = matches
    .map((match) => ({ match, count: (byTeam.has(match.id) ? totals.get(match.id) : byName.get(match.id)) ?? 0 }))
    .filter(({ count }) => count > 0);
  const matched = found.reduce((sum, { count }) => sum + count, 0);
  const pages = Math.max(1, Math.ceil(matched / PREDICTIONS_PAGE));
  const shown = Math.min(Math.max(1, page), pages);

  // The page's window over the matches' lists laid end to end: each match's part of it.
  let skip = (shown - 1) * PREDICTIONS_PAGE;
  let room = PREDICTIONS_PAGE;
  const parts: { match: MatchView; offset: number; limit: number; whole: boolean; search: string }[] = [];
  for (const { match, count } of found) {
    if (room === 0) break;
    if (skip >= count) {
      skip -= count;
      continue;
    }
    const limit = Math.min(count - skip, room);
    const search = byTeam.has(match.id) ? "" : query;
    parts.push({ match, offset: skip, limit, whole: skip === 0 && limit === count, search });
    room -= limit;
    skip = 0;
  }
  // The matches the page holds whole (a search that finds a few players in each): one walk of
  // the names for all of them, by search, instead of one each, every one through every name. A
  // match cut by the page's start or end (two at most) is walked alone, from its offset.
  const picksOf = new Map<number, ListedPick[]>();
  for (const search of new Set(parts.filter((part) => part.whole).map((part) => part.search))) {
    const together = parts.filter((part) => part.whole && part.search === search);
    const limit = together.reduce((sum, part) => sum + part.limit, 0);
    const ids = together.map((part) => part.match.id);
    for (const pick of await picksByName(db, ids, { limit, offset: 0, everyone: true, search })) {
      const list = picksOf.get(pick.matchId) ?? [];
      list.push(pick);
      picksOf.set(pick.matchId, list);
    }
  }
  for (const part of parts.filter((part) => !part.whole)) {
    const { match, offset, limit, search } = part;
    picksOf.set(match.id, await picksByName(db, match.id, { limit, offset, everyone: true, search }));
  }
  const picks = parts.flatMap((part) => picksOf.get(part.match.id) ?? []);
  const total = [...totals.values()].reduce((sum, count) => sum + count, 0);
  return { matches: parts.map((part) => part.match), picks, total, matched, page: shown, pages };
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
