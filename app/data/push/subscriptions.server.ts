import type { Kysely } from "kysely";

import type { Database } from "#app/data/engine/schema";
import { MAX_DEVICES_PER_PLAYER } from "#app/domain/forms/push-forms";

/** A device's subscription as the sender needs it. */
export interface PushDevice {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface NewPushSubscription {
  userId: string;
  /** The session the player turned notifications on in: the device's sign-out ends them. */
  sessionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** 'taken': the endpoint is another player's device; 'too-many': the player has MAX_DEVICES_PER_PLAYER already. */
export type SubscribeRefusal = "taken" | "too-many";

/**
 * Stores this device's subscription for the player. A device is one session (one browser): the
 * session's earlier subscription, if its browser made a new one, is replaced. An endpoint already
 * stored for the same player moves to this session with its new keys; one stored for another player
 * stays theirs (refused: only they, or their sign-out, remove it). At most MAX_DEVICES_PER_PLAYER
 * per player: the player's row is locked first, so two devices subscribing at once both count.
 */
export async function savePushSubscription(
  db: Kysely<Database>,
  subscription: NewPushSubscription,
  now = new Date(),
): Promise<SubscribeRefusal | null> {
  return db.transaction().execute((trx) => saveInTransaction(trx, subscription, now));
}

/**
 * A subscription the browser renewed by itself (the service worker's `pushsubscriptionchange`):
 * the player's old endpoint goes, the new one is stored as `savePushSubscription` stores one, in
 * one transaction. An old endpoint that is not the player's is left alone.
 */
export async function renewPushSubscription(
  db: Kysely<Database>,
  { oldEndpoint, ...subscription }: NewPushSubscription & { oldEndpoint?: string },
  now = new Date(),
): Promise<SubscribeRefusal | null> {
  return db.transaction().execute((trx) => saveInTransaction(trx, subscription, now, oldEndpoint));
}

/** `savePushSubscription`'s work; the player's `replacing` endpoint (a renewal's old one) goes when the new one may be stored. */
async function saveInTransaction(
  trx: Kysely<Database>,
  subscription: NewPushSubscription,
  now: Date,
  replacing?: string,
): Promise<SubscribeRefusal | null> {
  const { userId, sessionId, endpoint, p256dh, auth } = subscription;
  await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirst();
  const held = await trx.selectFrom("push_subscriptions").select("user_id").where("endpoint", "=", endpoint).executeTakeFirst();
  if (held && held.user_id !== userId) return "taken";
  // Only once the new one may be stored: a refused renewal leaves the old endpoint as it was.
  if (replacing !== undefined && replacing !== endpoint) {
    await trx.deleteFrom("push_subscriptions").where("user_id", "=", userId).where("endpoint", "=", replacing).execute();
  }
  await trx.deleteFrom("push_subscriptions").where("session_id", "=", sessionId).where("endpoint", "<>", endpoint).execute();
  if (held) {
    await trx
      .updateTable("push_subscriptions")
      .set({ session_id: sessionId, p256dh, auth })
      .where("endpoint", "=", endpoint)
      .execute();
    return null;
  }
  const { devices } = await trx
    .selectFrom("push_subscriptions")
    .select((eb) => eb.fn.countAll<number>().as("devices"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  if (Number(devices) >= MAX_DEVICES_PER_PLAYER) return "too-many";
  const inserted = await trx
    .insertInto("push_subscriptions")
    .values({ user_id: userId, session_id: sessionId, endpoint, p256dh, auth, created_at: now.toISOString() })
    // Another player's device cannot have this endpoint in the same instant unless it is the
    // same browser: their insert went first, and it stays theirs.
    .onConflict((conflict) => conflict.column("endpoint").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? null : "taken";
}

/**
 * Turns notifications off on this device: the session's subscription and, when the browser
 * names its endpoint, that one, always among the player's own. How many rows went (0: nothing
 * of theirs was on).
 */
export async function removePushSubscription(
  db: Kysely<Database>,
  { userId, sessionId, endpoint }: { userId: string; sessionId: string; endpoint?: string },
): Promise<number> {
  const result = await db
    .deleteFrom("push_subscriptions")
    .where("user_id", "=", userId)
    .where((eb) => (endpoint === undefined ? eb("session_id", "=", sessionId) : eb.or([eb("session_id", "=", sessionId), eb("endpoint", "=", endpoint)])))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** What /profile shows: whether this session's device has notifications on, and on how many devices the player has. */
export async function pushDeviceState(
  db: Kysely<Database>,
  { userId, sessionId }: { userId: string; sessionId: string },
): Promise<{ thisDevice: boolean; devices: number }> {
  const rows = await db.selectFrom("push_subscriptions").select("session_id").where("user_id", "=", userId).execute();
  return { thisDevice: rows.some((row) => row.session_id === sessionId), devices: rows.length };
}

/** The players with notifications on somewhere: whom Web Push reaches (a reminder channel's audience). */
export async function playersWithDevices(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db.selectFrom("push_subscriptions").select("user_id").distinct().execute();
  return new Set(rows.map((row) => row.user_id));
}

/** Every device the player has notifications on. */
export function pushDevicesOf(db: Kysely<Database>, userId: string): Promise<PushDevice[]> {
  return db
    .selectFrom("push_subscriptions")
    .select(["id", "endpoint", "p256dh", "auth"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
}

/** A device its push service no longer knows (404, 410): its row goes, unless the endpoint moved to another row meanwhile. */
export async function forgetPushDevice(db: Kysely<Database>, device: Pick<PushDevice, "id" | "endpoint">): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("id", "=", device.id).where("endpoint", "=", device.endpoint).execute();
}
