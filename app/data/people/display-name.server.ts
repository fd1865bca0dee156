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

/**
 * Spanish's accented letters (and ñ, ü), each with the plain letter it is searched by. Folded in
 * SQL by a chain of replace(), both cases given: SQLite's lower() changes ASCII letters only, so
 * 'Á' must become 'a' before it, and PostgreSQL's would give the same. Other letters with marks
 * keep them (a chain over every Latin letter would cost each row dozens of calls).
 */
const ACCENTS: readonly (readonly [string, string])[] = [
  ["á", "a"],
  ["é", "e"],
  ["í", "i"],
  ["ó", "o"],
  ["ú", "u"],
  ["ü", "u"],
  ["ñ", "n"],
  ["Á", "a"],
  ["É", "e"],
  ["Í", "i"],
  ["Ó", "o"],
  ["Ú", "u"],
  ["Ü", "u"],
  ["Ñ", "n"],
];

/** A searched text folded as `withoutAccents` folds the names it is compared with. */
export function foldAccents(text: string): string {
  return ACCENTS.reduce((folded, [letter, plain]) => folded.replaceAll(letter, plain), text.normalize("NFC"));
}

/** A name (an SQL expression) with Spanish's accents taken off, as `foldAccents` does in JavaScript. */
function withoutAccents(name: Expression<string>): Expression<string> {
  return ACCENTS.reduce<Expression<string>>(
    (folded, [letter, plain]) => sql<string>`replace(${folded}, ${sql.lit(letter)}, ${sql.lit(plain)})`,
    name,
  );
}

/**
 * Whether a name (an SQL expression) holds `search` in any case and with or without Spanish's
 * accents ('jose' finds 'José', 'PEÑA' finds 'Peña'); `%` and `_` in it are letters.
 */
export function nameHoldsFolded(name: Expression<string>, search: string) {
  return nameHolds(withoutAccents(name), foldAccents(search));
}

/**
 * The order every long list of names follows: lowercased, Spanish's accents taken off, so that
 * 'Álvaro' sits among the a's and not after 'Zoe'. Migration 0016 indexes this very expression
 * (over the users table's columns), so a list walks its index instead of sorting every row: a
 * change here needs a migration that indexes the new expression.
 */
export function listNameOf(alias: string) {
  return sql<string>`lower(${withoutAccents(displayNameOf(alias))})`;
}
