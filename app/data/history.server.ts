import { type Kysely, sql } from "kysely";
import { rankRows, type StandingRow } from "#app/domain/standings";
import { displayNameOf } from "./display-name.server";
import type { Database } from "./schema";

/**
 * 'Histórico' (/rankings/historico, SPEC §8): every season's stored totals added up (the
 * finished ones and the current one), and the champions of the finished ones. Read from
 * standings_total, one row per player and season, kept up to date as results come in: a view
 * never sums predictions.
 */

export interface HistoryRow extends StandingRow {
  image: string | null;
  avatarColor: string;
  /** Seasons in which they have a stored total. */
  seasons: number;
  /** Finished seasons they won (alone or tied). */
  titles: number;
  position: number;
}

export interface Champion {
  seasonId: number;
  seasonName: string;
  points: number;
  /** Tied champions share the title. */
  people: { userId: string; name: string }[];
}

/** The seasons that count: the finished ones and the current one. */
function countedSeasons(db: Kysely<Database>) {
  return db
    .selectFrom("seasons")
    .select("id")
    .where((eb) => eb.or([eb("finished_at", "is not", null), eb("is_current", "=", 1)]));
}

/**
 * The champions of every finished season, newest first: the players ranked first by the season
 * tables' rule (points, then exact hits, then correct outcomes; all equal share the title).
 */
export async function champions(db: Kysely<Database>): Promise<Champion[]> {
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
        .where("s.finished_at", "is not", null),
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
 * 'Tabla Histórica': every player's totals over the counted seasons, ranked by the season
 * tables' rule (domain/standings.ts rankRows: shared ranks, ties by name, colour bands), with
 * seasons played and titles.
 */
export async function allTimeTable(db: Kysely<Database>, titles: readonly Champion[]): Promise<HistoryRow[]> {
  const rows = await db
    .selectFrom("standings_total as st")
    .innerJoin("users as u", "u.id", "st.user_id")
    .select((eb) => [
      "st.user_id",
      displayNameOf("u").as("name"),
      "u.image",
      "u.avatar_color",
      eb.fn.sum<number>("st.points").as("points"),
      eb.fn.sum<number>("st.exact_hits").as("exact_hits"),
      eb.fn.sum<number>("st.outcome_hits").as("outcome_hits"),
      eb.fn.countAll<number>().as("seasons"),
    ])
    .where("st.season_id", "in", countedSeasons(db))
    .groupBy(["st.user_id", "u.name", "u.display_name", "u.image", "u.avatar_color"])
    .execute();
  const wins = new Map<string, number>();
  for (const champion of titles) for (const person of champion.people) wins.set(person.userId, (wins.get(person.userId) ?? 0) + 1);
  const extra = new Map(rows.map((row) => [row.user_id, row]));
  return rankRows(
    rows.map((row) => ({
      userId: row.user_id,
      name: row.name,
      points: Number(row.points),
      exactHits: Number(row.exact_hits),
      outcomeHits: Number(row.outcome_hits),
    })),
  ).map((row, index) => {
    const more = extra.get(row.userId)!;
    return {
      ...row,
      image: more.image,
      avatarColor: more.avatar_color,
      seasons: Number(more.seasons),
      titles: wins.get(row.userId) ?? 0,
      position: index + 1,
    };
  });
}
