import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#app/data/engine/schema";
import { cardQuery, type PoolCard, toCard } from "./pools.server";

/**
 * Pool invites (SPEC §4): the secret code of /quiniela/:id/unirse and what the link shows
 * (joining is a POST: joinPool in pool-changes.server.ts, never on opening the link; a new
 * code is renewInviteCode there, refused as every change of a finished season's pool).
 */

type Db = Kysely<Database>;

/** 96 random bits, URL-safe: the secret part of /quiniela/:id/unirse?codigo=… */
export function newInviteCode(): string {
  return crypto.randomBytes(12).toString("base64url");
}

export function sameCode(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * The card of the pool an invite link names, when its code is the pool's current one; undefined
 * otherwise (no telling whether the pool exists).
 */
export async function invitedPool(db: Db, poolId: number, code: string, userId: string): Promise<PoolCard | undefined> {
  const row = await cardQuery(db, userId).where("q.id", "=", poolId).executeTakeFirst();
  return row && sameCode(row.invite_code, code) ? toCard(row, userId) : undefined;
}
