import { type Kysely, PostgresAdapter, sql } from "kysely";

import { PICK_COUNT_LOCK } from "./0014_pick_counts";

/**
 * What everybody picked counts only the named players' picks (SPEC §2.4: a user whose name is
 * unknown is hidden, and so are their picks). A player who gets a name (an imported account
 * completing its profile) or loses it changes those counts without touching a pick, so the
 * trigger on predictions (0014) does not see it: this one, on users, empties the counts of every
 * match the player picked when their shown name (the nickname, else the name: data/people/
 * display-name.server.ts) goes from blank to named or back. A rename between two names changes
 * no count and empties nothing. On PostgreSQL it takes the same shared advisory lock per match as
 * 0014's trigger, so a fill under way is waited for and none stores a count read before this change.
 */
const SHOWN = (row: "old" | "new") =>
  sql.raw(`(trim(coalesce(nullif(${row}.display_name, ''), ${row}.name)) <> '')`);

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function empty_pick_counts_of_player() returns trigger language plpgsql as $$
      begin
        if ${SHOWN("old")} is distinct from ${SHOWN("new")} then
          perform pg_advisory_xact_lock_shared(${sql.lit(PICK_COUNT_LOCK)}, p.match_id)
            from predictions p where p.user_id = new.id order by p.match_id;
          delete from pick_counts where match_id in (select p.match_id from predictions p where p.user_id = new.id);
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`create trigger pick_counts_named after update of name, display_name on users
      for each row execute function empty_pick_counts_of_player()`.execute(db);
    return;
  }
  await sql`create trigger pick_counts_named after update of name, display_name on users
    when ${SHOWN("old")} is not ${SHOWN("new")}
    begin
      delete from pick_counts where match_id in (select match_id from predictions where user_id = new.id);
    end`.execute(db);
}
