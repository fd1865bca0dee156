import { type Expression, sql } from "kysely";

/**
 * A user's name as every screen shows it: users.display_name (the nickname), else users.name.
 * `alias` is the users table's alias in the query.
 */
export function displayNameOf(alias: string) {
  return sql<string>`coalesce(nullif(${sql.ref(`${alias}.display_name`)}, ''), ${sql.ref(`${alias}.name`)})`;
}

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Whether a name (an SQL expression) holds `search`, in any case; `%` and `_` in it are letters. */
export function nameHolds(name: Expression<string>, search: string) {
  return sql<boolean>`lower(${name}) like lower(${likePattern(search)}) escape '\\'`;
}
