import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { Database } from "./schema";

export type Engine = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
}

// COUNT(*) and BIGINT come back from PostgreSQL as strings; ours always fit in a JS number,
// so both engines hand the code plain numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** The SQLite database file of a data folder (also what `npm run backup` copies). */
export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, "quiniela.sqlite");
}

/** Opens the database: PostgreSQL when a postgres:// URL is given, else SQLite in dataDir. */
export function openDatabase(options: { databaseUrl?: string; dataDir: string }): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), engine: "postgres" };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = new SQLite(sqliteFile(options.dataDir));
  file.pragma("journal_mode = WAL");
  file.pragma("synchronous = NORMAL");
  file.pragma("foreign_keys = ON");
  file.pragma("busy_timeout = 5000");
  // 64 MB of page cache (the default is 2 MB): a result touches every prediction of its match,
  // spread over thousands of pages; kept in memory, re-scoring reads them at half the cost.
  file.pragma("cache_size = -65536");
  // A result rewrites the pages of its match's predictions and of both standings tables, more
  // than SQLite's default 1,000-page WAL: every result's commit copied them back into the
  // database file. At 10,000 pages (up to 40 MB of WAL) that copy comes every few results, and
  // pages written again in between are copied once.
  file.pragma("wal_autocheckpoint = 10000");
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(file) }) }), engine: "sqlite" };
}

/**
 * better-sqlite3 compiles a statement on every prepare(), and Kysely prepares every query it runs;
 * a page runs the same few dozen queries each time, so compiled statements are kept by their SQL
 * (at most 500; the oldest goes first) and reused. One being iterated (a streamed query) is busy:
 * then a fresh one is compiled.
 */
function reusingStatements(file: SQLite.Database, max = 500) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(text: string): SQLite.Statement {
      const kept = statements.get(text);
      if (kept && !kept.busy) return kept;
      const statement = file.prepare(text);
      if (kept) return statement;
      statements.set(text, statement);
      if (statements.size > max) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

export async function isDatabaseReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
