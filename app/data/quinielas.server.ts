import type { Kysely } from "kysely";
import type { Database } from "./schema";

export interface QuinielaSummary {
  id: number;
  name: string;
  ownerId: string;
  isMember: boolean;
}

/** The pool and whether this user takes part in it; undefined when there is no such pool. */
export async function findQuinielaForUser(
  db: Kysely<Database>,
  quinielaId: number,
  userId: string,
): Promise<QuinielaSummary | undefined> {
  const row = await db
    .selectFrom("quinielas as q")
    .leftJoin("quiniela_participants as p", (join) =>
      join.onRef("p.quiniela_id", "=", "q.id").on("p.user_id", "=", userId),
    )
    .select(["q.id", "q.name", "q.owner_id", "p.user_id as participant"])
    .where("q.id", "=", quinielaId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { id: row.id, name: row.name, ownerId: row.owner_id, isMember: row.participant !== null };
}
