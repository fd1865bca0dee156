import type { Kysely } from "kysely";

/**
 * The roster: e-mails allowed to register, each with the nickname the person gets. An empty
 * roster means registration is open (SPEC §2.12).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("allowed_emails")
    .addColumn("email", "text", (c) => c.primaryKey())
    .addColumn("nickname", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}
