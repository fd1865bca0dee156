import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, expect, test } from "vitest";
import { openDatabase } from "./db.server";

/** SQLite's handle (data/engine/db.server.ts), on a real file. */

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function sqliteHandle() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quiniela-db-"));
  folders.push(dataDir);
  return openDatabase({ dataDir });
}

test("row locks are PostgreSQL's: on SQLite a select with one runs without it", async () => {
  const { db } = sqliteHandle();
  try {
    await sql`create table matches (id integer)`.execute(db);
    const query = db.selectFrom("matches").select("id").forShare().where("id", "=", 1);
    expect(query.compile().sql).toBe('select "id" from "matches" where "id" = ?');
    // Where the clause stays, SQLite refuses the query.
    await expect(sql`select id from matches for share`.execute(db)).rejects.toThrow(/syntax error/);
    await expect(query.execute()).resolves.toEqual([]);
  } finally {
    await db.destroy();
  }
});
