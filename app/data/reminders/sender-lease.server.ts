import type { Kysely } from "kysely";

import type { Database } from "#app/data/engine/schema";

/**
 * A lease: which process of which instance does a job alone (the reminders' sending). Taken when
 * nobody holds it or its holder let it expire (a crashed or frozen instance), renewed by the same
 * statement while the holder runs. One upsert, the same on SQLite and PostgreSQL: the row's
 * conflict decides between two instances asking at once.
 */
export async function holdLease(
  db: Kysely<Database>,
  { name, holder, now, ttlMs }: { name: string; holder: string; now: Date; ttlMs: number },
): Promise<boolean> {
  const row = await db
    .insertInto("sender_leases")
    .values({ name, holder, expires_at: new Date(now.getTime() + ttlMs).toISOString() })
    .onConflict((conflict) =>
      conflict
        .column("name")
        .doUpdateSet((eb) => ({ holder: eb.ref("excluded.holder"), expires_at: eb.ref("excluded.expires_at") }))
        .where((eb) =>
          eb.or([eb("sender_leases.holder", "=", holder), eb("sender_leases.expires_at", "<", now.toISOString())]),
        ),
    )
    .returning("holder")
    .executeTakeFirst();
  return row?.holder === holder;
}

/** Lets go of the lease (a clean stop), so another instance takes over at once. */
export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await db.deleteFrom("sender_leases").where("name", "=", name).where("holder", "=", holder).execute();
}
