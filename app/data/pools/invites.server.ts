import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#app/data/engine/schema";
import { displayNameOf } from "#app/data/people/display-name.server";
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

/** What an invite link tells someone not signed in yet: the pool's name and who invites. */
export interface InvitePreview {
  poolName: string;
  /** The owner's name as every screen shows it (never an e-mail). */
  ownerName: string;
}

/**
 * The preview of an invite link that still lets someone join: its code is the pool's current one
 * and the pool's season is not finished (joinPool would refuse it); undefined otherwise, so a
 * wrong, renewed or dead link shows nothing of any pool.
 */
export async function invitePreview(db: Db, poolId: number, code: string): Promise<InvitePreview | undefined> {
  const row = await db
    .selectFrom("quinielas as q")
    .innerJoin("users as o", "o.id", "q.owner_id")
    .innerJoin("seasons as s", "s.id", "q.season_id")
    .select(["q.name", "q.invite_code", "s.finished_at", displayNameOf("o").as("owner_name")])
    .where("q.id", "=", poolId)
    .executeTakeFirst();
  if (!row || !sameCode(row.invite_code, code) || row.finished_at !== null) return undefined;
  return { poolName: row.name, ownerName: row.owner_name };
}
