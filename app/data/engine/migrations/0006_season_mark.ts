import { type Kysely, PostgresAdapter, sql } from "kysely";

/** The tables a season's shape is read from: the season and its competition, phases and matches. */
export const SEASON_SHAPE_TABLES = ["seasons", "competitions", "phases", "matches"] as const;

/**
 * The 'season' mark: a counter that every change to SEASON_SHAPE_TABLES moves, in the same
 * transaction as the change, whoever makes it (any process or instance of the app, the import
 * and restore scripts, an administrator's SQL). data/engine/kept-reads.server.ts keeps the current season
 * and its phases in memory while the mark stays where it was, instead of reading them on every
 * request. Nothing else is changed: no row is touched but the new one.
 *
 * The mark moves once per changed row (a bulk update of a season's matches moves it once per row,
 * which costs nothing that matters). On PostgreSQL the triggers run when the transaction commits
 * (deferred constraint triggers): the mark's row is then the last thing a transaction locks, so two
 * transactions that change the season's tables never wait for each other in a circle (a deadlock).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("change_marks")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("n", "bigint", (c) => c.notNull())
    .execute();
  await db.insertInto("change_marks").values({ name: "season", n: 0 }).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function move_season_mark() returns trigger language plpgsql as $$
      begin
        update change_marks set n = n + 1 where name = 'season';
        return null;
      end
      $$`.execute(db);
    for (const table of SEASON_SHAPE_TABLES) {
      await sql`create constraint trigger ${sql.raw(`season_mark_${table}`)} after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred for each row execute function move_season_mark()`.execute(db);
    }
    return;
  }
  for (const table of SEASON_SHAPE_TABLES) {
    for (const change of ["insert", "update", "delete"] as const) {
      await sql`create trigger ${sql.raw(`season_mark_${table}_${change}`)} after ${sql.raw(change)} on ${sql.table(table)}
        begin update change_marks set n = n + 1 where name = 'season'; end`.execute(db);
    }
  }
}
