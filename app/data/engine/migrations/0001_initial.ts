import { type Kysely, sql } from "kysely";
import { columnTypes } from "./column-types";

/**
 * Accounts (Better Auth's four tables, snake_case), the season (teams, phases, matches),
 * predictions, quinielas and the rate-limit counters. Never edit once released: add a migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("email_verified", t.authBoolean, (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("user").check(sql`role in ('user', 'admin')`))
    .addColumn("display_name", "text")
    .addColumn("avatar_color", "text", (c) => c.notNull().defaultTo("blue"))
    .addColumn("created_at", t.authTimestamp, (c) => c.notNull())
    .addColumn("updated_at", t.authTimestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", t.authTimestamp, (c) => c.notNull())
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", t.authTimestamp, (c) => c.notNull())
    .addColumn("updated_at", t.authTimestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("provider_id", "text", (c) => c.notNull())
    .addColumn("access_token", "text")
    .addColumn("refresh_token", "text")
    .addColumn("id_token", "text")
    .addColumn("access_token_expires_at", t.authTimestamp)
    .addColumn("refresh_token_expires_at", t.authTimestamp)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("created_at", t.authTimestamp, (c) => c.notNull())
    .addColumn("updated_at", t.authTimestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("accounts_user_id_idx").on("accounts").column("user_id").execute();

  await db.schema
    .createTable("verifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expires_at", t.authTimestamp, (c) => c.notNull())
    .addColumn("created_at", t.authTimestamp, (c) => c.notNull())
    .addColumn("updated_at", t.authTimestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("verifications_identifier_idx").on("verifications").column("identifier").execute();

  await db.schema
    .createTable("teams")
    .addColumn("id", "integer", t.serialPrimaryKey)
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("short_code", "text", (c) => c.notNull().unique())
    .addColumn("primary_color", "text", (c) => c.notNull())
    .addColumn("secondary_color", "text", (c) => c.notNull())
    .addColumn("logo_url", "text")
    .execute();

  await db.schema
    .createTable("phases")
    .addColumn("id", "integer", t.serialPrimaryKey)
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("position", "integer", (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable("matches")
    .addColumn("id", "integer", t.serialPrimaryKey)
    .addColumn("phase_id", "integer", (c) => c.notNull().references("phases.id").onDelete("restrict"))
    .addColumn("home_team_id", "integer", (c) => c.references("teams.id").onDelete("set null"))
    .addColumn("away_team_id", "integer", (c) => c.references("teams.id").onDelete("set null"))
    .addColumn("kickoff_at", "text")
    .addColumn("home_score", "integer", (c) => c.check(sql`home_score between 0 and 99`))
    .addColumn("away_score", "integer", (c) => c.check(sql`away_score between 0 and 99`))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(0).check(sql`active in (0, 1)`))
    .addColumn("is_first_leg", "integer", (c) => c.check(sql`is_first_leg in (0, 1)`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint("matches_result_complete", sql`(home_score is null) = (away_score is null)`)
    .execute();
  await db.schema.createIndex("matches_phase_id_idx").on("matches").column("phase_id").execute();

  await db.schema
    .createTable("predictions")
    .addColumn("id", "integer", t.serialPrimaryKey)
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("match_id", "integer", (c) => c.notNull().references("matches.id").onDelete("cascade"))
    .addColumn("home_score", "integer", (c) => c.notNull().check(sql`home_score between 0 and 99`))
    .addColumn("away_score", "integer", (c) => c.notNull().check(sql`away_score between 0 and 99`))
    .addColumn("activated", "integer", (c) => c.notNull().defaultTo(0).check(sql`activated in (0, 1)`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("predictions_user_match_unique", ["user_id", "match_id"])
    .execute();
  await db.schema.createIndex("predictions_match_id_idx").on("predictions").column("match_id").execute();

  await db.schema
    .createTable("quinielas")
    .addColumn("id", "integer", t.serialPrimaryKey)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("owner_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("invite_code", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("quinielas_owner_id_idx").on("quinielas").column("owner_id").execute();

  await db.schema
    .createTable("quiniela_matches")
    .addColumn("quiniela_id", "integer", (c) => c.notNull().references("quinielas.id").onDelete("cascade"))
    .addColumn("match_id", "integer", (c) => c.notNull().references("matches.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("quiniela_matches_pk", ["quiniela_id", "match_id"])
    .execute();
  await db.schema.createIndex("quiniela_matches_match_id_idx").on("quiniela_matches").column("match_id").execute();

  await db.schema
    .createTable("quiniela_participants")
    .addColumn("quiniela_id", "integer", (c) => c.notNull().references("quinielas.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("joined_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("quiniela_participants_pk", ["quiniela_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("quiniela_participants_user_id_idx")
    .on("quiniela_participants")
    .column("user_id")
    .execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("window_started_at", "bigint", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .execute();
}
