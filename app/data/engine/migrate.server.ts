import { type Kysely, Migrator, SqliteAdapter, sql } from "kysely";
import { type MigrationSettings, migrationsFor } from "#app/data/engine/migrations";
import type { Database } from "./schema";

/**
 * Brings the schema up to date, each migration in its transaction. On PostgreSQL Kysely's
 * migrator holds an advisory lock, so two instances may start at once. On SQLite it takes no
 * lock across processes: a second process starting at the same moment fails its transaction
 * (the tables already exist), which rolls back, and tries again once the first has committed.
 *
 * On SQLite some migrations rebuild a table (SQLite cannot drop a UNIQUE or change a primary
 * key): foreign keys are turned off around the migrations, as SQLite's documentation prescribes
 * for such changes (the pragma does nothing inside a transaction), and checked afterwards.
 */
export async function migrateToLatest(db: Kysely<Database>, settings: MigrationSettings): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(settings) } });
  if (sqlite) await sql`pragma foreign_keys = off`.execute(db);
  try {
    for (let attempt = 1; ; attempt++) {
      const { error, results } = await migrator.migrateToLatest();
      const failed = results?.find((result) => result.status === "Error");
      if (!error && !failed) break;
      if (attempt >= 5) throw new Error(`La migración ${failed?.migrationName ?? ""} falló`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
    if (sqlite) {
      const broken = await sql<{ table: string }>`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) {
        throw new Error(`La migración dejó referencias rotas en ${[...new Set(broken.rows.map((row) => row.table))].join(", ")}`);
      }
    }
  } finally {
    if (sqlite) await sql`pragma foreign_keys = on`.execute(db);
  }
}
