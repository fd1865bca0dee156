import { type Expression, type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { TableLine, TieGroup } from "#app/domain/game/table-order";
import { chunked } from "#app/data/engine/chunks";
import { displayNameOf } from "#app/data/people/display-name.server";
import type { Database } from "#app/data/engine/schema";

/**
 * The SQL of the standings tables (read by rankings.server.ts): which people a table lists, their
 * tallies, RANK() over points, exact hits and correct outcomes (1, 2, 2, 4), and the members of
 * tie groups, so that a page of a 10,000-user table is read without loading the rest.
 */

export const displayName = displayNameOf("u");

/**
 * Which table: a season's overall table, or one of its phases', or the all-time table. The
 * current season lists every registered user (0 points without scores, SPEC §5); another season
 * lists the people who played it (a row in its stored totals), so a newcomer does not appear in
 * the tables of years before. The all-time table ('Histórico') adds up the stored totals of the
 * seasons that count (the finished ones and the current one) and lists whoever has one.
 */
export type TableScope =
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
export function withRanks(db: Kysely<Database>, scope: TableScope) {
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
export function rankedLines(db: Kysely<Database>, scope: TableScope) {
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
export async function membersOf(db: Kysely<Database>, scope: TableScope, groups: readonly TieGroup[]): Promise<TableLine[]> {
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

export async function countPeople(db: Kysely<Database>, scope: TableScope): Promise<number> {
  const row = await people(db, scope)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Whether a name (an SQL expression) holds `search`, in any case; `%` and `_` in it are letters. */
export function nameHolds(name: Expression<string>, search: string) {
  return sql<boolean>`lower(${name}) like lower(${likePattern(search)}) escape '\\'`;
}
