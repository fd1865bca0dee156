import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { ScoreCount } from "#app/domain/game/pick-shares";
import type { Database } from "#app/data/engine/schema";
import { displayNameOf } from "#app/data/people/display-name.server";
import { PICK_COUNT_LOCK } from "#app/data/engine/migrations/0014_pick_counts";

/**
 * What everybody picked, read from `pick_counts` (migration 0014, decision 026): a revealed match's
 * picks counted by score once, on the first view after its reveal, and read from then on. A
 * trigger on predictions empties a match's counts when any of its picks changes, so the next view
 * counts again. Only for revealed matches (domain/game/locking.ts): the caller keeps to the rule,
 * and a match not yet revealed never gets a row.
 */

/** Fills one match's counts, unless another view has just done it; one transaction per match. */
async function fill(db: Kysely<Database>, matchId: number): Promise<void> {
  const insert = (trx: Kysely<Database>) =>
    trx
      .insertInto("pick_counts")
      .columns(["match_id", "home_goals", "away_goals", "picks"])
      .expression((eb) =>
        eb
          .selectFrom("predictions as p")
          // Users whose name is unknown are hidden (SPEC §2.4): their picks are not counted either.
          .innerJoin("users as u", "u.id", "p.user_id")
          .select((s) => [
            sql.lit(matchId).as("match_id"),
            "p.home_score",
            "p.away_score",
            s.fn.countAll<number>().as("picks"),
          ])
          .where("p.match_id", "=", matchId)
          .where(sql<boolean>`trim(${displayNameOf("u")}) <> ''`)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom("pick_counts").select("match_id").where("match_id", "=", matchId))),
          )
          .groupBy(["p.home_score", "p.away_score"]),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    // One statement: SQLite writes it from the latest picks or fails (a single writer).
    await insert(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    // Waits for the writes of this match under way (their trigger holds the lock shared) and
    // keeps new ones waiting until the counts are stored: none is counted out (migration 0014).
    await trx.selectNoFrom(sql`pg_advisory_xact_lock(${sql.lit(PICK_COUNT_LOCK)}, ${matchId}::int)`.as("locked")).execute();
    await insert(trx);
  });
}

async function read(db: Kysely<Database>, matchIds: readonly number[]): Promise<Map<number, ScoreCount[]>> {
  const counts = new Map<number, ScoreCount[]>();
  if (matchIds.length === 0) return counts;
  const rows = await db
    .selectFrom("pick_counts")
    .select(["match_id", "home_goals", "away_goals", "picks"])
    .where("match_id", "in", matchIds)
    .execute();
  for (const row of rows) {
    const list = counts.get(row.match_id) ?? [];
    list.push({ home: row.home_goals, away: row.away_goals, count: Number(row.picks) });
    counts.set(row.match_id, list);
  }
  return counts;
}

/**
 * Every pick of each revealed match, counted by score (an empty list: no picks). The matches not
 * counted yet are counted now, one after another: a fill holds its match's lock only while it counts.
 */
export async function pickCounts(db: Kysely<Database>, revealedIds: readonly number[]): Promise<Map<number, ScoreCount[]>> {
  const counts = await read(db, revealedIds);
  const missing = revealedIds.filter((id) => !counts.has(id));
  for (const id of missing) await fill(db, id);
  for (const [id, list] of await read(db, missing)) counts.set(id, list);
  for (const id of revealedIds) if (!counts.has(id)) counts.set(id, []);
  return counts;
}

/** How many picks a match's counts add up to. */
export function totalOf(counts: readonly ScoreCount[]): number {
  return counts.reduce((sum, score) => sum + score.count, 0);
}
