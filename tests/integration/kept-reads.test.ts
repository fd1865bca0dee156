import { sql } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";

import { openDatabase } from "#app/data/engine/db.server";
import { keptUntilSeasonChanges, noteSeasonMark, requestDatabase } from "#app/data/engine/kept-reads.server";
import { SEASON_SHAPE_TABLES } from "#app/data/engine/migrations/0006_season_mark";

import { createUser } from "../support/accounts";
import { activatePhase, currentSeasonId, form, requestText, startTestServer, type TestServer } from "../support/server";

/**
 * The current season and its phases are kept in memory until the season's tables change
 * (data/engine/kept-reads.server.ts, migration 0006), on SQLite and PostgreSQL. A change by any
 * connection is seen at the next read; a change elsewhere, or one rolled back, leaves the kept
 * value in use; a transaction never gets one.
 */

let server: TestServer;
/** A second connection of the test's, the one that keeps (server.db makes the changes). */
let reader: ReturnType<typeof openDatabase>;

beforeAll(async () => {
  // No microcache of public pages: /rankings is rendered for every request below.
  server = await startTestServer({ PAGE_CACHE_MS: "0" });
  reader = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR! });
});
afterAll(async () => {
  await reader?.db.destroy();
  await server?.close();
});

/** A read that counts how often it runs. */
function countedRead() {
  let reads = 0;
  return {
    get reads() {
      return reads;
    },
    read: async () => {
      reads++;
      return { phases: [{ name: `lectura ${reads}` }] };
    },
  };
}

test("kept while the season's tables stay as they are; read again after a change to any of them by another connection", async () => {
  const counted = countedRead();
  const first = await keptUntilSeasonChanges(reader.db, "prueba", counted.read);
  expect(await keptUntilSeasonChanges(reader.db, "prueba", counted.read)).toBe(first);
  expect(counted.reads).toBe(1);

  for (const [i, table] of SEASON_SHAPE_TABLES.entries()) {
    // An update that changes no value still counts as a change.
    await sql`update ${sql.table(table)} set id = id where id = (select min(id) from ${sql.table(table)})`.execute(
      server.db,
    );
    await keptUntilSeasonChanges(reader.db, "prueba", counted.read);
    await keptUntilSeasonChanges(reader.db, "prueba", counted.read);
    expect(counted.reads, table).toBe(2 + i);
  }
});

test("changes to other tables, and changes rolled back, leave the kept value in use", async () => {
  const counted = countedRead();
  await keptUntilSeasonChanges(reader.db, "otra", counted.read);
  await server.db.updateTable("users").set({ updated_at: new Date().toISOString() }).execute();
  await server.db.updateTable("standings_total").set({ points: 0 }).where("points", "<", 0).execute();
  await expect(
    server.db.transaction().execute(async (trx) => {
      await trx.updateTable("matches").set({ active: 1 }).execute();
      throw new Error("deshecho");
    }),
  ).rejects.toThrow("deshecho");
  await keptUntilSeasonChanges(reader.db, "otra", counted.read);
  expect(counted.reads).toBe(1);
});

test.skipIf(process.env.TEST_ENGINE !== "postgres")(
  "PostgreSQL: two transactions that change the season's tables and another row in opposite orders both commit (the mark moves at commit, never in a circle of waits)",
  async () => {
    // A result's save changes its match, then the predictions of it; an activation the
    // predictions of a phase, then the phase. Here: a team's row stands for the other table's rows.
    const [team] = await server.db.selectFrom("teams").select("id").orderBy("id").limit(1).execute();
    const phases = await server.db.selectFrom("phases").select("id").orderBy("id").limit(2).execute();
    const touchPhase = (id: number) => sql`update phases set id = id where id = ${id}`;
    const touchTeam = sql`update teams set name = name where id = ${team!.id}`;
    const lockWaits = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(
            server.db,
          )
        ).rows[0]?.n,
      );
    let second: Promise<void> | undefined;
    await server.db.transaction().execute(async (first) => {
      await touchTeam.execute(first);
      // The second changes a phase, then waits for the row the first holds…
      second = reader.db.transaction().execute(async (trx) => {
        await touchPhase(phases[0]!.id).execute(trx);
        await touchTeam.execute(trx);
      });
      while ((await lockWaits()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      // …while the first changes another phase: had the second's change moved the mark already
      // (and so held its row), each would now wait for the other.
      await touchPhase(phases[1]!.id).execute(first);
    });
    await second;
  },
);

test("a transaction reads for itself, every time; a kept value cannot be changed by whoever gets it", async () => {
  const counted = countedRead();
  await reader.db.transaction().execute(async (trx) => {
    await keptUntilSeasonChanges(trx, "en-transaccion", counted.read);
    await keptUntilSeasonChanges(trx, "en-transaccion", counted.read);
  });
  expect(counted.reads).toBe(2);

  const kept = await keptUntilSeasonChanges(reader.db, "congelado", counted.read);
  expect(() => kept.phases.push({ name: "otra" })).toThrow(TypeError);
  expect(() => {
    (kept.phases[0] as { name: string }).name = "cambiado";
  }).toThrow(TypeError);
});

test("a page shows a change made straight in the database at once: a phase's name, then the season's", async () => {
  const seasonId = await currentSeasonId(server);
  expect((await requestText(server, "/rankings")).body).toContain("Jornada 1");

  await server.db
    .updateTable("phases")
    .set({ name: "Jornada Uno" })
    .where("season_id", "=", seasonId)
    .where("name", "=", "Jornada 1")
    .execute();
  expect((await requestText(server, "/rankings")).body).toContain("Jornada Uno");

  await server.db.updateTable("seasons").set({ name: "Temporada renombrada" }).where("id", "=", seasonId).execute();
  expect((await requestText(server, "/rankings")).body).toContain("Temporada renombrada");
});

/** Moves the mark from the test's other connection: an update of a phase that changes no value. */
const touchPhaseElsewhere = () =>
  sql`update phases set id = id where id = (select min(id) from phases)`.execute(server.db);

test("one request reads the mark once: its kept reads agree even if the season changes meanwhile; the next request sees the change", async () => {
  const counted = countedRead();
  const request = requestDatabase(reader.db);
  const first = await keptUntilSeasonChanges(request, "una-peticion", counted.read);
  await touchPhaseElsewhere();
  expect(await keptUntilSeasonChanges(request, "una-peticion", counted.read)).toBe(first);
  expect(counted.reads).toBe(1);

  const next = requestDatabase(reader.db);
  expect(await keptUntilSeasonChanges(next, "una-peticion", counted.read)).not.toBe(first);
  expect(counted.reads).toBe(2);

  // The mark the session read brings along (seasonMarkColumn, noteSeasonMark) is the one the
  // request uses: given one older than the value kept now, the request reads the value again.
  const current = Number(
    (await sql<{ n: number }>`select n from change_marks where name = 'season'`.execute(reader.db)).rows[0]!.n,
  );
  const given = requestDatabase(reader.db);
  noteSeasonMark(given, current - 1);
  await keptUntilSeasonChanges(given, "una-peticion", counted.read);
  expect(counted.reads).toBe(3);
});

test("a request's own write to the season's tables is seen by what it reads next; a write to other tables keeps its mark", async () => {
  const counted = countedRead();
  const request = requestDatabase(reader.db);
  await keptUntilSeasonChanges(request, "escribe", counted.read);
  await touchPhaseElsewhere();

  await request.updateTable("users").set({ updated_at: new Date().toISOString() }).execute();
  await keptUntilSeasonChanges(request, "escribe", counted.read);
  expect(counted.reads).toBe(1);

  await request.transaction().execute((trx) =>
    trx
      .updateTable("phases")
      .set({ name: sql`name` })
      .where("id", "=", -1)
      .execute(),
  );
  await keptUntilSeasonChanges(request, "escribe", counted.read);
  expect(counted.reads).toBe(2);

  await touchPhaseElsewhere();
  await request.deleteFrom("matches as m").where("m.id", "=", -1).execute();
  await keptUntilSeasonChanges(request, "escribe", counted.read);
  expect(counted.reads).toBe(3);
});

test("a form sent without JavaScript answers with its page as the action left it (the action and the page in one request)", async () => {
  const admin = await createUser(server, { name: "Administración", email: server.env.ADMIN_EMAIL! });
  const { phaseId } = await activatePhase(server, "Jornada 2");
  const NONE_YET = "Aún no se ha activado ninguna jornada.";
  expect((await requestText(server, "/admin/activar-quinielas", { cookie: admin })).body).toContain(NONE_YET);

  const answer = await requestText(server, "/admin/activar-quinielas", {
    method: "POST",
    body: form({ intent: "activate", phaseId: String(phaseId) }),
    cookie: admin,
  });
  expect(answer.status).toBe(200);
  expect(answer.body).toContain("Jornada activada");
  expect(answer.body).not.toContain(NONE_YET);
});
