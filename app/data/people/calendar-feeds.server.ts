import type { Kysely } from "kysely";
import type { Database } from "#app/data/engine/schema";

/**
 * What a player's calendar feed address is made from besides the server's secret: how many times
 * they renewed it ('Renovar enlace'). The address itself is never stored
 * (auth/links/calendar-link.server.ts).
 */

type Db = Kysely<Database>;

/** A player's renewals (0 before the first), or undefined when no such player (or deleted, 019). */
export async function feedRenewals(db: Db, userId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("users as u")
    .leftJoin("calendar_feeds as f", "f.user_id", "u.id")
    .select("f.renewals")
    .where("u.id", "=", userId)
    .where("u.deleted_at", "is", null)
    .executeTakeFirst();
  return row ? Number(row.renewals ?? 0) : undefined;
}

/** 'Renovar enlace': one renewal more, in one statement; the new count. */
export async function renewFeed(db: Db, userId: string, now: Date = new Date()): Promise<number> {
  const row = await db
    .insertInto("calendar_feeds")
    .values({ user_id: userId, renewals: 1, renewed_at: now.toISOString() })
    .onConflict((c) =>
      c.column("user_id").doUpdateSet((eb) => ({
        renewals: eb(eb.ref("calendar_feeds.renewals"), "+", 1),
        renewed_at: now.toISOString(),
      })),
    )
    .returning("renewals")
    .executeTakeFirstOrThrow();
  return Number(row.renewals);
}
