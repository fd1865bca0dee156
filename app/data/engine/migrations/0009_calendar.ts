import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * The calendar feed (/calendario/<key>.ics):
 *
 * - `matches.kickoff_sequence`: how many times a match's kickoff has changed, the SEQUENCE a
 *   calendar client needs to move an event it already has. A trigger counts it in the change's
 *   own transaction, whoever changes the kickoff (the admin's screens, the season files, a script,
 *   SQL by hand), so no writer has to remember it. Existing matches start at 0.
 * - `calendar_feeds`: one row per player who renewed their feed's address, counting the renewals.
 *   The address itself is never stored: it is a keyed hash of the player and this count
 *   (auth/calendar-link.server.ts), so a copy of the database gives no working address, and a
 *   renewal makes the old one fail at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("matches")
    .addColumn("kickoff_sequence", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("calendar_feeds")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("renewals", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("renewed_at", "text", (c) => c.notNull())
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function count_kickoff_change() returns trigger language plpgsql as $$
      begin
        if new.kickoff_at is distinct from old.kickoff_at then
          new.kickoff_sequence := old.kickoff_sequence + 1;
        end if;
        return new;
      end
      $$`.execute(db);
    await sql`create trigger kickoff_sequence before update of kickoff_at on matches
      for each row execute function count_kickoff_change()`.execute(db);
    return;
  }
  // SQLite cannot change NEW in a trigger: the row is updated once more after the change.
  await sql`create trigger kickoff_sequence after update of kickoff_at on matches
    when new.kickoff_at is not old.kickoff_at
    begin update matches set kickoff_sequence = old.kickoff_sequence + 1 where id = new.id; end`.execute(db);
}
