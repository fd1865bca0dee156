import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { picksRevealed } from "#app/domain/locking";
import type { MatchView } from "#app/domain/match";
import { QUINIELA_MESSAGES } from "#app/domain/quiniela-forms";
import { predictionPoints, type ScoredMatch } from "#app/domain/scoring";
import { scoreLabel, scoredResult, type SeasonRules } from "#app/domain/season-rules";
import { type Band, emptyTally, rankRows, tallyByUserAndPhase } from "#app/domain/standings";
import type { Database } from "./schema";
import { displayNameOf } from "./display-name.server";
import { SCORE_COLUMNS, scoresOf } from "./matches.server";
import { finishedMessage } from "./seasons.server";
import { chunked, eachChunk } from "./chunks";

/**
 * Pools (SPEC §4): who belongs to which, their matches, the invite code, and the pool's
 * standings computed from the pool's own matches and participants with domain/standings.ts.
 * Every multi-row write is one transaction.
 */

type Db = Kysely<Database>;

export type WriteResult<T = object> = ({ ok: true } & T) | { ok: false; message: string };

const byName = new Intl.Collator("es", { sensitivity: "base" });

const displayName = displayNameOf;

/** 96 random bits, URL-safe: the secret part of /quiniela/:id/unirse?codigo=… */
export function newInviteCode(): string {
  return crypto.randomBytes(12).toString("base64url");
}

function sameCode(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export interface QuinielaSummary {
  id: number;
  name: string;
  ownerId: string;
  isMember: boolean;
}

/** The pool and whether this user takes part in it; undefined when there is no such pool. */
export async function findQuinielaForUser(db: Db, quinielaId: number, userId: string): Promise<QuinielaSummary | undefined> {
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

/** A card of 'Mis Quinielas'. */
export interface QuinielaCard {
  id: number;
  name: string;
  seasonName: string;
  /** A pool of the current season (listed first). */
  isCurrentSeason: boolean;
  ownerName: string;
  matches: number;
  participants: number;
  isMember: boolean;
  isOwner: boolean;
}

/** The cards' query: each pool with its owner's name, its counts and whether this user is in it. */
function cardQuery(db: Db, userId: string) {
  return db
    .selectFrom("quinielas as q")
    .innerJoin("users as o", "o.id", "q.owner_id")
    .innerJoin("seasons as s", "s.id", "q.season_id")
    .leftJoin("quiniela_participants as me", (join) =>
      join.onRef("me.quiniela_id", "=", "q.id").on("me.user_id", "=", userId),
    )
    .select((eb) => [
      "q.id",
      "q.name",
      "q.owner_id",
      "q.invite_code",
      "s.name as season_name",
      "s.is_current",
      "me.user_id as member",
      displayName("o").as("owner_name"),
      eb
        .selectFrom("quiniela_matches as qm")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("qm.quiniela_id", "=", "q.id")
        .as("matches"),
      eb
        .selectFrom("quiniela_participants as qp")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("qp.quiniela_id", "=", "q.id")
        .as("participants"),
    ]);
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>["execute"]>>[number];

function toCard(row: CardRow, userId: string): QuinielaCard {
  return {
    id: row.id,
    name: row.name,
    seasonName: row.season_name,
    isCurrentSeason: row.is_current === 1,
    ownerName: row.owner_name,
    matches: Number(row.matches ?? 0),
    participants: Number(row.participants ?? 0),
    isMember: row.member !== null,
    isOwner: row.owner_id === userId,
  };
}

/** The pools this user belongs to (every pool when `all`, for admins), by name. */
export async function listQuinielas(db: Db, userId: string, { all = false }: { all?: boolean } = {}): Promise<QuinielaCard[]> {
  const rows = await cardQuery(db, userId)
    .$if(!all, (query) => query.where("me.user_id", "is not", null))
    .execute();
  return rows
    .map((row) => toCard(row, userId))
    .sort(
      (a, b) =>
        Number(b.isCurrentSeason) - Number(a.isCurrentSeason) ||
        Number(b.isMember) - Number(a.isMember) ||
        byName.compare(a.name, b.name) ||
        b.id - a.id,
    );
}

/**
 * The card of the pool an invite link names, when its code is the pool's current one; undefined
 * otherwise (no telling whether the pool exists).
 */
export async function invitedQuiniela(db: Db, quinielaId: number, code: string, userId: string): Promise<QuinielaCard | undefined> {
  const row = await cardQuery(db, userId).where("q.id", "=", quinielaId).executeTakeFirst();
  return row && sameCode(row.invite_code, code) ? toCard(row, userId) : undefined;
}

/** A registered user as the pickers and the participants list show them. */
export interface PersonView {
  id: string;
  name: string;
  image: string | null;
  avatarColor: string;
}

/** Every registered user, by display name (for the participants picker). */
export async function listPeople(db: Db): Promise<PersonView[]> {
  const rows = await db
    .selectFrom("users as u")
    .select(["u.id", displayName("u").as("name"), "u.image", "u.avatar_color"])
    .execute();
  return rows
    .map((row) => ({ id: row.id, name: row.name, image: row.image, avatarColor: row.avatar_color }))
    .sort((a, b) => byName.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
}

export interface ParticipantView extends PersonView {
  isOwner: boolean;
}

export interface QuinielaDetail {
  id: number;
  seasonId: number;
  name: string;
  ownerId: string;
  ownerName: string;
  inviteCode: string;
  matchIds: number[];
  participants: ParticipantView[];
}

/** Everything about one pool; undefined when there is no such pool. */
export async function quinielaDetail(db: Db, quinielaId: number): Promise<QuinielaDetail | undefined> {
  const pool = await db
    .selectFrom("quinielas as q")
    .innerJoin("users as o", "o.id", "q.owner_id")
    .select(["q.id", "q.season_id", "q.name", "q.owner_id", "q.invite_code", displayName("o").as("owner_name")])
    .where("q.id", "=", quinielaId)
    .executeTakeFirst();
  if (!pool) return undefined;
  const [matches, participants] = await Promise.all([
    db.selectFrom("quiniela_matches").select("match_id").where("quiniela_id", "=", quinielaId).execute(),
    db
      .selectFrom("quiniela_participants as p")
      .innerJoin("users as u", "u.id", "p.user_id")
      .select(["u.id", displayName("u").as("name"), "u.image", "u.avatar_color"])
      .where("p.quiniela_id", "=", quinielaId)
      .execute(),
  ]);
  return {
    id: pool.id,
    seasonId: pool.season_id,
    name: pool.name,
    ownerId: pool.owner_id,
    ownerName: pool.owner_name,
    inviteCode: pool.invite_code,
    matchIds: matches.map((row) => row.match_id),
    participants: participants
      .map((row) => ({
        id: row.id,
        name: row.name,
        image: row.image,
        avatarColor: row.avatar_color,
        isOwner: row.id === pool.owner_id,
      }))
      .sort((a, b) => Number(b.isOwner) - Number(a.isOwner) || byName.compare(a.name, b.name) || (a.id < b.id ? -1 : 1)),
  };
}

/** The pool's match ids. */
export async function quinielaMatchIds(db: Db, quinielaId: number): Promise<number[]> {
  const rows = await db.selectFrom("quiniela_matches").select("match_id").where("quiniela_id", "=", quinielaId).execute();
  return rows.map((row) => row.match_id);
}

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
    if (phases.length !== phaseIds.length) return { ok: false, message: QUINIELA_MESSAGES.badPhase };
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
    if (found.length !== matchIds.length) return { ok: false, message: QUINIELA_MESSAGES.badMatch };
    for (const row of found) ids.add(row.id);
  }
  if (phaseIds.length > 0) {
    const inPhases = await db.selectFrom("matches").select("id").where("phase_id", "in", phaseIds).execute();
    for (const row of inPhases) ids.add(row.id);
  }
  if (ids.size === 0) return { ok: false, message: QUINIELA_MESSAGES.noMatches };
  return { ok: true, ids: [...ids] };
}

async function usersExist(db: Db, userIds: readonly string[]): Promise<boolean> {
  if (userIds.length === 0) return true;
  const found = await db.selectFrom("users").select("id").where("id", "in", userIds).execute();
  return found.length === userIds.length;
}

async function insertParticipants(db: Db, quinielaId: number, userIds: readonly string[], stamp: string) {
  await eachChunk(userIds, (chunk) =>
    db
      .insertInto("quiniela_participants")
      .values(chunk.map((userId) => ({ quiniela_id: quinielaId, user_id: userId, joined_at: stamp })))
      .onConflict((oc) => oc.columns(["quiniela_id", "user_id"]).doNothing())
      .execute(),
  );
}

async function insertMatches(db: Db, quinielaId: number, matchIds: readonly number[]) {
  await eachChunk(matchIds, (chunk) =>
    db
      .insertInto("quiniela_matches")
      .values(chunk.map((matchId) => ({ quiniela_id: quinielaId, match_id: matchId })))
      .onConflict((oc) => oc.columns(["quiniela_id", "match_id"]).doNothing())
      .execute(),
  );
}

/** Creates a pool of a season with its matches and participants (the owner always among them). */
export async function createQuiniela(
  db: Db,
  input: { seasonId: number; ownerId: string; name: string; matchIds: number[]; phaseIds: number[]; userIds: string[] },
  now: Date = new Date(),
): Promise<WriteResult<{ id: number }>> {
  return db.transaction().execute(async (trx) => {
    const season = await trx.selectFrom("seasons").select(["name", "finished_at"]).where("id", "=", input.seasonId).executeTakeFirst();
    if (!season) return { ok: false as const, message: QUINIELA_MESSAGES.badMatch };
    if (season.finished_at !== null) return { ok: false as const, message: finishedMessage(season.name) };
    const matches = await resolveMatches(trx, input.seasonId, input);
    if (!matches.ok) return matches;
    const people = [...new Set([input.ownerId, ...input.userIds])];
    if (!(await usersExist(trx, people))) return { ok: false as const, message: QUINIELA_MESSAGES.badUser };
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
 * pools are read-only too (their table is part of its history); they may still be deleted, or
 * duplicated for the current season.
 */
async function refusedForFinished(db: Db, quinielaId: number): Promise<{ ok: false; message: string } | null> {
  const season = await db
    .selectFrom("quinielas as q")
    .innerJoin("seasons as s", "s.id", "q.season_id")
    .select(["s.name", "s.finished_at"])
    .where("q.id", "=", quinielaId)
    .executeTakeFirst();
  return season && season.finished_at !== null ? { ok: false, message: finishedMessage(season.name) } : null;
}

export async function renameQuiniela(db: Db, quinielaId: number, name: string, now: Date = new Date()): Promise<WriteResult> {
  return db.transaction().execute(async (trx) => {
    const refused = await refusedForFinished(trx, quinielaId);
    if (refused) return refused;
    await trx.updateTable("quinielas").set({ name, updated_at: now.toISOString() }).where("id", "=", quinielaId).execute();
    return { ok: true as const };
  });
}

/** Makes the pool's matches exactly the chosen ones: adds the new, removes the others. */
export async function setQuinielaMatches(
  db: Db,
  quinielaId: number,
  choice: { matchIds: number[]; phaseIds: number[] },
  now: Date = new Date(),
): Promise<WriteResult<{ added: number; removed: number }>> {
  return db.transaction().execute(async (trx) => {
    const refused = await refusedForFinished(trx, quinielaId);
    if (refused) return refused;
    const { season_id: seasonId } = await trx
      .selectFrom("quinielas")
      .select("season_id")
      .where("id", "=", quinielaId)
      .executeTakeFirstOrThrow();
    const wanted = await resolveMatches(trx, seasonId, choice);
    if (!wanted.ok) return wanted;
    const current = new Set(
      (await trx.selectFrom("quiniela_matches").select("match_id").where("quiniela_id", "=", quinielaId).execute()).map(
        (row) => row.match_id,
      ),
    );
    const keep = new Set(wanted.ids);
    const added = wanted.ids.filter((id) => !current.has(id));
    const removed = [...current].filter((id) => !keep.has(id));
    for (const chunk of chunked(removed)) {
      await trx.deleteFrom("quiniela_matches").where("quiniela_id", "=", quinielaId).where("match_id", "in", chunk).execute();
    }
    await insertMatches(trx, quinielaId, added);
    await trx.updateTable("quinielas").set({ updated_at: now.toISOString() }).where("id", "=", quinielaId).execute();
    return { ok: true as const, added: added.length, removed: removed.length };
  });
}

/** Adds people to the pool (those already in it stay as they were). */
export async function addParticipants(
  db: Db,
  quinielaId: number,
  userIds: string[],
  now: Date = new Date(),
): Promise<WriteResult<{ added: number }>> {
  return db.transaction().execute(async (trx) => {
    const refused = await refusedForFinished(trx, quinielaId);
    if (refused) return refused;
    if (!(await usersExist(trx, userIds))) return { ok: false as const, message: QUINIELA_MESSAGES.badUser };
    const already = new Set(
      (
        await trx
          .selectFrom("quiniela_participants")
          .select("user_id")
          .where("quiniela_id", "=", quinielaId)
          .where("user_id", "in", userIds)
          .execute()
      ).map((row) => row.user_id),
    );
    const stamp = now.toISOString();
    await insertParticipants(trx, quinielaId, userIds, stamp);
    await trx.updateTable("quinielas").set({ updated_at: stamp }).where("id", "=", quinielaId).execute();
    return { ok: true as const, added: userIds.filter((id) => !already.has(id)).length };
  });
}

/** Takes someone out of the pool (their predictions stay: they belong to the season). Never the owner. */
export async function removeParticipant(db: Db, quinielaId: number, userId: string): Promise<WriteResult> {
  return db.transaction().execute(async (trx) => {
    const refused = await refusedForFinished(trx, quinielaId);
    if (refused) return refused;
    const pool = await trx.selectFrom("quinielas").select("owner_id").where("id", "=", quinielaId).executeTakeFirst();
    if (pool?.owner_id === userId) return { ok: false as const, message: QUINIELA_MESSAGES.ownerStays };
    const result = await trx
      .deleteFrom("quiniela_participants")
      .where("quiniela_id", "=", quinielaId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return { ok: false as const, message: QUINIELA_MESSAGES.notParticipant };
    return { ok: true as const };
  });
}

/**
 * 'Duplicar para la temporada actual': a pool of another season again, for the current one, with
 * the same name, owner and members. Its matches are the current season's in the phases named
 * like the old pool's ('Cuartos Ida'…), or, when none is, every match of the current season (the
 * owner then trims them with 'Cambiar partidos').
 */
export async function duplicateQuiniela(
  db: Db,
  quinielaId: number,
  seasonId: number,
  now: Date = new Date(),
): Promise<WriteResult<{ id: number }>> {
  return db.transaction().execute(async (trx) => {
    const pool = await trx
      .selectFrom("quinielas")
      .select(["name", "owner_id", "season_id"])
      .where("id", "=", quinielaId)
      .executeTakeFirst();
    if (!pool) return { ok: false as const, message: QUINIELA_MESSAGES.notFound };
    if (pool.season_id === seasonId) return { ok: false as const, message: QUINIELA_MESSAGES.sameSeason };
    const oldPhases = trx
      .selectFrom("quiniela_matches as qm")
      .innerJoin("matches as m", "m.id", "qm.match_id")
      .innerJoin("phases as p", "p.id", "m.phase_id")
      .select("p.name")
      .where("qm.quiniela_id", "=", quinielaId);
    const samePhases = await trx.selectFrom("phases").select("id").where("season_id", "=", seasonId).where("name", "in", oldPhases).execute();
    const phaseIds = samePhases.length > 0
      ? samePhases.map((phase) => phase.id)
      : (await trx.selectFrom("phases").select("id").where("season_id", "=", seasonId).execute()).map((phase) => phase.id);
    const members = await trx.selectFrom("quiniela_participants").select("user_id").where("quiniela_id", "=", quinielaId).execute();
    const matches = await resolveMatches(trx, seasonId, { matchIds: [], phaseIds });
    if (!matches.ok) return matches;
    const stamp = now.toISOString();
    const { id } = await trx
      .insertInto("quinielas")
      .values({
        season_id: seasonId,
        name: pool.name,
        owner_id: pool.owner_id,
        invite_code: newInviteCode(),
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await insertMatches(trx, id, matches.ids);
    await insertParticipants(trx, id, members.map((member) => member.user_id), stamp);
    return { ok: true as const, id };
  });
}

/** A new invite code: links with the old one stop working. */
export async function renewInviteCode(db: Db, quinielaId: number, now: Date = new Date()): Promise<string> {
  const code = newInviteCode();
  await db
    .updateTable("quinielas")
    .set({ invite_code: code, updated_at: now.toISOString() })
    .where("id", "=", quinielaId)
    .execute();
  return code;
}

/** Deletes the pool with its match list and participants (predictions stay: they are the season's). */
export async function deleteQuiniela(db: Db, quinielaId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("quiniela_matches").where("quiniela_id", "=", quinielaId).execute();
    await trx.deleteFrom("quiniela_participants").where("quiniela_id", "=", quinielaId).execute();
    const result = await trx.deleteFrom("quinielas").where("id", "=", quinielaId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

export type JoinResult = "joined" | "already" | "invalid" | "finished";

/** Joins through an invite link; the code must be the pool's current one. Joining twice changes nothing. */
export async function joinQuiniela(
  db: Db,
  quinielaId: number,
  code: string,
  userId: string,
  now: Date = new Date(),
): Promise<JoinResult> {
  return db.transaction().execute(async (trx) => {
    const pool = await trx.selectFrom("quinielas").select("invite_code").where("id", "=", quinielaId).executeTakeFirst();
    if (!pool || !sameCode(pool.invite_code, code)) return "invalid";
    const member = await trx
      .selectFrom("quiniela_participants")
      .select("user_id")
      .where("quiniela_id", "=", quinielaId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (member) return "already";
    if (await refusedForFinished(trx, quinielaId)) return "finished";
    await insertParticipants(trx, quinielaId, [userId], now.toISOString());
    return "joined";
  });
}

/** A row of a pool's standings table. */
export interface PoolStandingRow {
  userId: string;
  name: string;
  image: string | null;
  avatarColor: string;
  points: number;
  exactHits: number;
  outcomeHits: number;
  rank: number;
  band: Band;
}

/**
 * The pool's table: its participants scored on its matches only, with the same rules as every
 * other table (domain/standings.ts). A knockout bonus counts only when both legs are in the pool.
 * Only totals leave this function, never anyone's picks.
 */
export async function poolStandings(
  db: Db,
  quinielaId: number,
  participants: readonly PersonView[],
  rules: SeasonRules,
): Promise<PoolStandingRow[]> {
  const matchRows = await db
    .selectFrom("quiniela_matches as qm")
    .innerJoin("matches as m", "m.id", "qm.match_id")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .select([
      "m.id",
      "m.phase_id",
      "p.name as phase_name",
      "p.position as phase_position",
      "m.home_team_id",
      "m.away_team_id",
      ...SCORE_COLUMNS.map((column) => `m.${column}` as const),
      "m.is_first_leg",
      "m.kickoff_at",
    ])
    .where("qm.quiniela_id", "=", quinielaId)
    // Only matches with a result can earn points (the bonus needs both legs' results too).
    .where("m.home_score", "is not", null)
    .where("m.away_score", "is not", null)
    .execute();
  const matches: (ScoredMatch & { phaseId: number })[] = matchRows.map((row) => ({
    id: row.id,
    phaseId: row.phase_id,
    phaseName: row.phase_name,
    phasePosition: row.phase_position,
    homeTeamId: row.home_team_id,
    awayTeamId: row.away_team_id,
    result: scoredResult(scoresOf(row), rules),
    isFirstLeg: row.is_first_leg === null ? null : row.is_first_leg === 1,
    kickoffAt: row.kickoff_at,
  }));

  const picks =
    matches.length === 0
      ? []
      : await db
          .selectFrom("predictions as pr")
          .innerJoin("quiniela_participants as qp", (join) =>
            join.onRef("qp.user_id", "=", "pr.user_id").on("qp.quiniela_id", "=", quinielaId),
          )
          .innerJoin("quiniela_matches as qm", (join) =>
            join.onRef("qm.match_id", "=", "pr.match_id").on("qm.quiniela_id", "=", quinielaId),
          )
          .innerJoin("matches as m", "m.id", "pr.match_id")
          .select(["pr.user_id", "pr.match_id", "pr.home_score", "pr.away_score"])
          .where("m.home_score", "is not", null)
          .execute();

  const tallies = tallyByUserAndPhase(
    matches,
    picks.map((pick) => ({ userId: pick.user_id, matchId: pick.match_id, home: pick.home_score, away: pick.away_score })),
    rules,
  );
  const people = new Map(participants.map((person) => [person.id, person]));
  // Users whose names compare equal keep one order: rankRows() sorts stably from user-id order.
  const rows = [...participants]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((person) => {
      const total = emptyTally();
      for (const tally of tallies.get(person.id)?.values() ?? []) {
        total.points += tally.points;
        total.exactHits += tally.exactHits;
        total.outcomeHits += tally.outcomeHits;
      }
      return { userId: person.id, name: person.name, ...total };
    });
  return rankRows(rows).map((row) => {
    const person = people.get(row.userId)!;
    return { ...row, image: person.image, avatarColor: person.avatarColor };
  });
}

/** One match of the picks grid: its teams (short codes for the column) and result. */
export interface GridMatch {
  id: number;
  home: { name: string; shortCode: string } | null;
  away: { name: string; shortCode: string } | null;
  result: { home: number; away: number } | null;
  /** '1 - 1 (3 - 4 pen.)'. */
  resultLabel: string | null;
}

export interface GridCell {
  home: number;
  away: number;
  /** Points of this pick (no knockout bonus), null while the match has no result. */
  points: number | null;
}

export interface PicksGridPhase {
  phaseId: number;
  phaseName: string;
  matches: GridMatch[];
  /** One row per participant (in the order given), picks by match id; a missing pick is absent. */
  rows: { userId: string; picks: Record<number, GridCell> }[];
}

/**
 * Everyone's picks on the pool's matches whose picks are revealed (SPEC §2.4: kickoff passed,
 * result entered or phase activated; domain/locking.ts), by phase. Matches still open are left
 * out entirely, so nobody's pick for them ever reaches the page.
 */
export async function revealedPoolPicks(
  db: Db,
  quinielaId: number,
  {
    matches,
    participantIds,
    rules,
    now = new Date(),
  }: { matches: readonly MatchView[]; participantIds: readonly string[]; rules: SeasonRules; now?: Date },
): Promise<PicksGridPhase[]> {
  const revealed = matches.filter((match) =>
    picksRevealed({ hasResult: match.result !== null, kickoffAt: match.kickoffAt, phaseActivatedAt: match.phaseActivatedAt }, now),
  );
  if (revealed.length === 0 || participantIds.length === 0) return [];
  const picks: { user_id: string; match_id: number; home_score: number; away_score: number }[] = [];
  const ids = revealed.map((match) => match.id);
  for (const chunk of chunked(ids)) {
    picks.push(
      ...(await db
        .selectFrom("predictions as pr")
        .innerJoin("quiniela_participants as qp", (join) =>
          join.onRef("qp.user_id", "=", "pr.user_id").on("qp.quiniela_id", "=", quinielaId),
        )
        .select(["pr.user_id", "pr.match_id", "pr.home_score", "pr.away_score"])
        .where("pr.match_id", "in", chunk)
        .execute()),
    );
  }
  const byId = new Map(revealed.map((match) => [match.id, match]));
  const cells = new Map<string, Record<number, GridCell>>(participantIds.map((id) => [id, {}]));
  for (const pick of picks) {
    const row = cells.get(pick.user_id);
    const match = byId.get(pick.match_id);
    if (!row || !match) continue;
    const score = { home: pick.home_score, away: pick.away_score };
    row[pick.match_id] = { ...score, points: predictionPoints(scoredResult(match, rules), score, rules) };
  }
  const phases: PicksGridPhase[] = [];
  for (const match of revealed) {
    let phase = phases.at(-1);
    if (phase?.phaseId !== match.phaseId) {
      phase = { phaseId: match.phaseId, phaseName: match.phaseName, matches: [], rows: [] };
      phases.push(phase);
    }
    phase.matches.push({
      id: match.id,
      home: match.home && { name: match.home.name, shortCode: match.home.shortCode },
      away: match.away && { name: match.away.name, shortCode: match.away.shortCode },
      result: match.result,
      resultLabel: scoreLabel(match),
    });
  }
  for (const phase of phases) {
    phase.rows = participantIds.map((userId) => {
      const all = cells.get(userId) ?? {};
      const mine: Record<number, GridCell> = {};
      for (const match of phase.matches) if (all[match.id]) mine[match.id] = all[match.id]!;
      return { userId, picks: mine };
    });
  }
  return phases;
}
