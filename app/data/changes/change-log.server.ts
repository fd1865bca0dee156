import type { Kysely } from "kysely";
import type { ChangeKind } from "#app/domain/change-log";
import { eachChunk } from "#app/data/engine/chunks";
import type { Database } from "#app/data/engine/schema";

/**
 * 'Bitácora': the one writer of `change_log` (migration 0013), called inside the transaction of
 * the change it records, after the change is known to go ahead: a refused change writes nothing,
 * and an entry never outlives a change rolled back. There is no function that edits or deletes
 * an entry; the database refuses it too (the migration's triggers).
 */

/** Who made a change: an admin (id and the name shown then), or a script (no id). */
export interface Actor {
  id: string | null;
  name: string;
}

/** The actor of changes made by the server's own scripts (demo, bench, import command). */
export const SCRIPT_ACTOR: Actor = { id: null, name: "Script del servidor" };

/** The signed-in admin as the log names them: the nickname shown everywhere, else their name. */
export function actorOf(user: { id: string; name: string; displayName?: string | null }): Actor {
  return { id: user.id, name: user.displayName?.trim() || user.name };
}

export interface NewChange {
  kind: ChangeKind;
  seasonId: number | null;
  /** What changed, in words: 'Querétaro vs Toluca', 'Jornada 3', a season's or a person's name. */
  subject: string;
  /** The player whose picks or account changed. */
  player?: { id: string; name: string } | null;
  before?: unknown;
  after?: unknown;
}

/** Longest JSON kept for `before`/`after`, and longest subject or name. */
const MAX_VALUE = 2000;
const MAX_TEXT = 200;

function valueText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(value);
  // Our values are a few numbers; this only guards against a caller passing something big.
  return text.length <= MAX_VALUE ? text : JSON.stringify({ recortado: text.slice(0, MAX_VALUE - 100) });
}

/** Appends the entries (an insert per 200), stamped with the server's clock. */
export async function logChanges(trx: Kysely<Database>, actor: Actor, changes: readonly NewChange[], now: Date = new Date()): Promise<void> {
  if (changes.length === 0) return;
  const stamp = now.toISOString();
  await eachChunk(changes, (chunk) =>
    trx
    .insertInto("change_log")
    .values(
      chunk.map((change) => ({
        created_at: stamp,
        kind: change.kind,
        season_id: change.seasonId,
        actor_id: actor.id,
        actor_name: actor.name.slice(0, MAX_TEXT),
        subject: change.subject.slice(0, MAX_TEXT),
        player_id: change.player?.id ?? null,
        player_name: change.player?.name.slice(0, MAX_TEXT) ?? null,
        before: valueText(change.before),
        after: valueText(change.after),
      })),
    )
    .execute(),
  );
}

/** One entry: a change and its before → after. */
export function logChange(trx: Kysely<Database>, actor: Actor, change: NewChange, now: Date = new Date()): Promise<void> {
  return logChanges(trx, actor, [change], now);
}
