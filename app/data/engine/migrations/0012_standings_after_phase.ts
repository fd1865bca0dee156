import { type Kysely, sql } from "kysely";

/**
 * The season's table as it stood when each completed phase ended (issue 46: movement and the
 * season's chart read it instead of ranking the season per view): one row per completed phase
 * and player with a stored tally by then, their place (1, 2, 2, 4 by points, exact hits, correct
 * outcomes) and their cumulative tally. A phase is completed when it has active matches and every
 * one has its result. Kept by data/standings/positions-upkeep.server.ts in the transaction that
 * changes the standings or what completes a phase.
 *
 * Existing databases are filled here, season by season, from the stored standings (the same
 * statement as the upkeep's, written again so that this migration never changes with the app).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("standings_after_phase")
    .addColumn("phase_id", "integer", (c) => c.notNull().references("phases.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("place", "integer", (c) => c.notNull())
    .addColumn("points", "integer", (c) => c.notNull())
    .addColumn("exact_hits", "integer", (c) => c.notNull())
    .addColumn("outcome_hits", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("standings_after_phase_pk", ["phase_id", "user_id"])
    .execute();
  // A deleted account's rows go by its foreign key: found by this index, not a scan.
  await db.schema.createIndex("standings_after_phase_user_id_idx").on("standings_after_phase").column("user_id").execute();

  const seasons = await db.selectFrom("seasons").select("id").orderBy("id").execute();
  for (const season of seasons) await fillSeason(db, season.id as number);
}

async function fillSeason(db: Kysely<any>, seasonId: number): Promise<void> {
  const phases = await sql<{ id: number; active_matches: number | null; active_without_result: number | null }>`
    select p.id,
      sum(case when m.active = 1 then 1 else 0 end) as active_matches,
      sum(case when m.active = 1 and (m.home_score is null or m.away_score is null) then 1 else 0 end) as active_without_result
    from phases p left join matches m on m.phase_id = p.id
    where p.season_id = ${seasonId}
    group by p.id, p.position
    order by p.position, p.id`.execute(db);
  let base: number | null = null;
  let gap: number[] = [];
  for (const phase of phases.rows) {
    gap.push(phase.id);
    if (Number(phase.active_matches ?? 0) === 0 || Number(phase.active_without_result ?? 0) > 0) continue;
    const before = base === null ? sql`` : sql`select user_id, points, exact_hits, outcome_hits from standings_after_phase where phase_id = ${base} union all `;
    await sql`
      insert into standings_after_phase (phase_id, user_id, place, points, exact_hits, outcome_hits)
      select ${sql.lit(phase.id)}, t.user_id,
        rank() over (order by sum(t.points) desc, sum(t.exact_hits) desc, sum(t.outcome_hits) desc),
        sum(t.points), sum(t.exact_hits), sum(t.outcome_hits)
      from (${before}select user_id, points, exact_hits, outcome_hits from standings_phase where phase_id in (${sql.join(gap)})) t
      group by t.user_id`.execute(db);
    base = phase.id;
    gap = [];
  }
}
