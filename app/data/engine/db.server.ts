import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  type KyselyPlugin,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type SelectModifierNode,
  SqliteDialect,
  sql,
  type UnknownRow,
} from "kysely";
import pg from "pg";
import { DEFAULT_CONNECT_TIMEOUT_MS } from "#app/config.server";
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
export function openDatabase(options: { databaseUrl?: string; dataDir: string; connectTimeoutMs?: number }): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // A connection left idle stays open for five minutes (pg's default is 10 s). Players come
      // in waves (a deadline, a match's end): a wave after a quiet moment would otherwise open
      // its connections anew, each a new PostgreSQL process whose every statement is prepared
      // again (preparingStatements, below), and a rush that did so was markedly slower than the one
      // before it (decision 009). Ten per process, at most, stay open.
      idleTimeoutMillis: 300_000,
      // A database that does not answer (host down, frozen, unreachable network) must not hold
      // requests forever: a new connection, or a free one from the pool, is waited for this long,
      // then the request fails (the Spanish error page) instead of hanging (DATABASE_CONNECT_TIMEOUT_MS).
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      // TCP keepalive probes after 10 s of silence: a connection whose peer vanished without
      // closing it (a cut network, a host switched off) is found dead in minutes, not hours.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // PostgreSQL may end any connection at any moment (a restart, a failover, an administrator).
    // A connection with no query running reports it as an 'error' event: on the pool for one
    // resting in it, on the connection itself for one a request holds between two queries (in a
    // transaction, say). An 'error' event nobody listens to is uncaught, and Node ends the whole
    // process. So every connection is listened to: the loss is noted, a request holding it fails
    // at its next query (the Spanish error page), and the pool drops it and opens new ones when
    // the database is back.
    pool.on("connect", (client) => {
      client.on("error", (error) => console.error("Base de datos: se perdió una conexión", error.message));
    });
    // Also heard by the connection's own listener above, which already noted it.
    pool.on("error", () => {});
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingStatements(pool) }) }), engine: "postgres" };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = new SQLite(sqliteFile(options.dataDir));
  file.pragma("journal_mode = WAL");
  file.pragma("synchronous = NORMAL");
  file.pragma("foreign_keys = ON");
  file.pragma("busy_timeout = 5000");
  // 64 MB of page cache (the default is 2 MB): a result touches every prediction of its match,
  // spread over thousands of pages; kept in memory, re-scoring does not read them again.
  file.pragma("cache_size = -65536");
  // A result rewrites the pages of its match's predictions and of both standings tables, more
  // than SQLite's default 1,000-page WAL: every result's commit copied them back into the
  // database file. At 10,000 pages (up to 40 MB of WAL) that copy comes every few results, and
  // pages written again in between are copied once.
  file.pragma("wal_autocheckpoint = 10000");
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(file) }), plugins: [new WithoutRowLocks()] }),
    engine: "sqlite",
  };
}

/**
 * Row locks (`forShare`, `forNoKeyUpdate`…) are PostgreSQL's: there a transaction that reads
 * rows to decide a write locks them, so another cannot change them before it commits (a save of
 * picks and a result of the same match, data/predictions/save-predictions.server.ts). SQLite has no such clause
 * and needs none: its writing transactions begin with the database's write lock (BEGIN
 * IMMEDIATE, below) and run one at a time. So the data code is written once, with its locks, and
 * on SQLite they are left out.
 */
class WithoutRowLocks implements KyselyPlugin {
  // A lock ends a statement's own select: only the root is looked at (no walk of every query).
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind !== "SelectQueryNode" || !node.endModifiers?.some(isRowLock)) return node;
    const kept = node.endModifiers.filter((modifier) => !isRowLock(modifier));
    return { ...node, endModifiers: kept.length > 0 ? kept : undefined };
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

const ROW_LOCKS: ReadonlySet<string> = new Set(["ForUpdate", "ForNoKeyUpdate", "ForShare", "ForKeyShare", "NoWait", "SkipLocked"]);
const isRowLock = (modifier: SelectModifierNode) => modifier.modifier !== undefined && ROW_LOCKS.has(modifier.modifier);

/** How many distinct query texts get a prepared statement on PostgreSQL (see preparingStatements). */
const PREPARED_TEXTS_MAX = 500;

/** The statements worth preparing: reads and writes of rows, never schema changes (migrations). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * PostgreSQL parses and plans an unnamed statement every time it runs, and Kysely sends every
 * query unnamed. A page runs the same few dozen texts each time: here each connection prepares a
 * text (a named statement) the first time it runs it there and reuses it after, which saves the
 * database that work on every request, and signed-in pages are served faster (decision 009). A text
 * keeps its name for the life of the process; past PREPARED_TEXTS_MAX distinct texts (lists of
 * ids of every length could otherwise make them endless) the rest run unnamed, as before.
 */
function preparingStatements(pool: pg.Pool, max = PREPARED_TEXTS_MAX): PostgresPool {
  // Only the named texts are kept: the others are not remembered, so the map stays within `max`.
  const names = new Map<string, string>();
  const nameOf = (text: string): string | null => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (names.size >= max || !PREPARABLE.test(text)) return null;
    const name = `quiniela_${names.size}`;
    names.set(text, name);
    return name;
  };
  return {
    async connect() {
      const client = await pool.connect();
      return {
        // A cursor (Kysely's streaming) goes through as it is.
        query: ((text: unknown, values: unknown[]) => {
          if (typeof text !== "string") return client.query(text as never);
          const name = nameOf(text);
          return name ? client.query({ name, text, values }) : client.query(text, values);
        }) as unknown as PostgresPoolClient["query"],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

/**
 * better-sqlite3 compiles a statement on every prepare(), and Kysely prepares every query it runs;
 * a page runs the same few dozen queries each time, so compiled statements are kept by their SQL
 * (at most 500; the oldest goes first) and reused. One being iterated (a streamed query) is busy:
 * then a fresh one is compiled.
 *
 * Kysely opens transactions with a plain BEGIN, which takes the write lock only at the first
 * write. With several processes on one file (server.js, WEB_CONCURRENCY), a transaction that
 * read first and then writes after another process committed fails at once with SQLITE_BUSY
 * (its snapshot is stale; busy_timeout cannot help). BEGIN IMMEDIATE takes the write lock at
 * the start, waiting for it up to busy_timeout, so transactions queue instead of failing.
 */
function reusingStatements(file: SQLite.Database, max = 500) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(sqlText: string): SQLite.Statement {
      const text = sqlText === "begin" ? "begin immediate" : sqlText;
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

/**
 * Whether the database answers a trivial query within `timeoutMs`; a query still waiting then
 * (a frozen or unreachable server) counts as no answer.
 */
export async function isDatabaseReachable(db: Kysely<Database>, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    // The query that loses the race is left to finish or fail on its own (race handles both).
    return await Promise.race([sql`select 1`.execute(db).then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
