import { type Expression, type Kysely, sql } from "kysely";
import { type SeasonRules, scoredResult } from "#app/domain/game/season-rules";
import { findTies, predictionPoints, type Score, type ScoredMatch, type Tie, tieBonus } from "#app/domain/game/scoring";
import { lockMatches, SCORE_COLUMNS, scoresOf } from "#app/data/seasons/matches.server";
import { chunked } from "#app/data/engine/chunks";
import type { Database } from "#app/data/engine/schema";
import { toSeasonView } from "#app/data/seasons/current-season.server";
import { refreshPositions } from "./positions-upkeep.server";

/**
 * Keeps the stored scores true without recomputing the standings from every prediction:
 * `rescoreAround` takes the affected matches' points out of the stored tables, lets the caller
 * change results or predictions, re-scores those matches (and their knockout tie's bonus) with
 * domain/game/scoring.ts, and adds the new points back. Work is proportional to the predictions of
 * the changed matches, not to the season. Call inside the write's transaction.
 *
 * Every rule is the season's (domain/game/season-rules.ts): its points, whether it has the two-leg
 * bonus, and which score counts after extra time. Ties are found among the season's own matches.
 * The matches of one call belong to one season.
 *
 * The season's table after each completed phase follows in the same transaction
 * (positions-upkeep.server.ts): from the changed matches' phases on.
 */
export async function rescoreAround(
  db: Kysely<Database>,
  matchIds: readonly number[],
  change: () => Promise<void>,
): Promise<void> {
  if (matchIds.length === 0) return change();
  // Locked before their predictions are read: a save of picks for one of them under way finishes
  // first, so the predictions read next include its picks; one that starts now waits, then sees
  // the new state. Otherwise a pick checked before the result commits could be inserted after it
  // was scored, and stay unscored.
  await lockMatches(db, { ids: matchIds });
  await rescoreLocked(db, matchIds, await seasonOfMatch(db, matchIds[0]!), change);
}

/** rescoreAround's work once its matches are locked and their season read. */
async function rescoreLocked(
  db: Kysely<Database>,
  matchIds: readonly number[],
  season: SeasonOfMatch,
  change: () => Promise<void>,
): Promise<void> {
  const touches = (tie: Tie) => matchIds.includes(tie.firstLeg.id) || matchIds.includes(tie.secondLeg.id);
  const tiesBefore = season.rules.twoLegBonus ? findTies(await seasonMatches(db, season)).filter(touches) : [];
  // A tie's bonus lives on its second leg's predictions: their points move too.
  const affected = [...new Set([...matchIds, ...tiesBefore.map((tie) => tie.secondLeg.id)])];
  await addToStandings(db, affected, "-");
  await change();
  const matches = await db
    .selectFrom("matches")
    .select(["id", "phase_id", ...SCORE_COLUMNS])
    .where("id", "in", matchIds)
    .execute();
  for (const match of matches) await scorePredictions(db, match.id, scoredResult(scoresOf(match), season.rules), season.rules);
  if (season.rules.twoLegBonus) {
    for (const tie of findTies(await seasonMatches(db, season)).filter(touches)) await applyTieBonus(db, tie);
  }
  await addToStandings(db, affected, "+");
  // Only a match left without result (a reset) can leave a user nothing scored in a phase.
  if (matches.some((match) => match.home_score === null)) await dropEmptyRows(db, matchIds);
  // A tie's second leg is in the same phase as its first or after it: the earliest changed phase
  // is among the matches' own.
  await refreshPositions(
    db,
    season.id,
    matches.map((match) => match.phase_id),
  );
}

interface SeasonOfMatch {
  id: number;
  rules: SeasonRules;
}

/** The season a match belongs to, with its rules. */
async function seasonOfMatch(db: Kysely<Database>, matchId: number): Promise<SeasonOfMatch> {
  const row = await db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .innerJoin("seasons as s", "s.id", "p.season_id")
    .innerJoin("competitions as c", "c.id", "s.competition_id")
    .selectAll("s")
    .select("c.name as competition")
    .where("m.id", "=", matchId)
    .executeTakeFirstOrThrow();
  return toSeasonView(row);
}

/**
 * One match's result saved or corrected (never cleared): one pass over its predictions instead
 * of two. Each prediction whose points change moves its user's standings by the difference
 * (new − old), in one upsert per table, then the new points are written. A knockout leg, or a
 * match with an unusual number of distinct scorelines, takes rescoreAround (the tie's bonus
 * depends on both legs).
 */
export async function rescoreResult(db: Kysely<Database>, matchId: number, change: () => Promise<void>): Promise<void> {
  await lockMatches(db, { ids: [matchId] }); // as in rescoreAround
  const season = await seasonOfMatch(db, matchId);
  const inTie =
    season.rules.twoLegBonus &&
    findTies(await seasonMatches(db, season)).some((tie) => tie.firstLeg.id === matchId || tie.secondLeg.id === matchId);
  const scorelines = await distinctScorelines(db, matchId);
  // The match is locked and its season read already: rescoreAround's work without doing those again.
  if (inTie || scorelines.length > SCORELINES_PER_STATEMENT) return rescoreLocked(db, [matchId], season, change);

  await change();
  const match = await db
    .selectFrom("matches")
    .select(["phase_id", ...SCORE_COLUMNS])
    .where("id", "=", matchId)
    .executeTakeFirstOrThrow();
  const result = scoredResult(scoresOf(match), season.rules);
  if (!result) throw new Error("rescoreResult: el partido quedó sin resultado (usa rescoreAround)");
  if (scorelines.length > 0) {
    const moved = db
      .selectFrom(
        db
          .selectFrom("predictions as pr")
          .innerJoin("matches as m", "m.id", "pr.match_id")
          .select([
            "pr.user_id",
            "m.phase_id",
            "pr.points as old",
            pointsCase(result, scorelines, season.rules, "pr").as("new"),
          ])
          .where("pr.match_id", "=", matchId)
          .as("d"),
      )
      .where((eb) => eb.or([eb("d.old", "is", null), eb("d.old", "<>", eb.ref("d.new"))]));
    const exact = sql.lit(season.rules.pointsExact);
    const tally = [
      sql<number>`sum(d.new - coalesce(d.old, 0))`.as("points"),
      sql<number>`sum((case when d.new = ${exact} then 1 else 0 end) - (case when d.old = ${exact} then 1 else 0 end))`.as(
        "exact_hits",
      ),
      sql<number>`sum((case when d.new > 0 then 1 else 0 end) - (case when d.old > 0 then 1 else 0 end))`.as("outcome_hits"),
    ] as const;
    await addTallies(db, (byPhase) =>
      byPhase
        ? moved.select(["d.user_id", "d.phase_id", ...tally]).groupBy(["d.user_id", "d.phase_id"])
        : moved.select([sql.lit(season.id).as("season_id"), "d.user_id", ...tally]).groupBy("d.user_id"),
    );
  }
  // The same scorelines as the differences above: standings and points cannot disagree.
  await scorePredictions(db, matchId, result, season.rules, scorelines);
  await refreshPositions(db, season.id, [match.phase_id]);
}

/**
 * Re-scores every season from its predictions (after a bulk load such as the demo season or an
 * import), or only `seasonId`'s.
 */
export async function refreshAllScores(db: Kysely<Database>, seasonId?: number): Promise<void> {
  const seasons = await db
    .selectFrom("seasons as s")
    .innerJoin("competitions as c", "c.id", "s.competition_id")
    .selectAll("s")
    .select("c.name as competition")
    .$if(seasonId !== undefined, (query) => query.where("s.id", "=", seasonId!))
    // In season order: each season's stored positions are locked in turn (positions-upkeep.server.ts).
    .orderBy("s.id")
    .execute();
  for (const season of seasons.map(toSeasonView)) {
    const matches = await db
      .selectFrom("matches as m")
      .innerJoin("phases as p", "p.id", "m.phase_id")
      .select(["m.id", ...SCORE_COLUMNS.map((column) => `m.${column}` as const)])
      .where("p.season_id", "=", season.id)
      .execute();
    for (const match of matches) {
      await scorePredictions(db, match.id, scoredResult(scoresOf(match), season.rules), season.rules);
    }
    const matchIds = matches.map((match) => match.id);
    for (const chunk of chunked(matchIds, 500)) {
      await db.updateTable("predictions").set({ bonus: 0 }).where("match_id", "in", chunk).where("bonus", "<>", 0).execute();
    }
    if (season.rules.twoLegBonus) {
      for (const tie of findTies(await seasonMatches(db, season))) await applyTieBonus(db, tie);
    }
    await db
      .deleteFrom("standings_phase")
      .where("phase_id", "in", db.selectFrom("phases").select("id").where("season_id", "=", season.id))
      .execute();
    await db.deleteFrom("standings_total").where("season_id", "=", season.id).execute();
    for (const chunk of chunked(matchIds, 500)) await addToStandings(db, chunk, "+");
    await refreshPositions(db, season.id, null);
  }
}

/** Most distinct scorelines one statement's CASE carries (two parameters each). */
const SCORELINES_PER_STATEMENT = 200;

type Scoreline = { home_score: number; away_score: number };

async function distinctScorelines(db: Kysely<Database>, matchId: number): Promise<Scoreline[]> {
  return db
    .selectFrom("predictions")
    .select(["home_score", "away_score"])
    .distinct()
    .where("match_id", "=", matchId)
    .execute();
}

/**
 * The points of a prediction with one of these scorelines, by the domain's rule, as SQL; `table`
 * names the predictions table when the query joins others.
 */
function pointsCase(result: Score, scorelines: readonly Scoreline[], rules: SeasonRules, table?: string) {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  const branches = scorelines.map((line) => {
    const points = predictionPoints(result, { home: line.home_score, away: line.away_score }, rules) ?? 0;
    return sql`when ${column("home_score")} = ${line.home_score} and ${column("away_score")} = ${line.away_score} then ${sql.lit(points)}`;
  });
  return sql<number>`case ${sql.join(branches, sql` `)} else ${column("points")} end`;
}

/**
 * Predictions of a match fall into few distinct scorelines; the domain rule decides the points
 * of each, and one UPDATE (a CASE over the scorelines, in chunks when there are many) applies
 * them in a single pass over the match's predictions.
 */
async function scorePredictions(
  db: Kysely<Database>,
  matchId: number,
  result: Score | null,
  rules: SeasonRules,
  known?: readonly Scoreline[],
): Promise<void> {
  if (!result) {
    await db.updateTable("predictions").set({ points: null }).where("match_id", "=", matchId).execute();
    return;
  }
  const scorelines = known ?? (await distinctScorelines(db, matchId));
  for (const chunk of chunked(scorelines, SCORELINES_PER_STATEMENT)) {
    const points = pointsCase(result, chunk, rules);
    // Only the rows whose points change are written: a corrected result leaves most of a
    // match's predictions as they were, and PostgreSQL writes a new row version for every row
    // an UPDATE touches, even with the same value.
    let update = db
      .updateTable("predictions")
      .set({ points })
      .where("match_id", "=", matchId)
      .where((eb) => eb.or([eb("points", "is", null), eb("points", "<>", points)]));
    if (scorelines.length > SCORELINES_PER_STATEMENT) {
      update = update.where((eb) =>
        eb.or(chunk.map((line) => eb.and([eb("home_score", "=", line.home_score), eb("away_score", "=", line.away_score)]))),
      );
    }
    await update.execute();
  }
}

type PhasedMatch = ScoredMatch & { phaseId: number };

/** The season's matches as the tie rule reads them, with the result its rules score. */
async function seasonMatches(db: Kysely<Database>, season: SeasonOfMatch): Promise<PhasedMatch[]> {
  const rows = await db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .select([
      "m.id",
      "m.phase_id",
      "p.name",
      "p.position",
      "m.home_team_id",
      "m.away_team_id",
      ...SCORE_COLUMNS.map((column) => `m.${column}` as const),
      "m.is_first_leg",
      "m.kickoff_at",
    ])
    .where("p.season_id", "=", season.id)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    phaseId: row.phase_id,
    phaseName: row.name,
    phasePosition: row.position,
    homeTeamId: row.home_team_id,
    awayTeamId: row.away_team_id,
    result: scoredResult(scoresOf(row), season.rules),
    isFirstLeg: row.is_first_leg === null ? null : row.is_first_leg === 1,
    kickoffAt: row.kickoff_at,
  }));
}

/** Writes the tie's bonus on each user's second-leg prediction. */
async function applyTieBonus(db: Kysely<Database>, tie: Tie) {
  await db.updateTable("predictions").set({ bonus: 0 }).where("match_id", "=", tie.secondLeg.id).execute();
  if (!tie.firstLeg.result || !tie.secondLeg.result) return;

  const predictions = await db
    .selectFrom("predictions")
    .select(["user_id", "match_id", "home_score", "away_score"])
    .where("match_id", "in", [tie.firstLeg.id, tie.secondLeg.id])
    .execute();
  const byUser = new Map<string, { first?: { home: number; away: number }; second?: { home: number; away: number } }>();
  for (const prediction of predictions) {
    const entry = byUser.get(prediction.user_id) ?? {};
    const score = { home: prediction.home_score, away: prediction.away_score };
    if (prediction.match_id === tie.firstLeg.id) entry.first = score;
    else entry.second = score;
    byUser.set(prediction.user_id, entry);
  }
  const byBonus = new Map<number, string[]>();
  for (const [user, legs] of byUser) {
    const bonus = tieBonus(tie, legs.first, legs.second);
    if (bonus > 0) byBonus.set(bonus, [...(byBonus.get(bonus) ?? []), user]);
  }
  for (const [bonus, winners] of byBonus) await setBonus(db, tie.secondLeg.id, bonus, winners);
}

async function setBonus(db: Kysely<Database>, matchId: number, bonus: number, userIds: string[]) {
  for (const chunk of chunked(userIds, 500)) {
    await db.updateTable("predictions").set({ bonus }).where("match_id", "=", matchId).where("user_id", "in", chunk).execute();
  }
}

/**
 * Per-user sums, as the standings tables keep them: a query selecting user_id, phase_id (when
 * by phase) or season_id (else, first), points, exact_hits and outcome_hits.
 */
type TallySource = (byPhase: boolean) => Expression<unknown>;

/**
 * Adds tallies to standings_phase and standings_total: one upsert per table (INSERT … SELECT …
 * ON CONFLICT DO UPDATE, on both engines), whatever the number of users. A tally may be negative.
 */
async function addTallies(db: Kysely<Database>, source: TallySource): Promise<void> {
  const added = (table: "standings_phase" | "standings_total") => ({
    points: sql<number>`${sql.ref(`${table}.points`)} + excluded.points`,
    exact_hits: sql<number>`${sql.ref(`${table}.exact_hits`)} + excluded.exact_hits`,
    outcome_hits: sql<number>`${sql.ref(`${table}.outcome_hits`)} + excluded.outcome_hits`,
  });
  await db
    .insertInto("standings_phase")
    .columns(["user_id", "phase_id", "points", "exact_hits", "outcome_hits"])
    .expression(source(true))
    .onConflict((oc) => oc.columns(["phase_id", "user_id"]).doUpdateSet(added("standings_phase")))
    .execute();
  await db
    .insertInto("standings_total")
    .columns(["season_id", "user_id", "points", "exact_hits", "outcome_hits"])
    .expression(source(false))
    .onConflict((oc) => oc.columns(["season_id", "user_id"]).doUpdateSet(added("standings_total")))
    .execute();
}

/** Adds (or takes away) the scored predictions of these matches to the standings. */
async function addToStandings(db: Kysely<Database>, matchIds: readonly number[], op: "+" | "-"): Promise<void> {
  if (matchIds.length === 0) return;
  const sign = sql.lit(op === "+" ? 1 : -1);
  const tally = [
    sql<number>`${sign} * sum(pr.points + pr.bonus)`.as("points"),
    // The season's exact-score points mark an exact hit (they are above its outcome points).
    sql<number>`${sign} * sum(case when pr.points = s.points_exact then 1 else 0 end)`.as("exact_hits"),
    sql<number>`${sign} * sum(case when pr.points > 0 then 1 else 0 end)`.as("outcome_hits"),
  ] as const;
  await addTallies(db, (byPhase) => {
    const scored = db
      .selectFrom("predictions as pr")
      .innerJoin("matches as m", "m.id", "pr.match_id")
      .innerJoin("phases as p", "p.id", "m.phase_id")
      .innerJoin("seasons as s", "s.id", "p.season_id")
      .where("pr.match_id", "in", matchIds)
      .where("pr.points", "is not", null);
    return byPhase
      ? scored.select(["pr.user_id", "m.phase_id", ...tally]).groupBy(["pr.user_id", "m.phase_id"])
      : scored.select(["p.season_id", "pr.user_id", ...tally]).groupBy(["p.season_id", "pr.user_id"]);
  });
}

/**
 * A user keeps a standings row while they have a scored prediction there (a reset leaves none).
 * Only rows at zero are checked, each through the (user, match) index.
 */
async function dropEmptyRows(db: Kysely<Database>, matchIds: readonly number[]): Promise<void> {
  await db
    .deleteFrom("standings_phase as s")
    .where("s.phase_id", "in", db.selectFrom("matches").select("phase_id").where("id", "in", matchIds))
    .where("s.points", "=", 0)
    .where("s.exact_hits", "=", 0)
    .where("s.outcome_hits", "=", 0)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("predictions as pr")
            .select("pr.id")
            .whereRef("pr.user_id", "=", "s.user_id")
            .where("pr.match_id", "in", ({ selectFrom }) =>
              selectFrom("matches as m").select("m.id").whereRef("m.phase_id", "=", "s.phase_id"),
            )
            .where("pr.points", "is not", null),
        ),
      ),
    )
    .execute();
  // Every scored prediction counts in some phase row of its season: none, nothing to total.
  await db
    .deleteFrom("standings_total as s")
    .where(
      "s.season_id",
      "in",
      db
        .selectFrom("matches as m")
        .innerJoin("phases as p", "p.id", "m.phase_id")
        .select("p.season_id")
        .where("m.id", "in", matchIds),
    )
    .where("s.points", "=", 0)
    .where("s.exact_hits", "=", 0)
    .where("s.outcome_hits", "=", 0)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("standings_phase as sp")
            .innerJoin("phases as p", "p.id", "sp.phase_id")
            .select("sp.user_id")
            .whereRef("sp.user_id", "=", "s.user_id")
            .whereRef("p.season_id", "=", "s.season_id"),
        ),
      ),
    )
    .execute();
}
