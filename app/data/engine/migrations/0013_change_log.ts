import { type Kysely, PostgresAdapter, sql } from "kysely";

import { columnTypes } from "./column-types";

/**
 * 'Bitácora' (issue 46): `change_log`, one row per change that moves points or picks, written in
 * the change's own transaction (data/changes/change-log.server.ts).
 * - No foreign key: an entry outlives the people, matches and seasons it names. Who acted and whom
 *   it is about are kept as ids and as the names they had then (`actor_name`, `player_name`).
 * - `subject`: what changed, in words ('Querétaro vs Toluca', 'Jornada 3', a season's name);
 *   `before` and `after`: small JSON texts (bounded by the writer).
 * - Append-only below the app too: triggers refuse any UPDATE or DELETE of a row (and TRUNCATE on
 *   PostgreSQL), whoever asks. A restore replaces the whole database (SQLite: the file; PostgreSQL:
 *   pg_restore --clean drops and recreates the table), which the triggers do not stop.
 * Timestamps are ISO-8601 UTC text (decision 002).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { serialPrimaryKey } = columnTypes(db);
  await db.schema
    .createTable("change_log")
    .addColumn("id", "integer", serialPrimaryKey)
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("season_id", "integer")
    .addColumn("actor_id", "text")
    .addColumn("actor_name", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("player_id", "text")
    .addColumn("player_name", "text")
    .addColumn("before", "text")
    .addColumn("after", "text")
    .execute();
  // The screens' reads: a season's entries, or its entries of some kinds, newest first.
  await db.schema.createIndex("change_log_season_idx").on("change_log").columns(["season_id", "id"]).execute();
  await db.schema.createIndex("change_log_season_kind_idx").on("change_log").columns(["season_id", "kind", "id"]).execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function refuse_change_log_edit() returns trigger language plpgsql as $$
      begin
        raise exception 'La bitácora no se puede modificar';
      end
      $$`.execute(db);
    await sql`create trigger change_log_append_only before update or delete on change_log
      for each row execute function refuse_change_log_edit()`.execute(db);
    await sql`create trigger change_log_no_truncate before truncate on change_log
      for each statement execute function refuse_change_log_edit()`.execute(db);
    return;
  }
  for (const change of ["update", "delete"] as const) {
    await sql`create trigger ${sql.raw(`change_log_no_${change}`)} before ${sql.raw(change)} on change_log
      begin select raise(abort, 'La bitácora no se puede modificar'); end`.execute(db);
  }
}
