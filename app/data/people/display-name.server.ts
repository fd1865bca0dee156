import { sql } from "kysely";

/**
 * A user's name as every screen shows it: users.display_name (the nickname), else users.name.
 * `alias` is the users table's alias in the query.
 */
export function displayNameOf(alias: string) {
  return sql<string>`coalesce(nullif(${sql.ref(`${alias}.display_name`)}, ''), ${sql.ref(`${alias}.name`)})`;
}
