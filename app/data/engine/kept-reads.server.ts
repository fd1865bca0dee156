import {
  AliasNode,
  CompiledQuery,
  type Kysely,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  sql,
  TableNode,
  type UnknownRow,
} from "kysely";
import { SEASON_SHAPE_TABLES } from "#app/data/engine/migrations/0006_season_mark";
import type { Database } from "./schema";

/**
 * Reads that change only when the season's shape does (the current season, a season's phases and
 * their match counts: what every signed-in page and every saved prediction form asks first), kept
 * in memory per database handle instead of read on every request.
 *
 * Migration 0006 moves the 'season' mark on every change to the tables they are read from, in the
 * change's own transaction, whoever makes it. A kept value is used while the mark, read for this
 * request, equals the mark read before the value was; so a value read across a change is kept
 * under the older mark and never used once the change is seen.
 * Inside a transaction nothing is kept or used: a transaction reads what it is about to change.
 *
 * A request reads the mark once (requestDatabase): the session read takes it in its own query
 * (seasonMarkColumn, noteSeasonMark), or the request's first kept read reads it. A later request
 * reads it anew, so a change made anywhere is seen at the next request.
 */

const MARK_QUERY = CompiledQuery.raw("select n from change_marks where name = 'season'");

/** Values kept per mark at most (a season's phases are one value per season asked for). */
const KEPT_MAX = 64;

interface Kept {
  mark: number;
  values: Map<string, unknown>;
}

const keptByDatabase = new WeakMap<Kysely<Database>, Kept>();

/**
 * A request's reading of the mark, on the request's handle. A write to the season's tables made
 * through the handle (an admin action that changes phases, say) forgets it: what the same request
 * reads afterwards (the page rendered after a form's action, without JavaScript) sees the change.
 */
class RequestMark implements KyselyPlugin {
  mark: Promise<number> | undefined;

  constructor(readonly shared: Kysely<Database>) {}

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (mayChangeSeasonShape(node)) this.mark = undefined;
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

const SEASON_TABLES: ReadonlySet<string> = new Set(SEASON_SHAPE_TABLES);

/** Whether a query may write one of the tables the mark follows (raw SQL and the unknown may). */
function mayChangeSeasonShape(node: RootOperationNode): boolean {
  switch (node.kind) {
    case "SelectQueryNode":
      // A data-modifying WITH (PostgreSQL) writes from inside a select.
      return (node.with?.expressions ?? []).some((cte) => mayChangeSeasonShape(cte.expression as RootOperationNode));
    case "InsertQueryNode":
      return writesSeasonTable(node.into);
    case "UpdateQueryNode":
      return writesSeasonTable(node.table);
    case "DeleteQueryNode":
      return node.from.froms.some(writesSeasonTable);
    default:
      return true;
  }
}

/** Whether the table a write names (`t`, or `t as x`) is one of the season's; unknown: yes. */
function writesSeasonTable(node: OperationNode | undefined): boolean {
  const table = node && AliasNode.is(node) ? node.node : node;
  return !table || !TableNode.is(table) || SEASON_TABLES.has(table.table.identifier.name);
}

const requestMarks = new WeakMap<Kysely<Database>, RequestMark>();

/** A handle on the same database for one request: its kept reads share one reading of the mark. */
export function requestDatabase(db: Kysely<Database>): Kysely<Database> {
  const request = new RequestMark(db);
  const handle = db.withPlugin(request);
  requestMarks.set(handle, request);
  return handle;
}

/** The mark as a column of another query (the session read's): one round trip fewer a request. */
export const seasonMarkColumn = sql<number | string>`(select n from change_marks where name = 'season')`.as("season_mark");

/** Hands this request the mark read in another query (seasonMarkColumn), before any kept read. */
export function noteSeasonMark(db: Kysely<Database>, mark: number | string | null | undefined): void {
  const request = requestMarks.get(db);
  if (request && request.mark === undefined && mark !== null && mark !== undefined) request.mark = Promise.resolve(Number(mark));
}

async function readMark(db: Kysely<Database>): Promise<number> {
  const { rows } = await db.executeQuery<{ n: number | string }>(MARK_QUERY);
  return Number(rows[0]?.n);
}

/** The value of `read()` as of the current mark, read only when the mark has moved. */
export async function keptUntilSeasonChanges<T>(db: Kysely<Database>, key: string, read: () => Promise<T>): Promise<T> {
  if (db.isTransaction) return read();
  const request = requestMarks.get(db);
  const shared = request?.shared ?? db;
  const mark = await (request ? (request.mark ??= readMark(shared)) : readMark(shared));
  let kept = keptByDatabase.get(shared);
  if (kept?.mark !== mark) {
    kept = { mark, values: new Map() };
    keptByDatabase.set(shared, kept);
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
