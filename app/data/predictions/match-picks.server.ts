import { type Kysely, sql } from "kysely";
import type { Database } from "#app/data/engine/schema";
import { displayNameOf, listNameOf, nameHoldsFolded } from "#app/data/people/display-name.server";

/**
 * A match's picks listed in name order, a page at a time: what both captured-predictions pages
 * list (the public one, revealed-predictions.server.ts; the admin's, admin-captured.server.ts).
 * Every list has a limit at 10,000 players: a match card lists at most CARD_PICKS picks, and a
 * match with more has pages of its own, PAGE_PICKS each, read by walking the index on the names
 * (migration 0014) and stopping at the page's end instead of sorting every pick of the match.
 */

/** Picks a match card lists; beyond them, a link to the match's own pages. */
export const CARD_PICKS = 50;
/** Picks on one of a match's own pages. */
export const PAGE_PICKS = 100;

/** How many of a match's own pages its picks fill (one at the least: a page says there are none). */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_PICKS));
}

/** A pick as a list reads it: who, what, and the points it earned (the admin shows them). */
export interface ListedPick {
  id: number;
  matchId: number;
  userId: string;
  name: string;
  image: string | null;
  avatarColor: string;
  home: number;
  away: number;
  /** Null while the match has no result. */
  points: number | null;
  bonus: number;
}

const displayName = displayNameOf("u");

/** Users without a name are hidden from players (SPEC §2.4): only the admin's lists show them. */
export const named = sql<boolean>`trim(${displayName}) <> ''`;

/** The names as the index of migration 0016 holds them: the order of every list of a match's picks. */
const listName = listNameOf("u");

/**
 * One page of a match's picks in name order: the users are walked along their names' index and
 * each one's pick of the match looked up (CROSS JOIN keeps SQLite to that order), stopping at the
 * page's end. `everyone`: the nameless users' picks too (the admin sees every pick). `search`:
 * only the users whose name holds it (`nameHoldsFolded`), checked as the names are walked.
 * Several matches (a list of ids): their picks in one walk, in name order, a match's after
 * another's of the same user.
 */
export async function picksByName(
  db: Kysely<Database>,
  match: number | readonly number[],
  { limit, offset, everyone = false, search = "" }: { limit: number; offset: number; everyone?: boolean; search?: string },
): Promise<ListedPick[]> {
  if (typeof match !== "number" && match.length === 0) return [];
  const rows = await db
    .selectFrom("users as u")
    .crossJoin("predictions as pr")
    .select([
      "pr.id",
      "pr.match_id",
      "pr.user_id",
      displayName.as("name"),
      "u.image",
      "u.avatar_color",
      "pr.home_score",
      "pr.away_score",
      "pr.points",
      "pr.bonus",
    ])
    .whereRef("pr.user_id", "=", "u.id")
    .where((eb) => (typeof match === "number" ? eb("pr.match_id", "=", match) : eb("pr.match_id", "in", match)))
    .$if(!everyone, (query) => query.where(named))
    .$if(search !== "", (query) => query.where(nameHoldsFolded(displayName, search)))
    .orderBy(listName)
    .orderBy("u.id")
    .$if(typeof match !== "number", (query) => query.orderBy("pr.match_id"))
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    matchId: row.match_id,
    userId: row.user_id,
    name: row.name,
    image: row.image,
    avatarColor: row.avatar_color,
    home: row.home_score,
    away: row.away_score,
    points: row.points,
    bonus: row.bonus,
  }));
}
