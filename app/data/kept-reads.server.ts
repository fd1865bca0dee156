import { CompiledQuery, type Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * Reads that change only when the season's shape does (the current season, a season's phases and
 * their match counts: what every signed-in page and every saved prediction form asks first), kept
 * in memory per database handle instead of read on every request.
 *
 * Migration 0006 moves the 'season' mark on every change to the tables they are read from, in the
 * change's own transaction, whoever makes it. A kept value is used while the mark, read now (one
 * row by its key, a statement compiled once), equals the mark read before the value was; so a
 * value read across a change is kept under the older mark and never used once the change is seen.
 * Inside a transaction nothing is kept or used: a transaction reads what it is about to change.
 */

const MARK_QUERY = CompiledQuery.raw("select n from change_marks where name = 'season'");

/** Values kept per mark at most (a season's phases are one value per season asked for). */
const KEPT_MAX = 64;

interface Kept {
  mark: number;
  values: Map<string, unknown>;
}

const keptByDatabase = new WeakMap<Kysely<Database>, Kept>();

/** The value of `read()` as of the current mark, read only when the mark has moved. */
export async function keptUntilSeasonChanges<T>(db: Kysely<Database>, key: string, read: () => Promise<T>): Promise<T> {
  if (db.isTransaction) return read();
  const { rows } = await db.executeQuery<{ n: number | string }>(MARK_QUERY);
  const mark = Number(rows[0]?.n);
  let kept = keptByDatabase.get(db);
  if (kept?.mark !== mark) {
    kept = { mark, values: new Map() };
    keptByDatabase.set(db, kept);
  }
  if (kept.values.has(key)) return kept.values.get(key) as T;
  const value = deepFreeze(await read());
  if (kept.values.size >= KEPT_MAX) kept.values.clear();
  kept.values.set(key, value);
  return value;
}

/** Every caller shares a kept value: frozen, so that none can change it for the others. */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
