import { type Kysely, sql } from "kysely";

/**
 * Jornada winners read without a scan (data/standings/winners.server.ts): an index on a phase's
 * points finds its best points and the rows that hold them by a seek, where a grouped query over
 * standings_phase read every row of every completed phase on each view of /rankings (17 phases of
 * 10,000 players). It costs an entry's move when a player's points in a phase change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index standings_phase_top_idx on standings_phase (phase_id, points)`.execute(db);
}
