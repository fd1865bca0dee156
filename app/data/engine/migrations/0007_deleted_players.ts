import type { Kysely } from "kysely";

/**
 * `users.deleted_at`: set on the row that stands for a deleted player in the finished seasons
 * they played (data/people/users.server.ts `deleteUser`, decision 019). Such a row has no name of its
 * own, no e-mail that reaches anyone, no credentials and no sessions; the screens that list
 * people leave it out. ISO-8601 UTC text, like our other timestamps (decision 002). No row changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("deleted_at", "text").execute();
}
