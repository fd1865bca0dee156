import { sql } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";

import { runCompiled } from "#app/data/engine/compiled-queries.server";
import { keptUntilSeasonChanges, requestDatabase } from "#app/data/engine/kept-reads.server";

import { startTestServer, type TestServer } from "../support/server";

/**
 * The rush path's queries compiled once (data/engine/compiled-queries.server.ts), on SQLite and
 * PostgreSQL: each call gets its own values' rows, lists of another length get a text of their
 * own, the query's own constants stay, and a value written into the text is refused.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The season's matches of some phases, as the builder writes them: active ones, by id. */
const matchesOf = (values: { seasonId: number; phaseIds: readonly number[] }) =>
  runCompiled(server.db, "test-matches", values, (v) =>
    server.db
      .selectFrom("matches as m")
      .innerJoin("phases as p", "p.id", "m.phase_id")
      .select(["m.id", "m.phase_id"])
      .where("p.season_id", "=", v.seasonId)
      .where("m.phase_id", "in", v.phaseIds)
      // A constant of the query's own, among the values.
      .where("m.active", "in", [0, 1])
      .orderBy("m.id"),
  );

const built = (seasonId: number, phaseIds: number[]) =>
  server.db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .select(["m.id", "m.phase_id"])
    .where("p.season_id", "=", seasonId)
    .where("m.phase_id", "in", phaseIds)
    .orderBy("m.id")
    .execute();

test("each call runs with its own values; a list of another length has a text of its own", async () => {
  const seasons = await server.db.selectFrom("seasons").select("id").execute();
  const phases = await server.db.selectFrom("phases").select(["id", "season_id"]).orderBy("id").execute();
  expect(phases.length).toBeGreaterThan(3);
  for (const season of seasons) {
    const own = phases.filter((phase) => phase.season_id === season.id).map((phase) => phase.id);
    for (const phaseIds of [own.slice(0, 1), own.slice(1, 2), own.slice(0, 3), own.slice(2, 5)]) {
      const rows = await matchesOf({ seasonId: season.id, phaseIds });
      expect(rows).toEqual(await built(season.id, phaseIds));
    }
  }
  // Another season's id with these phases: nothing, as the builder's query says.
  const first = phases[0]!;
  expect(await matchesOf({ seasonId: first.season_id + 1000, phaseIds: [first.id] })).toEqual([]);
});

test("inside a transaction it runs on the transaction's connection", async () => {
  const phase = await server.db.selectFrom("phases").select("id").orderBy("id").executeTakeFirstOrThrow();
  const name = `Compilada ${Date.now()}`;
  const rename = (db: typeof server.db, value: string) =>
    runCompiled(db, "test-rename", { id: phase.id, name: value }, (v) =>
      db.updateTable("phases").set({ name: v.name }).where("id", "=", v.id),
    );
  const before = await server.db
    .selectFrom("phases")
    .select("name")
    .where("id", "=", phase.id)
    .executeTakeFirstOrThrow();
  await expect(
    server.db.transaction().execute(async (trx) => {
      await rename(trx, name);
      expect(
        (await trx.selectFrom("phases").select("name").where("id", "=", phase.id).executeTakeFirstOrThrow()).name,
      ).toBe(name);
      throw new Error("rollback");
    }),
  ).rejects.toThrow("rollback");
  expect(
    await server.db.selectFrom("phases").select("name").where("id", "=", phase.id).executeTakeFirstOrThrow(),
  ).toEqual(before);
});

test("the request's plugins still see each run: a write to the season's tables makes the request read the mark again", async () => {
  const phase = await server.db.selectFrom("phases").select(["id", "name"]).orderBy("id").executeTakeFirstOrThrow();
  const request = requestDatabase(server.db);
  let reads = 0;
  const read = () => keptUntilSeasonChanges(request, "test-compiled", async () => ++reads);
  await read();
  await read();
  expect(reads).toBe(1);
  await runCompiled(request, "test-rename", { id: phase.id, name: phase.name }, (v) =>
    request.updateTable("phases").set({ name: v.name }).where("id", "=", v.id),
  );
  await read();
  expect(reads).toBe(2);
});

test("a value written into the query's text is refused", async () => {
  await expect(
    runCompiled(server.db, "test-literal", { id: 1 }, (v) =>
      server.db
        .selectFrom("phases")
        .select("id")
        .where(sql<boolean>`id = ${sql.lit(v.id)}`),
    ),
  ).rejects.toThrow(/texto de la consulta/);
});
