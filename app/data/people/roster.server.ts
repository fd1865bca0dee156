import type { Kysely } from "kysely";
import type { Database } from "#app/data/engine/schema";

export interface RosterEntry {
  email: string;
  nickname: string | null;
}

export async function listRoster(db: Kysely<Database>): Promise<RosterEntry[]> {
  return db.selectFrom("allowed_emails").select(["email", "nickname"]).orderBy("email").execute();
}

/** How many e-mails the roster holds (0: registration is open). */
export async function countRoster(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("allowed_emails")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Replaces the whole list in one transaction. */
export async function replaceRoster(db: Kysely<Database>, entries: readonly RosterEntry[]): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("allowed_emails").execute();
    if (entries.length > 0) {
      await trx
        .insertInto("allowed_emails")
        .values(entries.map((entry) => ({ ...entry, created_at: now })))
        .execute();
    }
  });
}

/**
 * Whether this e-mail may register, and the nickname it takes: anyone while the roster is empty,
 * else only the listed e-mails.
 */
export async function rosterCheck(
  db: Kysely<Database>,
  email: string,
): Promise<{ allowed: boolean; nickname: string | null }> {
  const listed = await db.selectFrom("allowed_emails").select("nickname").where("email", "=", email).executeTakeFirst();
  if (listed) return { allowed: true, nickname: listed.nickname };
  const any = await db.selectFrom("allowed_emails").select("email").limit(1).executeTakeFirst();
  return { allowed: !any, nickname: null };
}
