import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Cheaper standings upkeep when a result is saved (data/standings/upkeep.server.ts rewrites the points
 * of every prediction of the match and the tallies of everyone whose points moved: 10,000 rows
 * each at 10,000 users).
 *
 * - `standings_total_order_idx` goes: no query reads it (the tables rank with window functions
 *   over the season's rows, and find tie groups by season), yet every change of points had to
 *   move its entry. The /rankings pages are no slower without it.
 * - On PostgreSQL, the tables whose rows are rewritten in place leave room in each page
 *   (fillfactor), so that a row's new version stays on its page without touching the indexes
 *   (a HOT update). This applies to pages written from now on; SQLite rewrites in place anyway.
 *
 * What it saves on a result's time on PostgreSQL: docs/decisions/009.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("standings_total_order_idx").ifExists().execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table standings_total set (fillfactor = 70)`.execute(db);
    await sql`alter table standings_phase set (fillfactor = 70)`.execute(db);
    await sql`alter table predictions set (fillfactor = 90)`.execute(db);
  }
}
