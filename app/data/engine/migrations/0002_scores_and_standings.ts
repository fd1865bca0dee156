import { type Kysely, sql } from "kysely";

/**
 * Kept-up-to-date scores, so that no page recomputes the standings from every prediction:
 * - predictions.points (null while the match has no result) and predictions.bonus (the knockout
 *   bonus, stored on the second leg's prediction), written when a result changes;
 * - standings_phase: one row per user and phase; standings_total: one row per user.
 * phases.activated_at is set by 'Activar Quinielas' (the phase is closed and its picks revealed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("predictions").addColumn("points", "integer").execute();
  await db.schema
    .alterTable("predictions")
    .addColumn("bonus", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("phases").addColumn("activated_at", "text").execute();

  await db.schema
    .createTable("standings_phase")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("phase_id", "integer", (c) => c.notNull().references("phases.id").onDelete("cascade"))
    .addColumn("points", "integer", (c) => c.notNull())
    .addColumn("exact_hits", "integer", (c) => c.notNull())
    .addColumn("outcome_hits", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("standings_phase_pk", ["phase_id", "user_id"])
    .execute();
  await db.schema.createIndex("standings_phase_user_id_idx").on("standings_phase").column("user_id").execute();

  await db.schema
    .createTable("standings_total")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("points", "integer", (c) => c.notNull())
    .addColumn("exact_hits", "integer", (c) => c.notNull())
    .addColumn("outcome_hits", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("standings_total_order_idx")
    .on("standings_total")
    .expression(sql`points desc, exact_hits desc, outcome_hits desc`)
    .execute();
}
