import { type Compilable, type CompiledQuery, createQueryId, type DialectAdapter, type Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * The queries of the deadline rush's path (every request's session read, a save of picks and the
 * page that answers it), compiled once and run with each call's values: Kysely's recipe for
 * splitting a query's building from its execution.
 *
 * Kysely builds a query as a tree of frozen nodes and compiles it to SQL on every call, before the
 * query is sent, and the new SQL string's hash is computed again by the driver to find its
 * prepared statement (data/engine/db.server.ts): work repeated on every request of the rush. Here a query is built
 * once per engine and shape with stand-ins for its values; a call puts its values where the
 * stand-ins were. The query is still written with the query builder, as every other.
 *
 * What can change a query's text is its shape: the caller names it in `key` (a flag that adds a
 * condition), and a list's length is added here. Every value must be a parameter of the query
 * (not `sql.lit` or raw text): a stand-in found in the SQL text is refused. Plugins still see
 * each run (a request's watch of the season's tables, data/engine/kept-reads.server.ts); a plugin that
 * rewrites queries (SQLite's without row locks) is the same for every handle of an engine, so its
 * rewrite is in the text kept.
 */

type Value = string | number | null;
type Values = Record<string, Value | readonly Value[]>;

interface Kept {
  query: CompiledQuery;
  /** For each parameter of the compiled query: the value's name (and index in its list), or a constant of the query. */
  slots: ({ name: string; index?: number } | { constant: unknown })[];
}

/** Per engine (its adapter: shared by a database's handles, its transactions and request handles), per key. */
const keptByEngine = new WeakMap<DialectAdapter, Map<string, Kept>>();

/** Keys kept per engine at most: shapes are few (lists of ids have a length per batch size). */
const KEPT_MAX = 200;

const STAND_IN = "\u0000compiled-once:";

/** Runs `build(values)` compiled once per engine and shape; the rows, as `execute()` gives them. */
export async function runCompiled<V extends Values, O>(
  db: Kysely<Database>,
  key: string,
  values: V,
  build: (values: V) => Compilable<O>,
): Promise<O[]> {
  const executor = db.getExecutor();
  let byKey = keptByEngine.get(executor.adapter);
  if (!byKey) keptByEngine.set(executor.adapter, (byKey = new Map()));
  const shapeKey = `${key}|${Object.entries(values)
    .map(([name, value]) => (Array.isArray(value) ? `${name}:${value.length}` : ""))
    .join(",")}`;
  let kept = byKey.get(shapeKey);
  if (!kept) {
    kept = compileWithStandIns(values, build);
    if (byKey.size >= KEPT_MAX) byKey.delete(byKey.keys().next().value!);
    byKey.set(shapeKey, kept);
  }
  const parameters = kept.slots.map((slot) => {
    if ("constant" in slot) return slot.constant;
    const value = values[slot.name];
    return slot.index === undefined ? value : (value as readonly Value[])[slot.index];
  });
  const queryId = createQueryId();
  // The plugins see the run (their rewrite is already in the kept text).
  executor.transformQuery(kept.query.query, queryId);
  const result = await executor.executeQuery<O>({ ...kept.query, parameters, queryId } as CompiledQuery<O>);
  return result.rows;
}

function compileWithStandIns<V extends Values, O>(values: V, build: (values: V) => Compilable<O>): Kept {
  const standIns: Record<string, string | string[]> = {};
  const slotOf = new Map<string, { name: string; index?: number }>();
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) {
      standIns[name] = value.map((_, index) => {
        const standIn = `${STAND_IN}${name}:${index}`;
        slotOf.set(standIn, { name, index });
        return standIn;
      });
    } else {
      const standIn = `${STAND_IN}${name}`;
      slotOf.set(standIn, { name });
      standIns[name] = standIn;
    }
  }
  const query = build(standIns as unknown as V).compile();
  if (query.sql.includes(STAND_IN)) throw new Error(`Un valor quedó dentro del texto de la consulta: ${query.sql}`);
  return {
    query,
    slots: query.parameters.map((parameter) => slotOf.get(parameter as string) ?? { constant: parameter }),
  };
}
