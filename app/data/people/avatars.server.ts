import type { Kysely } from "kysely";
import type { Database } from "#app/data/engine/schema";

/** The avatar picture (https URL or none) and background colour a user chose. */
export async function updateAvatar(
  db: Kysely<Database>,
  userId: string,
  changes: { image?: string | null; avatarColor?: string },
): Promise<void> {
  await db
    .updateTable("users")
    .set({
      ...(changes.image !== undefined && { image: changes.image }),
      ...(changes.avatarColor !== undefined && { avatar_color: changes.avatarColor }),
      // An ISO string suits both engines (PostgreSQL parses it into its timestamptz).
      updated_at: new Date().toISOString(),
    })
    .where("id", "=", userId)
    .execute();
}

/** 'Eliminar foto': the picture removed; false when there was none (nothing to remove, nothing written). */
export async function removeAvatar(db: Kysely<Database>, userId: string): Promise<boolean> {
  const removed = await db
    .updateTable("users")
    .set({ image: null, updated_at: new Date().toISOString() })
    .where("id", "=", userId)
    .where("image", "is not", null)
    .executeTakeFirst();
  return Number(removed.numUpdatedRows) > 0;
}
