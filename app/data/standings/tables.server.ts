import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { bandFor, type StandingRow } from "#app/domain/standings/standings";
import { inTableOrder, orderedSlice, type TableLine, type TieGroup } from "#app/domain/standings/table-order";
import { chunked } from "#app/data/engine/chunks";
import { displayNameOf, nameHolds } from "#app/data/people/display-name.server";
import type { Database } from "#app/data/engine/schema";

/**
 * The standings tables (SPEC §5): a season's overall table (standings_total), one phase's table
 * (standings_phase) and the all-time table (the counted seasons' totals added up), all kept up to
 * date by upkeep.server.ts when results change, so a page view never re-scores predictions.
 *
 * Which people a table lists, their tallies and RANK() over points, exact hits and correct
 * outcomes (1, 2, 2, 4) are SQL, which lets a page of a 10,000-user table be read without loading
 * the rest; only the tie groups touching the rows asked for are loaded, and
 * domain/standings/table-order.ts puts their users in name order.
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

const displayName = displayNameOf("u");

/**
 * Which table: a season's overall table, or one of its phases', or the all-time table. The
 * current season lists every registered user (0 points without scores, SPEC §5); another season
 * lists the people who played it (a row in its stored totals), so a newcomer does not appear in
 * the tables of years before. The all-time table ('Histórico') adds up the stored totals of the
 * seasons that count (the finished ones and the current one) and lists whoever has one.
 */
type TableScope =
  | { kind: "season"; seasonId: number; phaseId: number | null; everyone: boolean }
  | { kind: "all-time" };

/** The seasons the all-time table counts: the finished ones and the current one. */
export function countedSeasons(db: Pick<Kysely<Database>, "selectFrom">) {
  return db
    .selectFrom("seasons")
    .select("id")
    .where((eb) => eb.or([eb("finished_at", "is not", null), eb("is_current", "=", 1)]));
}

function tallies(db: Kysely<Database>, scope: TableScope) {
  if (scope.kind === "all-time") {
    return db
      .selectFrom("standings_total")
      .select([
        "user_id",
        sql<number>`sum(points)`.as("points"),
        sql<number>`sum(exact_hits)`.as("exact_hits"),
        sql<number>`sum(outcome_hits)`.as("outcome_hits"),
      ])
      .where("season_id", "in", countedSeasons(db))
      .groupBy("user_id");
  }
  return scope.phaseId === null
    ? db
        .selectFrom("standings_total")
        .select(["user_id", "points", "exact_hits", "outcome_hits"])
        .where("season_id", "=", scope.seasonId)
    : db
        .selectFrom("standings_phase")
        .select(["user_id", "points", "exact_hits", "outcome_hits"])
        .where("phase_id", "=", scope.phaseId);
}

/**
 * The users a table lists (see TableScope). A deleted player's row (decision 019) is listed only
 * where it has a stored total: the finished seasons they played (or one reopened since).
 */
function people(db: Pick<Kysely<Database>, "selectFrom">, scope: TableScope) {
  const played = (eb: ExpressionBuilder<Database & { u: Database["users"] }, "u">) =>
    scope.kind === "all-time"
      ? eb.selectFrom("standings_total").select("user_id").where("season_id", "in", countedSeasons(db))
      : eb.selectFrom("standings_total").select("user_id").where("season_id", "=", scope.seasonId);
  return db
    .selectFrom("users as u")
    .$if(scope.kind === "all-time" || !scope.everyone, (query) => query.where("u.id", "in", played))
    .$if(scope.kind === "season" && scope.everyone, (query) =>
      query.where((eb) => eb.or([eb("u.deleted_at", "is", null), eb("u.id", "in", played(eb))])),
    );
}

/** The whole table ranked in SQL (a `ranked` CTE): users LEFT JOIN their tally, with RANK(). */
function withRanks(db: Kysely<Database>, scope: TableScope) {
  const order = sql`order by coalesce(s.points, 0) desc, coalesce(s.exact_hits, 0) desc, coalesce(s.outcome_hits, 0) desc`;
  return db.with("ranked", (qc) =>
    people(qc, scope)
      .leftJoin(tallies(db, scope).as("s"), "s.user_id", "u.id")
      .select([
        "u.id as user_id",
        sql<number>`coalesce(s.points, 0)`.as("points"),
        sql<number>`coalesce(s.exact_hits, 0)`.as("exact_hits"),
        sql<number>`coalesce(s.outcome_hits, 0)`.as("outcome_hits"),
        sql<number>`rank() over (${order})`.as("rnk"),
        // The default frame reaches the last peer: the position where the tie group ends.
        sql<number>`count(*) over (${order})`.as("last_pos"),
      ]),
  );
}

/** Ranked lines with names (for searches and single users). */
function rankedLines(db: Kysely<Database>, scope: TableScope) {
  return withRanks(db, scope)
    .selectFrom("ranked as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select(["r.user_id", "r.points", "r.exact_hits", "r.outcome_hits", "r.rnk", "r.last_pos", displayName.as("name")]);
}

type Tally = Pick<TieGroup, "points" | "exact_hits" | "outcome_hits">;

const isZero = (g: Tally) => Number(g.points) === 0 && Number(g.exact_hits) === 0 && Number(g.outcome_hits) === 0;
const keyOf = (g: Tally) => `${Number(g.points)}:${Number(g.exact_hits)}:${Number(g.outcome_hits)}`;

/**
 * Every user of some tie groups, found by their tally (no window needed): scored groups through
 * the tally table, the 0-point group through the users without a tally (or an all-zero one).
 */
async function membersOf(db: Kysely<Database>, scope: TableScope, groups: readonly TieGroup[]): Promise<TableLine[]> {
  const byKey = new Map(groups.map((group) => [keyOf(group), group]));
  const scored = groups.filter((group) => !isZero(group));
  const rows: Omit<TableLine, "rnk" | "last_pos">[] = [];
  for (const chunk of chunked(scored, 100)) {
    const found = await db
      .selectFrom(tallies(db, scope).as("s"))
      .innerJoin("users as u", "u.id", "s.user_id")
      .select(["s.user_id", "s.points", "s.exact_hits", "s.outcome_hits", displayName.as("name")])
      .where((eb) =>
        eb.or(
          chunk.map((g) =>
            eb.and([
              eb("s.points", "=", Number(g.points)),
              eb("s.exact_hits", "=", Number(g.exact_hits)),
              eb("s.outcome_hits", "=", Number(g.outcome_hits)),
            ]),
          ),
        ),
      )
      .execute();
    for (const row of found) rows.push(row);
  }
  const zero = groups.find(isZero);
  if (zero) {
    const found = await people(db, scope)
      .leftJoin(tallies(db, scope).as("s"), "s.user_id", "u.id")
      .select([
        "u.id as user_id",
        sql<number>`0`.as("points"),
        sql<number>`0`.as("exact_hits"),
        sql<number>`0`.as("outcome_hits"),
        displayName.as("name"),
      ])
      .where(
        sql<boolean>`coalesce(s.points, 0) = 0 and coalesce(s.exact_hits, 0) = 0 and coalesce(s.outcome_hits, 0) = 0`,
      )
      .execute();
    for (const row of found) rows.push(row);
  }
  // Plain object literals: object spread costs microseconds per row on Node 20, too much at 10,000.
  return rows.map((row) => {
    const group = zero && isZero(row) ? zero : byKey.get(keyOf(row))!;
    return {
      user_id: row.user_id,
      name: row.name,
      points: Number(row.points),
      exact_hits: Number(row.exact_hits),
      outcome_hits: Number(row.outcome_hits),
      rnk: Number(group.rnk),
      last_pos: Number(group.last_pos),
    };
  });
}

/** How many users the table lists. */
async function countPeople(db: Kysely<Database>, scope: TableScope): Promise<number> {
  const row = await people(db, scope)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

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

interface Paging {
  perPage: number;
  /** The page asked for, at least 1 (clamped to the page count once it is known). */
  requested: number;
}

/** A page of the whole table, in positions (page - 1) * perPage + 1 to page * perPage. */
async function wholeTablePage(
  db: Kysely<Database>,
  scope: TableScope,
  { perPage, requested }: Paging,
  total: number,
): Promise<StandingsPage> {
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

/** A page of the lines whose name holds `search`, each at its position in the whole table. */
async function searchPage(
  db: Kysely<Database>,
  scope: TableScope,
  { perPage, requested }: Paging,
  total: number,
  search: string,
): Promise<StandingsPage> {
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

async function table(db: Kysely<Database>, scope: TableScope, query: TableQuery): Promise<StandingsPage> {
  const paging: Paging = {
    perPage: Math.max(1, Math.floor(query.perPage ?? DEFAULT_PER_PAGE)),
    requested: Math.max(1, Math.floor(query.page ?? 1) || 1),
  };
  const search = query.search?.trim() ?? "";
  const total = await countPeople(db, scope);
  return search === "" ? wholeTablePage(db, scope, paging, total) : searchPage(db, scope, paging, total, search);
}

/** The season a table belongs to, as its scope needs it. */
export interface TableSeason {
  id: number;
  isCurrent: boolean;
}

/** A season's overall table (phaseId null) or one of its phases'. */
function seasonScope(season: TableSeason, phaseId: number | null): TableScope {
  return { kind: "season", seasonId: season.id, phaseId, everyone: season.isCurrent };
}

/** How many players a season's overall table lists. */
export function tableSize(db: Kysely<Database>, season: TableSeason): Promise<number> {
  return countPeople(db, seasonScope(season, null));
}

/** A page of a season's overall table ('Puntos Acumulados'). */
export function overallStandings(db: Kysely<Database>, season: TableSeason, query: TableQuery = {}): Promise<StandingsPage> {
  return table(db, seasonScope(season, null), query);
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
  return table(db, seasonScope(season, phaseId), query);
}

/** One user's row in a season's overall table, or in a phase's table; null when not in it. */
export async function userPosition(
  db: Kysely<Database>,
  season: TableSeason,
  userId: string,
  { phaseId = null }: { phaseId?: number | null } = {},
): Promise<StandingsRow | null> {
  const scope = seasonScope(season, phaseId);
  const line = await rankedLines(db, scope).where("r.user_id", "=", userId).executeTakeFirst();
  if (!line) return null;
  const [row] = await present(db, await place(db, scope, [line]), await countPeople(db, scope));
  return row ?? null;
}
