import { type Kysely, sql } from "kysely";
import { type Band, bandFor, rankRows, type TallyRow } from "#app/domain/standings";
import type { Database } from "./schema";

/**
 * Read side of the standings (SPEC §5): the overall table (standings_total) and one phase's table
 * (standings_phase), both kept up to date by standings.server.ts when results change, so a page
 * view never re-scores predictions. Every registered user has a row (0 points without scores).
 *
 * Ranks come from SQL (RANK() over points, exact hits, correct outcomes: 1, 2, 2, 4), which is
 * what lets a page of a 10,000-user table be read without loading the rest. Users still equal
 * are listed by name with the very rule of domain/standings.ts: only the tie groups that touch
 * the requested rows are loaded and put in order by rankRows(), so SQL and the domain can never
 * disagree on the order (no SQL collation has to mimic Intl.Collator).
 */

export interface RankingRow {
  userId: string;
  name: string;
  image: string | null;
  avatarColor: string;
  points: number;
  exactHits: number;
  outcomeHits: number;
  /** Standard competition rank (1, 2, 2, 4). */
  rank: number;
  /** 1-based row position in the whole table (ties in name order); decides the colour band. */
  position: number;
  band: Band;
}

export interface RankingPage {
  rows: RankingRow[];
  /** The page shown, clamped to [1, pageCount]. */
  page: number;
  pageCount: number;
  /** Rows matching the search (all rows without one). */
  matched: number;
  /** Users in the whole table. */
  total: number;
}

export interface TableQuery {
  page?: number;
  perPage?: number;
  /** Part of a name (case-insensitive); ranks and bands stay those of the whole table. */
  search?: string;
}

export const DEFAULT_PER_PAGE = 50;

interface RankedRow {
  user_id: string;
  name: string;
  image: string | null;
  avatar_color: string;
  points: number;
  exact_hits: number;
  outcome_hits: number;
  rnk: number;
  /** Position of the last row of this row's tie group (count of rows ranked at or above it). */
  last_pos: number;
}

/** users.display_name, else users.name (as the session and the navbar show it). */
const displayName = sql<string>`coalesce(nullif(u.display_name, ''), u.name)`;

/**
 * The whole table ranked in SQL: users LEFT JOIN their stored tally (overall, or one phase). The
 * window runs over narrow rows; names and pictures are joined afterwards for the rows kept.
 */
function ranked(db: Kysely<Database>, phaseId: number | null) {
  const tally =
    phaseId === null
      ? db.selectFrom("standings_total").select(["user_id", "points", "exact_hits", "outcome_hits"])
      : db
          .selectFrom("standings_phase")
          .select(["user_id", "points", "exact_hits", "outcome_hits"])
          .where("phase_id", "=", phaseId);
  const order = sql`order by coalesce(s.points, 0) desc, coalesce(s.exact_hits, 0) desc, coalesce(s.outcome_hits, 0) desc`;
  return db
    .with("ranked", (qc) =>
      qc
        .selectFrom("users as u")
        .leftJoin(tally.as("s"), "s.user_id", "u.id")
        .select([
          "u.id as user_id",
          sql<number>`coalesce(s.points, 0)`.as("points"),
          sql<number>`coalesce(s.exact_hits, 0)`.as("exact_hits"),
          sql<number>`coalesce(s.outcome_hits, 0)`.as("outcome_hits"),
          sql<number>`rank() over (${order})`.as("rnk"),
          // The default frame reaches the last peer: the position where this tie group ends.
          sql<number>`count(*) over (${order})`.as("last_pos"),
        ]),
    )
    .selectFrom("ranked as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select([
      "r.user_id",
      "r.points",
      "r.exact_hits",
      "r.outcome_hits",
      "r.rnk",
      "r.last_pos",
      displayName.as("name"),
      "u.image",
      "u.avatar_color",
    ]);
}

const toTally = (row: RankedRow): TallyRow => ({
  userId: row.user_id,
  name: row.name,
  points: Number(row.points),
  exactHits: Number(row.exact_hits),
  outcomeHits: Number(row.outcome_hits),
});

/** Rows in table order (tally, then name as domain/standings.ts sorts them). Input in id order. */
function inTableOrder(rows: readonly RankedRow[]): RankedRow[] {
  const byId = new Map(rows.map((row) => [row.user_id, row]));
  return rankRows(rows.map(toTally)).map((row) => byId.get(row.userId)!);
}

function toRankingRow(row: RankedRow, position: number, total: number): RankingRow {
  return {
    userId: row.user_id,
    name: row.name,
    image: row.image,
    avatarColor: row.avatar_color,
    points: Number(row.points),
    exactHits: Number(row.exact_hits),
    outcomeHits: Number(row.outcome_hits),
    rank: Number(row.rnk),
    position,
    band: bandFor(position, total),
  };
}

async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Positions of some rows of the table: a row alone in its rank sits at it; tied rows need their group. */
async function withPositions(
  db: Kysely<Database>,
  phaseId: number | null,
  rows: readonly RankedRow[],
  total: number,
): Promise<RankingRow[]> {
  const tiedRanks = [...new Set(rows.filter((row) => Number(row.last_pos) > Number(row.rnk)).map((row) => Number(row.rnk)))];
  const position = new Map<string, number>();
  if (tiedRanks.length > 0) {
    const groups = await ranked(db, phaseId)
      .where("r.rnk", "in", tiedRanks)
      .orderBy("r.rnk")
      .orderBy("r.user_id")
      .execute();
    const byRank = new Map<number, RankedRow[]>();
    for (const row of groups) byRank.set(Number(row.rnk), [...(byRank.get(Number(row.rnk)) ?? []), row]);
    for (const [rank, group] of byRank) {
      inTableOrder(group).forEach((row, index) => position.set(row.user_id, rank + index));
    }
  }
  return rows.map((row) => toRankingRow(row, position.get(row.user_id) ?? Number(row.rnk), total));
}

async function table(db: Kysely<Database>, phaseId: number | null, query: TableQuery): Promise<RankingPage> {
  const perPage = Math.max(1, Math.floor(query.perPage ?? DEFAULT_PER_PAGE));
  const requested = Math.max(1, Math.floor(query.page ?? 1) || 1);
  const search = query.search?.trim() ?? "";
  const total = await countUsers(db);

  if (search === "") {
    const pageCount = Math.max(1, Math.ceil(total / perPage));
    const page = Math.min(requested, pageCount);
    const first = (page - 1) * perPage + 1;
    const last = page * perPage;
    // Every tie group overlapping positions first..last, whole, so that name order is exact.
    const block = await ranked(db, phaseId)
      .where("r.last_pos", ">=", first)
      .where("r.rnk", "<=", last)
      .orderBy("r.rnk")
      .orderBy("r.user_id")
      .execute();
    const start = block.length > 0 ? Number(block[0]!.rnk) : first;
    const rows = inTableOrder(block)
      .map((row, index) => toRankingRow(row, start + index, total))
      .filter((row) => row.position >= first && row.position <= last);
    return { rows, page, pageCount, matched: total, total };
  }

  const matches = await ranked(db, phaseId)
    .where(sql<boolean>`lower(${displayName}) like lower(${likePattern(search)}) escape '\\'`)
    .orderBy("r.rnk")
    .orderBy("r.user_id")
    .execute();
  const pageCount = Math.max(1, Math.ceil(matches.length / perPage));
  const page = Math.min(requested, pageCount);
  const slice = inTableOrder(matches).slice((page - 1) * perPage, page * perPage);
  return { rows: await withPositions(db, phaseId, slice, total), page, pageCount, matched: matches.length, total };
}

/** A page of the overall table ('Puntos Acumulados'). */
export function overallStandings(db: Kysely<Database>, query: TableQuery = {}): Promise<RankingPage> {
  return table(db, null, query);
}

/** A page of one phase's table: the same rules on that phase's points. */
export function phaseStandings(db: Kysely<Database>, phaseId: number, query: TableQuery = {}): Promise<RankingPage> {
  return table(db, phaseId, query);
}

/** One user's row in the overall table, or in a phase's table; null for an unknown user. */
export async function userPosition(
  db: Kysely<Database>,
  userId: string,
  { phaseId = null }: { phaseId?: number | null } = {},
): Promise<RankingRow | null> {
  const row = await ranked(db, phaseId).where("r.user_id", "=", userId).executeTakeFirst();
  if (!row) return null;
  const [withPosition] = await withPositions(db, phaseId, [row], await countUsers(db));
  return withPosition ?? null;
}
