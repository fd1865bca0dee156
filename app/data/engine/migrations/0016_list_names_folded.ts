import { type Kysely, sql } from "kysely";

/**
 * Long lists of names (a match's picks on the captured-predictions pages, the admin's
 * 'Pronósticos') are read in name order by walking an index on the names (0014). That index held
 * the names lowercased only, and SQLite's lower() changes ASCII letters alone: 'Álvaro' and
 * 'Óscar' came after 'Zoe'. This one holds them as data/people/display-name.server.ts `listNameOf`
 * orders them: Spanish's accented letters, ñ and ü made plain, both cases, then lowercased. The
 * expression is written out here, as it stood when this migration was made: the index serves only
 * a query that orders by the same expression.
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

export async function up(db: Kysely<any>): Promise<void> {
  const folded = ACCENTS.reduce(
    (name, [letter, plain]) => sql`replace(${name}, ${sql.lit(letter)}, ${sql.lit(plain)})`,
    sql`coalesce(nullif(display_name, ''), name)`,
  );
  await sql`drop index users_list_name_idx`.execute(db);
  await sql`create index users_list_name_idx on users (lower(${folded}), id)`.execute(db);
}
