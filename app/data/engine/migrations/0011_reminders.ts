import { type Kysely, sql } from "kysely";

import { columnTypes } from "./column-types";

/**
 * Reminders to players missing picks (issue 45):
 * - `users.email_reminders`: the profile's switch 'Recordatorios por correo' (on unless turned off).
 * - `reminder_claims`: one row per reminder to send, claimed before it is sent. Its unique key
 *   (player, phase, occasion, channel) is what makes a reminder go out once, whichever process or
 *   instance finds it due, and across restarts: an insert that meets it inserts nothing. The
 *   occasion is a timed reminder's hours before the first kickoff ('24', '2') or a manual one's
 *   ('manual-<id>'). The row then follows the delivery: its status, attempts and next retry.
 * - `manual_reminders`: one row per 'Recordar a los que faltan', which keeps it to one an hour
 *   per phase.
 * - `sender_leases`: which instance sends (a row renewed while it runs, taken over once stale).
 * Timestamps are ISO-8601 UTC text, flags integers (decision 002).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { serialPrimaryKey } = columnTypes(db);
  await db.schema
    .alterTable("users")
    .addColumn("email_reminders", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable("manual_reminders")
    .addColumn("id", "integer", serialPrimaryKey)
    .addColumn("phase_id", "integer", (c) => c.notNull().references("phases.id").onDelete("cascade"))
    .addColumn("sent_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("players", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("manual_reminders_phase_idx")
    .on("manual_reminders")
    .columns(["phase_id", "created_at"])
    .execute();

  await db.schema
    .createTable("reminder_claims")
    .addColumn("id", "integer", serialPrimaryKey)
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("phase_id", "integer", (c) => c.notNull().references("phases.id").onDelete("cascade"))
    .addColumn("occasion", "text", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addUniqueConstraint("reminder_claims_once", ["user_id", "phase_id", "occasion", "channel"])
    .execute();
  await db.schema
    .createIndex("reminder_claims_phase_idx")
    .on("reminder_claims")
    .columns(["phase_id", "occasion"])
    .execute();
  // What the sender asks every few seconds: the claims waiting for a delivery, soonest first.
  await db.schema
    .createIndex("reminder_claims_pending_idx")
    .on("reminder_claims")
    .columns(["next_attempt_at", "id"])
    .where(sql<boolean>`status = 'pending'`)
    .execute();

  await db.schema
    .createTable("sender_leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
}
