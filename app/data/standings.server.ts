import { type Kysely, sql } from "kysely";
import { findTies, POINTS_EXACT, predictionPoints, type ScoredMatch, type Tie, tieBonus } from "#app/domain/scoring";
import type { Database } from "./schema";

/**
 * Keeps the stored scores true: after a result is saved or reset, or a prediction changes,
 * re-scores that match's predictions (and its knockout tie's bonus) with domain/scoring.ts, then
 * rebuilds the affected phase rows and the overall totals. Call inside the write's transaction.
 */
export async function refreshScoresForMatches(db: Kysely<Database>, matchIds: readonly number[]): Promise<void> {
  if (matchIds.length === 0) return;
  const knockout = await knockoutMatches(db);
  const touchedPhases = new Set<number>();
  const matches = await db
    .selectFrom("matches")
    .select(["id", "phase_id", "home_score", "away_score"])
    .where("id", "in", matchIds)
    .execute();
  for (const match of matches) {
    await scorePredictions(db, match.id, scoreOf(match));
    touchedPhases.add(match.phase_id);
  }
  for (const tie of findTies(knockout)) {
    if (!matchIds.includes(tie.firstLeg.id) && !matchIds.includes(tie.secondLeg.id)) continue;
    await applyTieBonus(db, tie);
    touchedPhases.add(tie.secondLeg.phaseId);
  }
  for (const phaseId of touchedPhases) await rebuildPhase(db, phaseId);
  await rebuildTotals(db);
}

/** Re-scores everything (after a bulk load such as the demo season or an import). */
export async function refreshAllScores(db: Kysely<Database>): Promise<void> {
  const matches = await db.selectFrom("matches").select(["id", "home_score", "away_score"]).execute();
  for (const match of matches) await scorePredictions(db, match.id, scoreOf(match));
  await db.updateTable("predictions").set({ bonus: 0 }).where("bonus", "<>", 0).execute();
  for (const tie of findTies(await knockoutMatches(db))) await applyTieBonus(db, tie);
  const phases = await db.selectFrom("phases").select("id").execute();
  for (const phase of phases) await rebuildPhase(db, phase.id);
  await rebuildTotals(db);
}

function scoreOf(row: { home_score: number | null; away_score: number | null }) {
  return row.home_score !== null && row.away_score !== null ? { home: row.home_score, away: row.away_score } : null;
}

/**
 * Predictions of a match fall into few distinct scorelines; the domain rule decides the points
 * of each, and one UPDATE per points value applies them.
 */
async function scorePredictions(
  db: Kysely<Database>,
  matchId: number,
  result: { home: number; away: number } | null,
): Promise<void> {
  if (!result) {
    await db.updateTable("predictions").set({ points: null }).where("match_id", "=", matchId).execute();
    return;
  }
  const scorelines = await db
    .selectFrom("predictions")
    .select(["home_score", "away_score"])
    .distinct()
    .where("match_id", "=", matchId)
    .execute();
  const byPoints = new Map<number, { home: number; away: number }[]>();
  for (const line of scorelines) {
    const points = predictionPoints(result, { home: line.home_score, away: line.away_score }) ?? 0;
    byPoints.set(points, [...(byPoints.get(points) ?? []), { home: line.home_score, away: line.away_score }]);
  }
  for (const [points, lines] of byPoints) {
    for (let i = 0; i < lines.length; i += 200) {
      const chunk = lines.slice(i, i + 200);
      await db
        .updateTable("predictions")
        .set({ points })
        .where("match_id", "=", matchId)
        .where((eb) => eb.or(chunk.map((l) => eb.and([eb("home_score", "=", l.home), eb("away_score", "=", l.away)]))))
        .execute();
    }
  }
}

type PhasedMatch = ScoredMatch & { phaseId: number };

async function knockoutMatches(db: Kysely<Database>): Promise<PhasedMatch[]> {
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
      "m.home_score",
      "m.away_score",
      "m.is_first_leg",
      "m.kickoff_at",
    ])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    phaseId: row.phase_id,
    phaseName: row.name,
    phasePosition: row.position,
    homeTeamId: row.home_team_id,
    awayTeamId: row.away_team_id,
    result: scoreOf(row),
    isFirstLeg: row.is_first_leg === null ? null : row.is_first_leg === 1,
    kickoffAt: row.kickoff_at,
  }));
}

/** Writes the tie's bonus on each user's second-leg prediction (for one user, or everyone). */
async function applyTieBonus(db: Kysely<Database>, tie: Tie, userId?: string) {
  let reset = db.updateTable("predictions").set({ bonus: 0 }).where("match_id", "=", tie.secondLeg.id);
  if (userId) reset = reset.where("user_id", "=", userId);
  await reset.execute();
  if (!tie.firstLeg.result || !tie.secondLeg.result) return;

  let picksQuery = db
    .selectFrom("predictions")
    .select(["user_id", "match_id", "home_score", "away_score"])
    .where("match_id", "in", [tie.firstLeg.id, tie.secondLeg.id]);
  if (userId) picksQuery = picksQuery.where("user_id", "=", userId);
  const picks = await picksQuery.execute();
  const byUser = new Map<string, { first?: { home: number; away: number }; second?: { home: number; away: number } }>();
  for (const pick of picks) {
    const entry = byUser.get(pick.user_id) ?? {};
    const score = { home: pick.home_score, away: pick.away_score };
    if (pick.match_id === tie.firstLeg.id) entry.first = score;
    else entry.second = score;
    byUser.set(pick.user_id, entry);
  }
  const byBonus = new Map<number, string[]>();
  for (const [user, legs] of byUser) {
    const bonus = tieBonus(tie, legs.first, legs.second);
    if (bonus > 0) byBonus.set(bonus, [...(byBonus.get(bonus) ?? []), user]);
  }
  for (const [bonus, winners] of byBonus) await setBonus(db, tie.secondLeg.id, bonus, winners);
}

async function setBonus(db: Kysely<Database>, matchId: number, bonus: number, userIds: string[]) {
  for (let i = 0; i < userIds.length; i += 500) {
    await db
      .updateTable("predictions")
      .set({ bonus })
      .where("match_id", "=", matchId)
      .where("user_id", "in", userIds.slice(i, i + 500))
      .execute();
  }
}

async function rebuildPhase(db: Kysely<Database>, phaseId: number): Promise<void> {
  await db.deleteFrom("standings_phase").where("phase_id", "=", phaseId).execute();
  await db
    .insertInto("standings_phase")
    .columns(["user_id", "phase_id", "points", "exact_hits", "outcome_hits"])
    .expression(
      db
        .selectFrom("predictions as pr")
        .innerJoin("matches as m", "m.id", "pr.match_id")
        .select([
          "pr.user_id",
          sql<number>`${phaseId}`.as("phase_id"),
          sql<number>`sum(pr.points + pr.bonus)`.as("points"),
          sql<number>`sum(case when pr.points = ${POINTS_EXACT} then 1 else 0 end)`.as("exact_hits"),
          sql<number>`sum(case when pr.points > 0 then 1 else 0 end)`.as("outcome_hits"),
        ])
        .where("m.phase_id", "=", phaseId)
        .where("pr.points", "is not", null)
        .groupBy("pr.user_id"),
    )
    .execute();
}

async function rebuildTotals(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom("standings_total").execute();
  await db
    .insertInto("standings_total")
    .columns(["user_id", "points", "exact_hits", "outcome_hits"])
    .expression(
      db
        .selectFrom("standings_phase")
        .select([
          "user_id",
          sql<number>`sum(points)`.as("points"),
          sql<number>`sum(exact_hits)`.as("exact_hits"),
          sql<number>`sum(outcome_hits)`.as("outcome_hits"),
        ])
        .groupBy("user_id"),
    )
    .execute();
}
