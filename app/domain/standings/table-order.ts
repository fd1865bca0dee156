import { rankRows, type StandingRow } from "./standings";

/**
 * The order of a standings table's lines (SPEC §5), pure: SQL ranks the lines by their tally
 * (data/standings/tables.server.ts); users still equal are put in name order here, by the very rule
 * of rankRows(), so SQL and the domain cannot disagree (no SQL collation has to mimic
 * Intl.Collator). Users whose names compare equal are listed in folded-name, then user-id order.
 */

/** One user's line of a table as SQL ranks it; narrow: pictures are read only for the rows shown. */
export interface TableLine {
  user_id: string;
  name: string;
  points: number;
  exact_hits: number;
  outcome_hits: number;
  rnk: number;
  /** Position of the last row of this line's tie group. */
  last_pos: number;
}

/** A tie group: users with the same tally, at positions rnk..last_pos. */
export type TieGroup = Omit<TableLine, "user_id" | "name">;

/**
 * The row rankRows() gets. It already carries `rank` and `band`, so that rankRows' `{ ...row,
 * rank, band }` takes V8's fast object-clone path: without them that spread takes the slow one
 * for every row, which a large tie feels.
 */
const toTally = (line: TableLine): StandingRow => ({
  userId: line.user_id,
  name: line.name,
  points: Number(line.points),
  exactHits: Number(line.exact_hits),
  outcomeHits: Number(line.outcome_hits),
  rank: 0,
  band: null,
});

const byUserId = (a: TableLine, b: TableLine) => (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0);

/** Case- and accent-folded name: close to the collator's order, cheap to compare. */
const foldedName = (name: string) =>
  name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/**
 * Lines in table order: rankRows() (tally, then name) decides. They are handed to it in folded-
 * name order, then user-id order: nearly sorted already, which makes its sort cheap for a large
 * tie, and users whose names compare equal (case, accents) keep one order on every page and on
 * both engines.
 */
export function inTableOrder(lines: readonly TableLine[]): TableLine[] {
  const byId = new Map(lines.map((line) => [line.user_id, line]));
  const keyed = lines.map((line) => ({ line, key: foldedName(line.name) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : byUserId(a.line, b.line)));
  return rankRows(keyed.map(({ line }) => toTally(line))).map((row) => byId.get(row.userId)!);
}

/**
 * Lines [from, to) of a list in table order, when only that part is needed: the ranks put the
 * list in order; only the tie groups overlapping the part are put in name order.
 */
export function orderedSlice(lines: readonly TableLine[], from: number, to: number): TableLine[] {
  const byRank = [...lines].sort((a, b) => Number(a.rnk) - Number(b.rnk) || byUserId(a, b));
  const slice: TableLine[] = [];
  for (let start = 0; start < byRank.length && start < to;) {
    let end = start + 1;
    while (end < byRank.length && Number(byRank[end]!.rnk) === Number(byRank[start]!.rnk)) end++;
    if (end > from) {
      const group = byRank.slice(start, end);
      slice.push(...(group.length > 1 ? inTableOrder(group) : group).slice(Math.max(0, from - start), to - start));
    }
    start = end;
  }
  return slice;
}
