import { type Kysely, sql } from "kysely";
import type { Database } from "#app/data/engine/schema";
import { displayNameOf, nameHolds } from "#app/data/people/display-name.server";
import { type SeasonView, toSeasonView } from "#app/data/seasons/current-season.server";

/**
 * Pools (SPEC §4), read side: who belongs to which, the lists and the pool page's summary.
 * Changes, invites, standings and the picks grid live beside it (quiniela-*.server.ts).
 */

type Db = Kysely<Database>;

export type WriteResult<T = object> = ({ ok: true } & T) | { ok: false; message: string };

const byName = new Intl.Collator("es", { sensitivity: "base" });

const displayName = displayNameOf;

export interface PoolSummary {
  id: number;
  name: string;
  ownerId: string;
  ownerName: string;
  inviteCode: string;
  isMember: boolean;
  /** The pool's season, whose rules score it. */
  season: SeasonView;
}

/**
 * The pool, its owner's name, its season and whether this user takes part in it, in one query
 * (every request of a pool page asks it first); undefined when there is no such pool.
 */
export async function findPoolForUser(db: Db, poolId: number, userId: string): Promise<PoolSummary | undefined> {
  const row = await db
    .selectFrom("quinielas as q")
    .innerJoin("users as o", "o.id", "q.owner_id")
    .innerJoin("seasons as s", "s.id", "q.season_id")
    .innerJoin("competitions as c", "c.id", "s.competition_id")
    .leftJoin("quiniela_participants as p", (join) =>
      join.onRef("p.quiniela_id", "=", "q.id").on("p.user_id", "=", userId),
    )
    .selectAll("s")
    .select([
      "q.id as quiniela_id",
      "q.name as quiniela_name",
      "q.owner_id",
      "q.invite_code",
      displayName("o").as("owner_name"),
      "c.name as competition",
      "p.user_id as participant",
    ])
    .where("q.id", "=", poolId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.quiniela_id,
    name: row.quiniela_name,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    inviteCode: row.invite_code,
    isMember: row.participant !== null,
    season: toSeasonView(row),
  };
}

/** A card of 'Mis Quinielas'. */
export interface PoolCard {
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
export function cardQuery(db: Db, userId: string) {
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

export function toCard(row: CardRow, userId: string): PoolCard {
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
export async function listPools(db: Db, userId: string, { all = false }: { all?: boolean } = {}): Promise<PoolCard[]> {
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

/** A registered user as the pickers and the participants list show them. */
export interface PersonView {
  id: string;
  name: string;
  image: string | null;
  avatarColor: string;
}

/** How many people one search of the participants picker answers with. */
const PEOPLE_SEARCH_LIMIT = 20;

/**
 * Registered users whose display name holds `search` (any case), by name, at most PEOPLE_SEARCH_LIMIT: the
 * participants picker asks as one types, so a page never carries every user (with thousands of
 * users the whole list would weigh down every pool owner's page).
 */
export async function searchPeople(db: Db, search: string): Promise<PersonView[]> {
  const name = displayName("u");
  const rows = await db
    .selectFrom("users as u")
    .select(["u.id", name.as("name"), "u.image", "u.avatar_color"])
    // A deleted player's row is nobody to invite (decision 019).
    .where("u.deleted_at", "is", null)
    .$if(search !== "", (query) => query.where(nameHolds(name, search)))
    // Which ones: the first by name in SQL; their order: Spanish's (ñ after n, accents), below.
    .orderBy(sql`lower(${name})`)
    .orderBy("u.id")
    .limit(PEOPLE_SEARCH_LIMIT)
    .execute();
  return rows
    .map((row) => ({ id: row.id, name: row.name, image: row.image, avatarColor: row.avatar_color }))
    .sort((a, b) => byName.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
}

export interface ParticipantView extends PersonView {
  isOwner: boolean;
}

/** The pool's participants, its owner first, then by name. */
export async function poolParticipants(db: Db, pool: Pick<PoolSummary, "id" | "ownerId">): Promise<ParticipantView[]> {
  const rows = await db
    .selectFrom("quiniela_participants as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .select(["u.id", displayName("u").as("name"), "u.image", "u.avatar_color"])
    .where("p.quiniela_id", "=", pool.id)
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      image: row.image,
      avatarColor: row.avatar_color,
      isOwner: row.id === pool.ownerId,
    }))
    .sort((a, b) => Number(b.isOwner) - Number(a.isOwner) || byName.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
}

/** The pool's match ids. */
export async function poolMatchIds(db: Db, poolId: number): Promise<number[]> {
  const rows = await db.selectFrom("quiniela_matches").select("match_id").where("quiniela_id", "=", poolId).execute();
  return rows.map((row) => row.match_id);
}
