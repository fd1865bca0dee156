import { type Kysely, type Migration, PostgresAdapter, sql } from "kysely";
import { columnTypes } from "./column-types";

/**
 * Seasons and competitions (issue 15): one install serves a group for years.
 *
 * - competitions ('Liga MX', 'Copa Mundial de la FIFA'); teams belong to one (unique name and
 *   short code within it); a season uses some of them (season_teams).
 * - seasons: name, competition, time zone, the one current season, when it finished, and its
 *   rules (points for an exact score and for the outcome, the two-leg bonus on or off, which score
 *   counts after extra time, whether picks may change until they lock).
 * - phases belong to a season (unique name and position within it); matches gain their group
 *   ('Grupo A'), the score after extra time and the penalty shoot-out.
 * - standings_total is per season; pools belong to a season.
 *
 * An existing database keeps every row: its phases, matches, teams, predictions, standings and
 * pools become one season named `firstSeasonName` (SEASON_NAME), current, in competition
 * 'Liga MX'. A fresh database has no phases yet: the season seed creates the first season.
 *
 * SQLite cannot drop a column's UNIQUE or change a primary key: those tables are rebuilt (new
 * table, copy, drop, rename) with foreign keys off around the migration (migrate.server.ts turns
 * them off, and checks them after). PostgreSQL alters them in place.
 */
export function seasonsMigration({ firstSeasonName, timeZone }: { firstSeasonName: string; timeZone: string }): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      const t = columnTypes(db);

      await db.schema
        .createTable("competitions")
        .addColumn("id", "integer", t.serialPrimaryKey)
        .addColumn("name", "text", (c) => c.notNull().unique())
        .execute();

      await db.schema
        .createTable("seasons")
        .addColumn("id", "integer", t.serialPrimaryKey)
        .addColumn("competition_id", "integer", (c) => c.notNull().references("competitions.id").onDelete("restrict"))
        .addColumn("name", "text", (c) => c.notNull().unique())
        .addColumn("time_zone", "text", (c) => c.notNull())
        .addColumn("is_current", "integer", (c) => c.notNull().defaultTo(0).check(sql`is_current in (0, 1)`))
        .addColumn("finished_at", "text")
        .addColumn("points_exact", "integer", (c) => c.notNull().defaultTo(3).check(sql`points_exact between 0 and 99`))
        .addColumn("points_outcome", "integer", (c) => c.notNull().defaultTo(1).check(sql`points_outcome between 0 and 99`))
        .addColumn("two_leg_bonus", "integer", (c) => c.notNull().defaultTo(1).check(sql`two_leg_bonus in (0, 1)`))
        .addColumn("knockout_score", "text", (c) =>
          c.notNull().defaultTo("90").check(sql`knockout_score in ('90', 'tiempo_extra')`),
        )
        .addColumn("editable_picks", "integer", (c) => c.notNull().defaultTo(0).check(sql`editable_picks in (0, 1)`))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      // Exactly one season is current: at most one row may say so (the code keeps one).
      await db.schema
        .createIndex("seasons_one_current_idx")
        .on("seasons")
        .column("is_current")
        .unique()
        .where(sql.ref("is_current"), "=", 1)
        .execute();

      const existing = await db.selectFrom("phases").select("id").limit(1).executeTakeFirst();
      let competitionId: number | null = null;
      let seasonId: number | null = null;
      if (existing) {
        competitionId = (
          await db.insertInto("competitions").values({ name: "Liga MX" }).returning("id").executeTakeFirstOrThrow()
        ).id;
        seasonId = (
          await db
            .insertInto("seasons")
            .values({
              competition_id: competitionId,
              name: firstSeasonName,
              time_zone: timeZone,
              is_current: 1,
              created_at: new Date().toISOString(),
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
      }

      if (postgres) await alterInPlace(db, competitionId, seasonId);
      else await rebuild(db, competitionId, seasonId);

      await db.schema
        .createTable("season_teams")
        .addColumn("season_id", "integer", (c) => c.notNull().references("seasons.id").onDelete("cascade"))
        .addColumn("team_id", "integer", (c) => c.notNull().references("teams.id").onDelete("restrict"))
        .addPrimaryKeyConstraint("season_teams_pk", ["season_id", "team_id"])
        .execute();
      await db.schema.createIndex("season_teams_team_id_idx").on("season_teams").column("team_id").execute();
      if (seasonId !== null) {
        // The upgraded season uses every team of the league it had.
        await db
          .insertInto("season_teams")
          .columns(["season_id", "team_id"])
          .expression(db.selectFrom("teams").select([sql.lit(seasonId).as("season_id"), "id"]))
          .execute();
      }

      for (const column of ["home_score_extra_time", "away_score_extra_time", "home_penalties", "away_penalties"]) {
        await db.schema
          .alterTable("matches")
          .addColumn(column, "integer", (c) => c.check(sql`${sql.ref(column)} between 0 and 99`))
          .execute();
      }
      await db.schema.alterTable("matches").addColumn("group_name", "text").execute();

      await db.schema.createIndex("phases_season_id_idx").on("phases").column("season_id").execute();
      await db.schema.createIndex("quinielas_season_id_idx").on("quinielas").column("season_id").execute();
    },
  };
}

/** PostgreSQL: new columns filled with the upgraded season, constraints moved within a season. */
async function alterInPlace(db: Kysely<any>, competitionId: number | null, seasonId: number | null): Promise<void> {
  await sql`alter table teams add column competition_id integer references competitions(id) on delete restrict`.execute(db);
  if (competitionId !== null) await db.updateTable("teams").set({ competition_id: competitionId }).execute();
  await sql`alter table teams alter column competition_id set not null`.execute(db);
  await sql`alter table teams drop constraint teams_name_key, drop constraint teams_short_code_key`.execute(db);
  await sql`alter table teams add constraint teams_competition_name_key unique (competition_id, name),
    add constraint teams_competition_short_code_key unique (competition_id, short_code)`.execute(db);

  await sql`alter table phases add column season_id integer references seasons(id) on delete restrict`.execute(db);
  if (seasonId !== null) await db.updateTable("phases").set({ season_id: seasonId }).execute();
  await sql`alter table phases alter column season_id set not null`.execute(db);
  await sql`alter table phases drop constraint phases_name_key, drop constraint phases_position_key`.execute(db);
  await sql`alter table phases add constraint phases_season_name_key unique (season_id, name),
    add constraint phases_season_position_key unique (season_id, position)`.execute(db);

  await sql`alter table standings_total add column season_id integer references seasons(id) on delete cascade`.execute(db);
  if (seasonId !== null) await db.updateTable("standings_total").set({ season_id: seasonId }).execute();
  await sql`alter table standings_total alter column season_id set not null`.execute(db);
  await sql`alter table standings_total drop constraint standings_total_pkey`.execute(db);
  await sql`alter table standings_total add constraint standings_total_pkey primary key (season_id, user_id)`.execute(db);
  await sql`drop index standings_total_order_idx`.execute(db);
  await sql`create index standings_total_order_idx on standings_total (season_id, points desc, exact_hits desc, outcome_hits desc)`.execute(db);
  await sql`create index standings_total_user_id_idx on standings_total (user_id)`.execute(db);

  await sql`alter table quinielas add column season_id integer references seasons(id) on delete restrict`.execute(db);
  if (seasonId !== null) await db.updateTable("quinielas").set({ season_id: seasonId }).execute();
  await sql`alter table quinielas alter column season_id set not null`.execute(db);
}

/**
 * SQLite: each table rebuilt with its new shape and the same rows (same ids, so every reference
 * still holds); the old one dropped and the new one given its name. Foreign keys are off here
 * (migrate.server.ts), so dropping a referenced table deletes nothing.
 */
async function rebuild(db: Kysely<any>, competitionId: number | null, seasonId: number | null): Promise<void> {
  const competition = competitionId ?? "null";
  const season = seasonId ?? "null";

  await sql`create table teams_new (
    id integer primary key autoincrement,
    competition_id integer not null references competitions (id) on delete restrict,
    name text not null,
    short_code text not null,
    primary_color text not null,
    secondary_color text not null,
    logo_url text,
    unique (competition_id, name),
    unique (competition_id, short_code))`.execute(db);
  await sql`insert into teams_new (id, competition_id, name, short_code, primary_color, secondary_color, logo_url)
    select id, ${sql.raw(String(competition))}, name, short_code, primary_color, secondary_color, logo_url from teams`.execute(db);
  await replaceTable(db, "teams");

  await sql`create table phases_new (
    id integer primary key autoincrement,
    season_id integer not null references seasons (id) on delete restrict,
    name text not null,
    position integer not null,
    activated_at text,
    unique (season_id, name),
    unique (season_id, position))`.execute(db);
  await sql`insert into phases_new (id, season_id, name, position, activated_at)
    select id, ${sql.raw(String(season))}, name, position, activated_at from phases`.execute(db);
  await replaceTable(db, "phases");

  await sql`create table standings_total_new (
    season_id integer not null references seasons (id) on delete cascade,
    user_id text not null references users (id) on delete cascade,
    points integer not null,
    exact_hits integer not null,
    outcome_hits integer not null,
    primary key (season_id, user_id))`.execute(db);
  await sql`insert into standings_total_new (season_id, user_id, points, exact_hits, outcome_hits)
    select ${sql.raw(String(season))}, user_id, points, exact_hits, outcome_hits from standings_total`.execute(db);
  await replaceTable(db, "standings_total");
  await sql`create index standings_total_order_idx on standings_total (season_id, points desc, exact_hits desc, outcome_hits desc)`.execute(db);
  await sql`create index standings_total_user_id_idx on standings_total (user_id)`.execute(db);

  await sql`create table quinielas_new (
    id integer primary key autoincrement,
    season_id integer not null references seasons (id) on delete restrict,
    name text not null,
    owner_id text not null references users (id) on delete cascade,
    invite_code text not null unique,
    created_at text not null,
    updated_at text not null)`.execute(db);
  await sql`insert into quinielas_new (id, season_id, name, owner_id, invite_code, created_at, updated_at)
    select id, ${sql.raw(String(season))}, name, owner_id, invite_code, created_at, updated_at from quinielas`.execute(db);
  await replaceTable(db, "quinielas");
  await sql`create index quinielas_owner_id_idx on quinielas (owner_id)`.execute(db);
}

/** Drops `name` and gives `name_new` its name (its indexes go with the dropped table). */
async function replaceTable(db: Kysely<any>, name: string): Promise<void> {
  await sql`drop table ${sql.ref(name)}`.execute(db);
  await sql`alter table ${sql.ref(`${name}_new`)} rename to ${sql.ref(name)}`.execute(db);
}
