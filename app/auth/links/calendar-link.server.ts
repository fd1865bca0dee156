import crypto from "node:crypto";
import type { Kysely } from "kysely";

import type { Database } from "#app/data/engine/schema";
import { feedRenewals } from "#app/data/people/calendar-feeds.server";

/**
 * A player's secret calendar address, /calendario/<key>.ics, where the key is the player's id and a
 * keyed hash (HMAC-SHA-256 with the server's secret, 128 bits kept) of that id and how many times
 * they renewed it. Nothing secret is stored: a copy of the database gives no working address; a
 * renewal changes the hash, so the old address stops working at once; and the hash is for this use
 * only (its own label), so it opens nothing else. Changing BETTER_AUTH_SECRET changes every
 * player's address (docs/OPERATIONS.md).
 */

type Db = Kysely<Database>;

const PURPOSE = "quiniela:calendar-feed:v1";
const MAC_BYTES = 16;

function mac(secret: string, userId: string, renewals: number): Buffer {
  return crypto
    .createHmac("sha256", secret)
    .update(`${PURPOSE}\n${userId}\n${renewals}`)
    .digest()
    .subarray(0, MAC_BYTES);
}

function keyOf(secret: string, userId: string, renewals: number): string {
  return `${Buffer.from(userId).toString("base64url")}.${mac(secret, userId, renewals).toString("base64url")}`;
}

/** The feed's absolute address for a player at the app's public origin. */
export async function calendarFeedUrl(db: Db, secret: string, userId: string, origin: string): Promise<string> {
  const renewals = (await feedRenewals(db, userId)) ?? 0;
  return `${origin}/calendario/${keyOf(secret, userId, renewals)}.ics`;
}

const KEY = /^([\w-]{1,200})\.([\w-]{22})\.ics$/;

/**
 * The player a feed's file name (`<key>.ics`) belongs to, when its hash is the current one; else
 * undefined (unknown, renewed, deleted player: all alike). The hashes are compared in constant time.
 */
export async function calendarFeedOwner(db: Db, secret: string, file: string): Promise<string | undefined> {
  const match = KEY.exec(file);
  if (!match) return undefined;
  const userId = Buffer.from(match[1]!, "base64url").toString("utf8");
  const given = Buffer.from(match[2]!, "base64url");
  // Only the one spelling of the hash: base64url's last character has bits a decoder ignores.
  if (given.length !== MAC_BYTES || given.toString("base64url") !== match[2]) return undefined;
  const renewals = await feedRenewals(db, userId);
  if (renewals === undefined) return undefined;
  return crypto.timingSafeEqual(given, mac(secret, userId, renewals)) ? userId : undefined;
}
