import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** The account whose e-mail is ADMIN_EMAIL is admin; called at every start. */
export async function promoteAdminEmail(db: Kysely<Database>, adminEmail: string | undefined): Promise<void> {
  if (!adminEmail) return;
  await db.updateTable("users").set({ role: "admin" }).where("email", "=", adminEmail).execute();
}
