import type { Kysely } from "kysely";
import { type ChangeKind, describeChange } from "#app/domain/change-log";
import { formatDateTime } from "#app/domain/dates";
import type { Database } from "#app/data/engine/schema";
import { DELETED_PLAYER_NAME } from "#app/data/people/users.server";

/** The entries of 'Bitácora' and 'Cambios del administrador', newest first, a page at a time. */

export interface ChangeRow {
  id: number;
  /** ISO-8601 UTC, and in words in the app's time zone. */
  createdAt: string;
  when: string;
  kind: string;
  seasonName: string | null;
  actorName: string;
  /** The entry in one line: 'Resultado corregido: Querétaro vs Toluca 2 - 1 → 3 - 1'. */
  text: string;
}

export interface ChangeQuery {
  /** One season's entries, or every entry (null). */
  seasonId: number | null;
  /** Only these kinds (null: all). */
  kinds: readonly ChangeKind[] | null;
  page: number;
  perPage: number;
  timeZone: string;
  /**
   * Everybody's page: a player whose account is gone reads 'Jugador eliminado' (decision 019),
   * the admin's log keeps the name they had.
   */
  hideDeletedPlayers?: boolean;
}

/** The furthest page asked: past it, the log is read by its filters. */
export const MAX_PAGE = 1000;

function parseValue(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A page of entries (one query, one row more than the page to know whether another follows). */
export async function changePage(db: Kysely<Database>, query: ChangeQuery): Promise<{ rows: ChangeRow[]; hasNext: boolean }> {
  const page = Math.min(Math.max(1, query.page), MAX_PAGE);
  let select = db
    .selectFrom("change_log as c")
    .leftJoin("seasons as s", "s.id", "c.season_id")
    .leftJoin("users as u", "u.id", "c.player_id")
    .leftJoin("users as a", "a.id", "c.actor_id")
    .select([
      "c.id",
      "c.created_at",
      "c.kind",
      "c.actor_name",
      "c.subject",
      "c.player_id",
      "c.player_name",
      "c.before",
      "c.after",
      "s.name as season_name",
      "u.deleted_at",
      "u.id as user_id",
      "c.actor_id",
      "a.id as actor_user_id",
      "a.deleted_at as actor_deleted_at",
    ])
    .orderBy("c.id", "desc")
    .limit(query.perPage + 1)
    .offset((page - 1) * query.perPage);
  if (query.seasonId !== null) select = select.where("c.season_id", "=", query.seasonId);
  if (query.kinds !== null) select = select.where("c.kind", "in", query.kinds.length > 0 ? [...query.kinds] : [""]);
  const rows = await select.execute();
  return {
    hasNext: rows.length > query.perPage,
    rows: rows.slice(0, query.perPage).map((row) => {
      const gone = row.player_id !== null && (row.user_id === null || row.deleted_at !== null);
      const playerName = query.hideDeletedPlayers && gone ? DELETED_PLAYER_NAME : row.player_name;
      // An admin whose account is gone is named nowhere either (decision 019); the script's entries have no id.
      const actorGone = row.actor_id !== null && (row.actor_user_id === null || row.actor_deleted_at !== null);
      return {
        id: row.id,
        createdAt: row.created_at,
        when: formatDateTime(row.created_at, query.timeZone),
        kind: row.kind,
        seasonName: row.season_name,
        actorName: query.hideDeletedPlayers && actorGone ? DELETED_PLAYER_NAME : row.actor_name,
        text: describeChange({
          kind: row.kind,
          subject: row.kind === "user-deleted" && playerName !== row.player_name ? (playerName ?? row.subject) : row.subject,
          playerName,
          before: parseValue(row.before),
          after: parseValue(row.after),
        }),
      };
    }),
  };
}
