import { CompiledQuery, type Kysely } from "kysely";

import type { Engine } from "#app/data/engine/db.server";
import type { Database } from "#app/data/engine/schema";

/** Bind parameters one statement may carry: SQLite's SQLITE_MAX_VARIABLE_NUMBER, PostgreSQL's protocol limit. */
const MAX_PARAMETERS: Record<Engine, number> = { sqlite: 32_766, postgres: 65_535 };

type Value = string | number | boolean | Date | null;

/** A constant written as an SQL literal on every row (so it costs no bind parameter). */
function literal(value: string | number): string {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Valor no válido: ${value}`);
    return String(value);
  }
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * Inserts many rows with big multi-row INSERT statements, each under the engine's bind-parameter
 * limit. `rows` yields one array of values per row, in the order of `columns`; `constants` are
 * the same on every row. Run it inside a transaction: it is one statement per chunk.
 */
export async function bulkInsert<T extends keyof Database & string>(
  db: Kysely<Database>,
  engine: Engine,
  table: T,
  columns: readonly (keyof Database[T] & string)[],
  rows: Iterable<Value[]>,
  constants: Partial<Record<keyof Database[T] & string, string | number>> = {},
): Promise<number> {
  const constantNames = Object.keys(constants) as (keyof Database[T] & string)[];
  const constantSql = constantNames.map((name) => literal(constants[name] as string | number));
  const head = `insert into "${table}" (${[...columns, ...constantNames].map((c) => `"${c}"`).join(", ")}) values `;
  const perChunk = Math.floor(MAX_PARAMETERS[engine] / columns.length);
  const statements = new Map<number, string>();

  const statementFor = (count: number): string => {
    let text = statements.get(count);
    if (text) return text;
    const tuples: string[] = [];
    let n = 0;
    for (let row = 0; row < count; row++) {
      const marks = columns.map(() => (engine === "postgres" ? `$${++n}` : "?"));
      tuples.push(`(${[...marks, ...constantSql].join(", ")})`);
    }
    text = head + tuples.join(", ");
    statements.set(count, text);
    return text;
  };

  let inserted = 0;
  let parameters: Value[] = [];
  let pending = 0;
  const flush = async () => {
    if (pending === 0) return;
    await db.executeQuery(CompiledQuery.raw(statementFor(pending), parameters));
    inserted += pending;
    parameters = [];
    pending = 0;
  };
  for (const row of rows) {
    if (row.length !== columns.length)
      throw new Error(`Fila con ${row.length} valores para ${columns.length} columnas`);
    for (const value of row) parameters.push(value);
    if (++pending === perChunk) await flush();
  }
  await flush();
  return inserted;
}
