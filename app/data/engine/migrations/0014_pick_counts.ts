import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * What everybody picked, stored (decision 026): `pick_counts` holds, per revealed match, how many
 * picks each score got. data/predictions/pick-counts.server.ts fills a match's rows on the first view
 * after its reveal (one grouped read of its picks) and reads them on every later view, instead of
 * every pick. A trigger on `predictions` empties a match's rows whenever one of its picks is added,
 * changed or deleted, whoever writes (the admin's 'Pronósticos', 'Eliminar Predicciones', a
 * player's deletion, imports, an administrator's SQL): a count is never stale, and the next view
 * counts again. Picks saved before the deadline are for matches not yet revealed, which have no rows:
 * the delete finds nothing.
 *
 * On PostgreSQL the trigger also takes a shared advisory lock on the match, held to the end of the
 * write's transaction, and the fill an exclusive one: a fill waits for the writes of that match
 * under way, and they for it, so a fill never stores a count read before a write that commits after
 * its trigger has already emptied the (still missing) rows. The lock is in memory, on no row.
 * On SQLite the fill is one INSERT … SELECT, which writes from the latest picks or fails.
 *
 * Also an index on the users' names as every list shows them (data/people/display-name.server.ts),
 * lowercased: a match's list of picks is read in name order by walking it and stopping at a page's
 * end, instead of sorting every pick of the match.
 */
export const PICK_COUNT_LOCK = 46_005;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("pick_counts")
    .addColumn("match_id", "integer", (c) => c.notNull().references("matches.id").onDelete("cascade"))
    .addColumn("home_goals", "integer", (c) => c.notNull())
    .addColumn("away_goals", "integer", (c) => c.notNull())
    .addColumn("picks", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("pick_counts_pk", ["match_id", "home_goals", "away_goals"])
    .execute();
  await sql`create index users_list_name_idx on users (lower(coalesce(nullif(display_name, ''), name)), id)`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function empty_pick_counts() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          perform pg_advisory_xact_lock_shared(${sql.lit(PICK_COUNT_LOCK)}, old.match_id);
          delete from pick_counts where match_id = old.match_id;
        end if;
        if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.match_id <> old.match_id) then
          perform pg_advisory_xact_lock_shared(${sql.lit(PICK_COUNT_LOCK)}, new.match_id);
          delete from pick_counts where match_id = new.match_id;
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`create trigger pick_counts_emptied after insert or delete or update of match_id, home_score, away_score
      on predictions for each row execute function empty_pick_counts()`.execute(db);
    return;
  }
  await sql`create trigger pick_counts_emptied_insert after insert on predictions
    begin delete from pick_counts where match_id = new.match_id; end`.execute(db);
  await sql`create trigger pick_counts_emptied_delete after delete on predictions
    begin delete from pick_counts where match_id = old.match_id; end`.execute(db);
  await sql`create trigger pick_counts_emptied_update after update of match_id, home_score, away_score on predictions
    begin
      delete from pick_counts where match_id = old.match_id;
      delete from pick_counts where match_id = new.match_id and new.match_id <> old.match_id;
    end`.execute(db);
}
