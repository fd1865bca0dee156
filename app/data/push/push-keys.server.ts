import type { Kysely } from "kysely";

import type { VapidKeys } from "#app/config.server";
import type { Database } from "#app/data/engine/schema";

/**
 * The install's VAPID key pair: the one in the database, or `made()` stored there first. Every
 * process and instance that starts at the same moment on a new database may make a pair; only
 * the first insert goes in (`on conflict do nothing`), and every one of them then reads that one.
 */
export async function readOrCreatePushKeys(db: Kysely<Database>, made: () => VapidKeys, now = new Date()): Promise<VapidKeys> {
  const stored = await readPushKeys(db);
  if (stored) return stored;
  const keys = made();
  await db
    .insertInto("push_keys")
    .values({ id: 1, public_key: keys.publicKey, private_key: keys.privateKey, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .execute();
  const kept = await readPushKeys(db);
  if (!kept) throw new Error("No se pudieron guardar las claves VAPID");
  return kept;
}

async function readPushKeys(db: Kysely<Database>): Promise<VapidKeys | undefined> {
  const row = await db.selectFrom("push_keys").select(["public_key", "private_key"]).where("id", "=", 1).executeTakeFirst();
  return row && { publicKey: row.public_key, privateKey: row.private_key };
}
