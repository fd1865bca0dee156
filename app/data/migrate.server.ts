import { type Kysely, Migrator } from "kysely";
import { migrations } from "./migrations";
import type { Database } from "./schema";

/** Brings the schema up to date. Kysely's migrator holds a lock, so two instances may start at once. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`La migración ${failed?.migrationName ?? ""} falló`, { cause: error });
  }
}
