import type { Kysely } from "kysely";

import type { Database } from "#app/data/engine/schema";

/** The profile's switch 'Recordatorios por correo' (on unless the player turned it off). */
export async function emailRemindersOn(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("email_reminders").where("id", "=", userId).executeTakeFirst();
  return row?.email_reminders !== 0;
}

/** Turns the switch on or off; false when the account does not exist (or is a deleted player's row). */
export async function setEmailReminders(db: Kysely<Database>, userId: string, on: boolean): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ email_reminders: on ? 1 : 0 })
    .where("id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Everyone an e-mail reminder may reach: the switch on, and not a deleted player's row. */
export async function emailAudience(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db
    .selectFrom("users")
    .select("id")
    .where("email_reminders", "=", 1)
    .where("deleted_at", "is", null)
    .execute();
  return new Set(rows.map((row) => row.id));
}
