import { type Kysely, sql } from "kysely";
import { displayNameOf } from "#app/data/people/display-name.server";
import { allTimeStandings, countedSeasons, type StandingsPage, type StandingsRow, type TableQuery } from "./tables.server";
import type { Database } from "#app/data/engine/schema";

/**
 * 'Histórico' (/rankings/historico, SPEC §8): every season's stored totals added up (the
 * finished ones and the current one), and the champions of the finished ones. Read from
 * standings_total, one row per player and season, kept up to date as results come in: a view
 * never sums predictions, and ranks in SQL only the page it shows.
 */

export interface HistoryRow extends StandingsRow {
  /** Counted seasons in which they have a stored total. */
  seasons: number;
  /** Finished seasons they won (alone or tied). */
  titles: number;
}

export interface HistoryPage extends Omit<StandingsPage, "rows"> {
  rows: HistoryRow[];
}

export interface Champion {
  seasonId: number;
  seasonName: string;
  points: number;
  /** Tied champions share the title. */
  people: { userId: string; name: string }[];
}

/**
 * The champions of every finished season (or of `seasonId` alone, once finished), newest first:
 * the players ranked first by the season tables' rule (points, then exact hits, then correct
 * outcomes; all equal share the title).
 */
export async function champions(db: Kysely<Database>, { seasonId }: { seasonId?: number } = {}): Promise<Champion[]> {
  const rows = await db
    .with("ranked", (qc) =>
      qc
        .selectFrom("standings_total as st")
        .innerJoin("seasons as s", "s.id", "st.season_id")
        .select([
          "st.season_id",
          "st.user_id",
          "st.points",
          sql<number>`rank() over (partition by st.season_id order by st.points desc, st.exact_hits desc, st.outcome_hits desc)`.as(
            "rnk",
          ),
        ])
        .where("s.finished_at", "is not", null)
        .$if(seasonId !== undefined, (query) => query.where("st.season_id", "=", seasonId!)),
    )
    .selectFrom("ranked as r")
    .innerJoin("seasons as s", "s.id", "r.season_id")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select(["r.season_id", "s.name as season_name", "s.finished_at", "r.user_id", "r.points", displayNameOf("u").as("name")])
    .where("r.rnk", "=", 1)
    .orderBy("s.finished_at", "desc")
    .orderBy("s.id", "desc")
    .execute();
  const bySeason = new Map<number, Champion>();
  for (const row of rows) {
    const champion = bySeason.get(row.season_id) ?? {
      seasonId: row.season_id,
      seasonName: row.season_name,
      points: Number(row.points),
      people: [],
    };
    champion.people.push({ userId: row.user_id, name: row.name });
    bySeason.set(row.season_id, champion);
  }
  const byName = new Intl.Collator("es", { sensitivity: "base" });
  for (const champion of bySeason.values()) champion.people.sort((a, b) => byName.compare(a.name, b.name));
  return [...bySeason.values()];
}

/**
 * A page of 'Tabla Histórica': the all-time standings (tables.server.ts, ranked in SQL by the
 * season tables' rule over the counted seasons' stored totals), with the seasons played and the
 * titles of the rows shown.
 */
export async function allTimePage(db: Kysely<Database>, titles: readonly Champion[], query: TableQuery = {}): Promise<HistoryPage> {
  const page = await allTimeStandings(db, query);
  const ids = page.rows.map((row) => row.userId);
  const played =
    ids.length === 0
      ? []
      : await db
          .selectFrom("standings_total")
          .select((eb) => ["user_id", eb.fn.countAll<number>().as("seasons")])
          .where("user_id", "in", ids)
          .where("season_id", "in", countedSeasons(db))
          .groupBy("user_id")
          .execute();
  const seasons = new Map(played.map((row) => [row.user_id, Number(row.seasons)]));
  const wins = new Map<string, number>();
  for (const champion of titles) for (const person of champion.people) wins.set(person.userId, (wins.get(person.userId) ?? 0) + 1);
  return {
    ...page,
    rows: page.rows.map((row) => ({ ...row, seasons: seasons.get(row.userId) ?? 0, titles: wins.get(row.userId) ?? 0 })),
  };
}

/** One player's line of 'Histórico': the seasons counted there, and the finished ones won. */
export interface PlayerHistory {
  seasons: number;
  titles: number;
}

/**
 * A player's seasons and titles as 'Tabla Histórica' counts them (allTimePage, champions): a
 * season counts where they have a stored total and it counts there (finished or current); a
 * title is a finished season where nobody is ahead of them by the tables' rule (points, exact
 * hits, correct outcomes), as champions() ranks. Each check is a seek of the player's own rows
 * and of the season's total ahead of them: no table is ranked for one player.
 */
export async function playerHistory(db: Kysely<Database>, userId: string): Promise<PlayerHistory> {
  const row = await db
    .selectFrom("standings_total as st")
    .innerJoin("seasons as s", "s.id", "st.season_id")
    .select((eb) => [
      eb.fn.countAll<number>().as("seasons"),
      eb.fn
        .sum<number | null>(
          sql`case when s.finished_at is not null and not exists (
            select 1 from standings_total o where o.season_id = st.season_id
              and (o.points, o.exact_hits, o.outcome_hits) > (st.points, st.exact_hits, st.outcome_hits)
          ) then 1 else 0 end`,
        )
        .as("titles"),
    ])
    .where("st.user_id", "=", userId)
    .where((eb) => eb.or([eb("s.finished_at", "is not", null), eb("s.is_current", "=", 1)]))
    .executeTakeFirst();
  return { seasons: Number(row?.seasons ?? 0), titles: Number(row?.titles ?? 0) };
}
