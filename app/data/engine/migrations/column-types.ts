import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from "kysely";

/**
 * The few column types that differ between the engines. Better Auth's columns take the native
 * types its adapter expects (boolean/timestamptz on PostgreSQL; integer/ISO text on SQLite).
 */
export function columnTypes(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    authBoolean: postgres ? ("boolean" as const) : ("integer" as const),
    authTimestamp: postgres ? ("timestamptz" as const) : ("text" as const),
    serialPrimaryKey: (column: ColumnDefinitionBuilder) =>
      postgres ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement(),
  };
}
