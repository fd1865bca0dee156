import { type Kysely, Migrator } from "kysely";
import { migrations } from "./migrations";
import type { Database } from "./schema";

/**
 * Brings the schema up to date, each migration in its transaction. On PostgreSQL Kysely's
 * migrator holds an advisory lock, so two instances may start at once. On SQLite it takes no
 * lock across processes: a second process starting at the same moment fails its transaction
 * (the tables already exist), which rolls back, and tries again once the first has committed.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((result) => result.status === "Error");
    if (!error && !failed) return;
    if (attempt >= 5) throw new Error(`La migración ${failed?.migrationName ?? ""} falló`, { cause: error });
    await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
  }
}
