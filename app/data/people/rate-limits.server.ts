import { type Kysely, sql } from "kysely";
import type { Database } from "#app/data/engine/schema";

/**
 * Counts one hit against `key` in a fixed window and returns the hits so far in that window.
 * One upsert statement, so concurrent requests (and instances) count exactly.
 */
export async function countHit(
  db: Kysely<Database>,
  key: string,
  { windowMs, now = Date.now() }: { windowMs: number; now?: number },
): Promise<{ hits: number; windowStartedAt: number }> {
  const windowOpenSince = now - windowMs;
  const row = await db
    .insertInto("rate_limits")
    .values({ key, window_started_at: now, hits: 1 })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        hits: sql`case when rate_limits.window_started_at <= ${windowOpenSince} then 1 else rate_limits.hits + 1 end`,
        window_started_at: sql`case when rate_limits.window_started_at <= ${windowOpenSince} then ${now} else rate_limits.window_started_at end`,
      }),
    )
    .returning(["hits", "window_started_at"])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), windowStartedAt: Number(row.window_started_at) };
}

/** Forgets windows that closed long ago, so the table stays small. */
export async function purgeOldHits(db: Kysely<Database>, olderThan: number): Promise<void> {
  await db.deleteFrom("rate_limits").where("window_started_at", "<", olderThan).execute();
}
