import type { Kysely } from "kysely";
import { bandFor, type StandingRow } from "#app/domain/game/standings";
import { inTableOrder, orderedSlice, type TableLine, type TieGroup } from "#app/domain/game/table-order";
import {
  countPeople,
  displayName,
  membersOf,
  nameHolds,
  rankedLines,
  type TableScope,
  withRanks,
} from "./table-queries.server";
import type { Database } from "#app/data/engine/schema";

/**
 * Read side of the standings (SPEC §5): the overall table (standings_total) and one phase's table
 * (standings_phase), both kept up to date by standings.server.ts when results change, so a page
 * view never re-scores predictions. Every registered user has a row (0 points without scores).
 *
 * Ranks come from SQL (ranking-queries.server.ts), which lets a page of a 10,000-user table be
 * read without loading the rest; only the tie groups touching the rows asked for are loaded, and
 * domain/game/table-order.ts puts their users in name order.
 */

export interface StandingsRow extends StandingRow {
  image: string | null;
  avatarColor: string;
  /** 1-based row position in the whole table (ties in name order); decides the colour band. */
  position: number;
}

export interface StandingsPage {
  rows: StandingsRow[];
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

interface Placed {
  line: TableLine;
  position: number;
}

/** Positions of some lines: a line alone in its rank sits at it; tied lines need their whole group. */
async function place(db: Kysely<Database>, scope: TableScope, lines: readonly TableLine[]): Promise<Placed[]> {
  const tied = new Map<number, TieGroup>();
  for (const line of lines) if (Number(line.last_pos) > Number(line.rnk)) tied.set(Number(line.rnk), line);
  const position = new Map<string, number>();
  if (tied.size > 0) {
    const byRank = new Map<number, TableLine[]>();
    for (const member of await membersOf(db, scope, [...tied.values()])) {
      const group = byRank.get(member.rnk);
      if (group) group.push(member);
      else byRank.set(member.rnk, [member]);
    }
    for (const [rank, group] of byRank) {
      inTableOrder(group).forEach((member, index) => position.set(member.user_id, rank + index));
    }
  }
  return lines.map((line) => ({ line, position: position.get(line.user_id) ?? Number(line.rnk) }));
}

/** The rows shown, with their pictures and colour bands. */
async function present(db: Kysely<Database>, placed: readonly Placed[], total: number): Promise<StandingsRow[]> {
  const ids = placed.map(({ line }) => line.user_id);
  const pictures =
    ids.length === 0
      ? new Map<string, { image: string | null; avatar_color: string }>()
      : new Map(
          (await db.selectFrom("users").select(["id", "image", "avatar_color"]).where("id", "in", ids).execute()).map(
            (row) => [row.id, row],
          ),
        );
  return placed.map(({ line, position }) => ({
    userId: line.user_id,
    name: line.name,
    image: pictures.get(line.user_id)?.image ?? null,
    avatarColor: pictures.get(line.user_id)?.avatar_color ?? "blue",
    points: Number(line.points),
    exactHits: Number(line.exact_hits),
    outcomeHits: Number(line.outcome_hits),
    rank: Number(line.rnk),
    position,
    band: bandFor(position, total),
  }));
}

async function table(db: Kysely<Database>, scope: TableScope, query: TableQuery): Promise<StandingsPage> {
  const perPage = Math.max(1, Math.floor(query.perPage ?? DEFAULT_PER_PAGE));
  const requested = Math.max(1, Math.floor(query.page ?? 1) || 1);
  const search = query.search?.trim() ?? "";
  const total = await countPeople(db, scope);

  if (search === "") {
    const pageCount = Math.max(1, Math.ceil(total / perPage));
    const page = Math.min(requested, pageCount);
    const first = (page - 1) * perPage + 1;
    const last = page * perPage;
    // The tie groups holding positions first..last (from the window), then their members, whole,
    // so that the name order is exact: a 0-point group may hold every user.
    const groups = await withRanks(db, scope)
      .selectFrom("ranked")
      .select(["rnk", "last_pos", "points", "exact_hits", "outcome_hits"])
      .distinct()
      .where("last_pos", ">=", first)
      .where("rnk", "<=", last)
      .execute();
    const start = groups.reduce((min, group) => Math.min(min, Number(group.rnk)), Number.POSITIVE_INFINITY);
    const placed = inTableOrder(await membersOf(db, scope, groups))
      .map((line, index) => ({ line, position: start + index }))
      .filter(({ position }) => position >= first && position <= last);
    return { rows: await present(db, placed, total), page, pageCount, matched: total, total };
  }

  const matches = await rankedLines(db, scope)
    .where(nameHolds(displayName, search))
    .execute();
  const pageCount = Math.max(1, Math.ceil(matches.length / perPage));
  const page = Math.min(requested, pageCount);
  const slice = orderedSlice(matches, (page - 1) * perPage, page * perPage);
  return {
    rows: await present(db, await place(db, scope, slice), total),
    page,
    pageCount,
    matched: matches.length,
    total,
  };
}

/** The season a table belongs to, as its scope needs it. */
export interface TableSeason {
  id: number;
  isCurrent: boolean;
}

/** A page of a season's overall table ('Puntos Acumulados'). */
export function overallStandings(db: Kysely<Database>, season: TableSeason, query: TableQuery = {}): Promise<StandingsPage> {
  return table(db, { kind: "season", seasonId: season.id, phaseId: null, everyone: season.isCurrent }, query);
}

/** A page of the all-time table ('Tabla Histórica'): the same rules on the counted seasons' sums. */
export function allTimeStandings(db: Kysely<Database>, query: TableQuery = {}): Promise<StandingsPage> {
  return table(db, { kind: "all-time" }, query);
}

/** A page of one phase's table: the same rules on that phase's points. */
export function phaseStandings(
  db: Kysely<Database>,
  season: TableSeason,
  phaseId: number,
  query: TableQuery = {},
): Promise<StandingsPage> {
  return table(db, { kind: "season", seasonId: season.id, phaseId, everyone: season.isCurrent }, query);
}

/** One user's row in a season's overall table, or in a phase's table; null when not in it. */
export async function userPosition(
  db: Kysely<Database>,
  season: TableSeason,
  userId: string,
  { phaseId = null }: { phaseId?: number | null } = {},
): Promise<StandingsRow | null> {
  const scope: TableScope = { kind: "season", seasonId: season.id, phaseId, everyone: season.isCurrent };
  const line = await rankedLines(db, scope).where("r.user_id", "=", userId).executeTakeFirst();
  if (!line) return null;
  const [row] = await present(db, await place(db, scope, [line]), await countPeople(db, scope));
  return row ?? null;
}
