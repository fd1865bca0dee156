import type { Kysely } from "kysely";
import { POOL_MESSAGES } from "#app/domain/forms/pool-texts";
import type { Database } from "#app/data/engine/schema";
import { finishedMessage } from "#app/data/seasons/current-season.server";
import { chunked, eachChunk } from "#app/data/engine/chunks";
import { newInviteCode, sameCode } from "./invites.server";
import type { WriteResult } from "./pools.server";

/**
 * Changes to pools (SPEC §4): create, rename, their matches and participants, a new invite
 * code, duplicate for the current season, delete, and joining by an invite. Every multi-row
 * write is one transaction; a finished season's pools only change by delete and 'Duplicar', and
 * no pool is made in a finished season, by 'Duplicar' either.
 */

type Db = Kysely<Database>;

/** The match ids of the chosen matches and whole phases, checked to exist in the pool's season. */
async function resolveMatches(
  db: Db,
  seasonId: number,
  { matchIds, phaseIds }: { matchIds: readonly number[]; phaseIds: readonly number[] },
): Promise<WriteResult<{ ids: number[] }>> {
  if (phaseIds.length > 0) {
    const phases = await db
      .selectFrom("phases")
      .select("id")
      .where("id", "in", phaseIds)
      .where("season_id", "=", seasonId)
      .execute();
    if (phases.length !== phaseIds.length) return { ok: false, message: POOL_MESSAGES.badPhase };
  }
  const ids = new Set<number>();
  if (matchIds.length > 0) {
    const found = await db
      .selectFrom("matches as m")
      .innerJoin("phases as p", "p.id", "m.phase_id")
      .select("m.id")
      .where("m.id", "in", matchIds)
      .where("p.season_id", "=", seasonId)
      .execute();
    if (found.length !== matchIds.length) return { ok: false, message: POOL_MESSAGES.badMatch };
    for (const row of found) ids.add(row.id);
  }
  if (phaseIds.length > 0) {
    const inPhases = await db.selectFrom("matches").select("id").where("phase_id", "in", phaseIds).execute();
    for (const row of inPhases) ids.add(row.id);
  }
  if (ids.size === 0) return { ok: false, message: POOL_MESSAGES.noMatches };
  return { ok: true, ids: [...ids] };
}

/** Whether these are all accounts (a deleted player's row is none: decision 019). */
async function usersExist(db: Db, userIds: readonly string[]): Promise<boolean> {
  if (userIds.length === 0) return true;
  const found = await db.selectFrom("users").select("id").where("id", "in", userIds).where("deleted_at", "is", null).execute();
  return found.length === userIds.length;
}

async function insertParticipants(db: Db, poolId: number, userIds: readonly string[], stamp: string) {
  await eachChunk(userIds, (chunk) =>
    db
      .insertInto("quiniela_participants")
      .values(chunk.map((userId) => ({ quiniela_id: poolId, user_id: userId, joined_at: stamp })))
      .onConflict((oc) => oc.columns(["quiniela_id", "user_id"]).doNothing())
      .execute(),
  );
}

async function insertMatches(db: Db, poolId: number, matchIds: readonly number[]) {
  await eachChunk(matchIds, (chunk) =>
    db
      .insertInto("quiniela_matches")
      .values(chunk.map((matchId) => ({ quiniela_id: poolId, match_id: matchId })))
      .onConflict((oc) => oc.columns(["quiniela_id", "match_id"]).doNothing())
      .execute(),
  );
}

/** Creates a pool of a season with its matches and participants (the owner always among them). */
export async function createPool(
  db: Db,
  input: { seasonId: number; ownerId: string; name: string; matchIds: number[]; phaseIds: number[]; userIds: string[] },
  now: Date = new Date(),
): Promise<WriteResult<{ id: number }>> {
  return db.transaction().execute(async (trx) => {
    const season = await trx.selectFrom("seasons").select(["name", "finished_at"]).where("id", "=", input.seasonId).executeTakeFirst();
    if (!season) return { ok: false as const, message: POOL_MESSAGES.badMatch };
    if (season.finished_at !== null) return { ok: false as const, message: finishedMessage(season.name) };
    const matches = await resolveMatches(trx, input.seasonId, input);
    if (!matches.ok) return matches;
    const people = [...new Set([input.ownerId, ...input.userIds])];
    if (!(await usersExist(trx, people))) return { ok: false as const, message: POOL_MESSAGES.badUser };
    const stamp = now.toISOString();
    const { id } = await trx
      .insertInto("quinielas")
      .values({
        season_id: input.seasonId,
        name: input.name,
        owner_id: input.ownerId,
        invite_code: newInviteCode(),
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await insertMatches(trx, id, matches.ids);
    await insertParticipants(trx, id, people, stamp);
    return { ok: true as const, id };
  });
}

/**
 * Whether the pool's season is finished, read in the caller's transaction: a finished season's
 * pools are read-only too (their table is part of its history, their invite code included); they
 * may still be deleted, or duplicated for the current season while that one plays.
 */
async function refusedForFinished(db: Db, poolId: number): Promise<{ ok: false; message: string } | null> {
  const season = await db
    .selectFrom("quinielas as q")
    .innerJoin("seasons as s", "s.id", "q.season_id")
    .select(["s.name", "s.finished_at"])
    .where("q.id", "=", poolId)
    .executeTakeFirst();
  return season && season.finished_at !== null ? { ok: false, message: finishedMessage(season.name) } : null;
}

export async function renamePool(db: Db, poolId: number, name: string, now: Date = new Date()): Promise<WriteResult> {
  return db.transaction().execute(async (trx) => {
    const refused = await refusedForFinished(trx, poolId);
    if (refused) return refused;
    await trx.updateTable("quinielas").set({ name, updated_at: now.toISOString() }).where("id", "=", poolId).execute();
    return { ok: true as const };
  });
}

/** Makes the pool's matches exactly the chosen ones: adds the new, removes the others. */
export async function setPoolMatches(
  db: Db,
  poolId: number,
  choice: { matchIds: number[]; phaseIds: number[] },
  now: Date = new Date(),
): Promise<WriteResult<{ added: number; removed: number }>> {
  return db.transaction().execute(async (trx) => {
    const refused = await refusedForFinished(trx, poolId);
    if (refused) return refused;
    const { season_id: seasonId } = await trx
      .selectFrom("quinielas")
      .select("season_id")
      .where("id", "=", poolId)
      .executeTakeFirstOrThrow();
    const wanted = await resolveMatches(trx, seasonId, choice);
    if (!wanted.ok) return wanted;
    const current = new Set(
      (await trx.selectFrom("quiniela_matches").select("match_id").where("quiniela_id", "=", poolId).execute()).map(
        (row) => row.match_id,
      ),
    );
    const keep = new Set(wanted.ids);
    const added = wanted.ids.filter((id) => !current.has(id));
    const removed = [...current].filter((id) => !keep.has(id));
    for (const chunk of chunked(removed)) {
      await trx.deleteFrom("quiniela_matches").where("quiniela_id", "=", poolId).where("match_id", "in", chunk).execute();
    }
    await insertMatches(trx, poolId, added);
    await trx.updateTable("quinielas").set({ updated_at: now.toISOString() }).where("id", "=", poolId).execute();
    return { ok: true as const, added: added.length, removed: removed.length };
  });
}

/** A new invite code: links with the old one stop working. */
export async function renewInviteCode(db: Db, poolId: number, now: Date = new Date()): Promise<WriteResult<{ code: string }>> {
  return db.transaction().execute(async (trx) => {
    const refused = await refusedForFinished(trx, poolId);
    if (refused) return refused;
    const code = newInviteCode();
    await trx.updateTable("quinielas").set({ invite_code: code, updated_at: now.toISOString() }).where("id", "=", poolId).execute();
    return { ok: true as const, code };
  });
}

/** Adds people to the pool (those already in it stay as they were). */
export async function addParticipants(
  db: Db,
  poolId: number,
  userIds: string[],
  now: Date = new Date(),
): Promise<WriteResult<{ added: number }>> {
  return db.transaction().execute(async (trx) => {
    const refused = await refusedForFinished(trx, poolId);
    if (refused) return refused;
    if (!(await usersExist(trx, userIds))) return { ok: false as const, message: POOL_MESSAGES.badUser };
    const already = new Set(
      (
        await trx
          .selectFrom("quiniela_participants")
          .select("user_id")
          .where("quiniela_id", "=", poolId)
          .where("user_id", "in", userIds)
          .execute()
      ).map((row) => row.user_id),
    );
    const stamp = now.toISOString();
    await insertParticipants(trx, poolId, userIds, stamp);
    await trx.updateTable("quinielas").set({ updated_at: stamp }).where("id", "=", poolId).execute();
    return { ok: true as const, added: userIds.filter((id) => !already.has(id)).length };
  });
}

/** Takes someone out of the pool (their predictions stay: they belong to the season). Never the owner. */
export async function removeParticipant(db: Db, poolId: number, userId: string): Promise<WriteResult> {
  return db.transaction().execute(async (trx) => {
    const refused = await refusedForFinished(trx, poolId);
    if (refused) return refused;
    const pool = await trx.selectFrom("quinielas").select("owner_id").where("id", "=", poolId).executeTakeFirst();
    if (pool?.owner_id === userId) return { ok: false as const, message: POOL_MESSAGES.ownerStays };
    const result = await trx
      .deleteFrom("quiniela_participants")
      .where("quiniela_id", "=", poolId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return { ok: false as const, message: POOL_MESSAGES.notParticipant };
    return { ok: true as const };
  });
}

/**
 * 'Duplicar para la temporada actual': a pool of another season again, for the current one, with
 * the same name, owner and members. Its matches are the current season's in the phases named
 * like the old pool's ('Cuartos Ida'…), or, when none is, every match of the current season (the
 * owner then trims them with 'Cambiar partidos'). Deleted players stay behind (decision 019): a
 * pool a deleted player owned goes to whoever duplicates it (an admin).
 */
export async function duplicatePool(
  db: Db,
  poolId: number,
  seasonId: number,
  byUserId: string,
  now: Date = new Date(),
): Promise<WriteResult<{ id: number }>> {
  return db.transaction().execute(async (trx) => {
    const pool = await trx
      .selectFrom("quinielas as q")
      .innerJoin("users as o", "o.id", "q.owner_id")
      .select(["q.name", "q.owner_id", "q.season_id", "o.deleted_at as owner_deleted"])
      .where("q.id", "=", poolId)
      .executeTakeFirst();
    if (!pool) return { ok: false as const, message: POOL_MESSAGES.notFound };
    if (pool.season_id === seasonId) return { ok: false as const, message: POOL_MESSAGES.sameSeason };
    // The season the copy is made in, as 'Crear Quiniela' checks it: a finished one takes no new pool.
    const season = await trx.selectFrom("seasons").select(["name", "finished_at"]).where("id", "=", seasonId).executeTakeFirst();
    if (!season) return { ok: false as const, message: POOL_MESSAGES.notFound };
    if (season.finished_at !== null) return { ok: false as const, message: finishedMessage(season.name) };
    const oldPhases = trx
      .selectFrom("quiniela_matches as qm")
      .innerJoin("matches as m", "m.id", "qm.match_id")
      .innerJoin("phases as p", "p.id", "m.phase_id")
      .select("p.name")
      .where("qm.quiniela_id", "=", poolId);
    const samePhases = await trx.selectFrom("phases").select("id").where("season_id", "=", seasonId).where("name", "in", oldPhases).execute();
    const phaseIds = samePhases.length > 0
      ? samePhases.map((phase) => phase.id)
      : (await trx.selectFrom("phases").select("id").where("season_id", "=", seasonId).execute()).map((phase) => phase.id);
    const members = await trx
      .selectFrom("quiniela_participants as p")
      .innerJoin("users as u", "u.id", "p.user_id")
      .select("p.user_id")
      .where("p.quiniela_id", "=", poolId)
      .where("u.deleted_at", "is", null)
      .execute();
    const ownerId = pool.owner_deleted === null ? pool.owner_id : byUserId;
    const matches = await resolveMatches(trx, seasonId, { matchIds: [], phaseIds });
    if (!matches.ok) return matches;
    const stamp = now.toISOString();
    const { id } = await trx
      .insertInto("quinielas")
      .values({
        season_id: seasonId,
        name: pool.name,
        owner_id: ownerId,
        invite_code: newInviteCode(),
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await insertMatches(trx, id, matches.ids);
    await insertParticipants(trx, id, [...new Set([ownerId, ...members.map((member) => member.user_id)])], stamp);
    return { ok: true as const, id };
  });
}

/** Deletes the pool with its match list and participants (predictions stay: they are the season's). */
export async function deletePool(db: Db, poolId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("quiniela_matches").where("quiniela_id", "=", poolId).execute();
    await trx.deleteFrom("quiniela_participants").where("quiniela_id", "=", poolId).execute();
    const result = await trx.deleteFrom("quinielas").where("id", "=", poolId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

export type JoinResult = "joined" | "already" | "invalid" | "finished";

/** Joins through an invite link; the code must be the pool's current one. Joining twice changes nothing. */
export async function joinPool(
  db: Db,
  poolId: number,
  code: string,
  userId: string,
  now: Date = new Date(),
): Promise<JoinResult> {
  return db.transaction().execute(async (trx) => {
    const pool = await trx.selectFrom("quinielas").select("invite_code").where("id", "=", poolId).executeTakeFirst();
    if (!pool || !sameCode(pool.invite_code, code)) return "invalid";
    const member = await trx
      .selectFrom("quiniela_participants")
      .select("user_id")
      .where("quiniela_id", "=", poolId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (member) return "already";
    if (await refusedForFinished(trx, poolId)) return "finished";
    await insertParticipants(trx, poolId, [userId], now.toISOString());
    return "joined";
  });
}
