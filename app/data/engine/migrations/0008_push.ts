import { type Kysely, sql } from "kysely";

import { columnTypes } from "./column-types";

/**
 * Web Push (issue 45).
 *
 * `push_keys`: the install's VAPID key pair (RFC 8292), one row (id 1), made by whichever process
 * starts first and read by every other (`insert … on conflict do nothing`, then read), so every
 * process and instance signs with the same pair, and the browsers' subscriptions, made for its
 * public key, keep working across restarts. Unused when the settings give a pair.
 *
 * `push_subscriptions`: one row per device (its endpoint is unique), for the player who turned
 * notifications on there and the session they did it in: the row goes with the session (signing
 * out, a new password ending every session) and with the account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("push_keys")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("private_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", "integer", t.serialPrimaryKey)
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("session_id", "text", (c) => c.notNull().references("sessions.id").onDelete("cascade"))
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("push_subscriptions_user_id_idx").on("push_subscriptions").column("user_id").execute();
  await db.schema.createIndex("push_subscriptions_session_id_idx").on("push_subscriptions").column("session_id").execute();
}
