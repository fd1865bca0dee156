import { sql } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";

import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test("GET /healthz answers 200 with the database reachable", async () => {
  const response = await server.request("/healthz");
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});

test("a fresh database holds the season: 18 teams, 23 phases, 167 inactive fixtures without results", async () => {
  const count = async (table: "teams" | "phases" | "matches") =>
    Number(
      (
        await server.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  expect(await count("teams")).toBe(18);
  expect(await count("phases")).toBe(23);
  expect(await count("matches")).toBe(167);
  const played = await server.db
    .selectFrom("matches")
    .select("id")
    .where((eb) => eb.or([eb("active", "=", 1), eb("home_score", "is not", null), eb("kickoff_at", "is not", null)]))
    .execute();
  expect(played).toEqual([]);
});

test.runIf(process.env.TEST_ENGINE === "postgres")(
  "on PostgreSQL a query is prepared once per connection and reused; schema changes are never prepared",
  async () => {
    await server.db.connection().execute(async (connection) => {
      const read = () =>
        connection.selectFrom("users").select("id").where("email", "=", "nadie@quiniela.test").execute();
      await read();
      await read();
      await sql`create temporary table scratch_prepared (x integer)`.execute(connection);
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        connection,
      );
      const statements = prepared.rows.map((row) => row.statement);
      expect(statements.filter((text) => text.includes('from "users"') && text.includes('"email" = $1'))).toHaveLength(
        1,
      );
      expect(statements.some((text) => text.includes("scratch_prepared"))).toBe(false);
    });
  },
);

test.runIf(process.env.TEST_ENGINE === "postgres")(
  "on PostgreSQL at most 500 query texts are prepared by a process; the rest run unnamed",
  async () => {
    await server.db.connection().execute(async (connection) => {
      for (let i = 0; i < 600; i++) await sql.raw(`select ${i} as limite_de_preparadas`).execute(connection);
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        connection,
      );
      const mine = prepared.rows.filter((row) => row.statement.includes("limite_de_preparadas"));
      expect(mine.length).toBeGreaterThan(0);
      expect(prepared.rows.length).toBeLessThanOrEqual(500);
      expect(mine.some((row) => row.statement.startsWith("select 599 "))).toBe(false);
    });
  },
);

test("a page sent keeps nothing of its render alive: no timer is left behind per page", async () => {
  // entry.server.tsx guards each render with a timer; left pending, it held the page's whole
  // render for six seconds (400 MB live under load). Forty pages, then the timers still pending.
  // (A cookie, so that each page is rendered: the public pages' cache answers a visitor without one.)
  const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === "Timeout").length;
  const page = () => server.request("/login", { cookie: "visto=1" });
  await (await page()).text();
  const before = timers();
  for (let i = 0; i < 40; i++) {
    const response = await page();
    expect(response.status).toBe(200);
    await response.text();
  }
  expect(timers() - before).toBeLessThan(5);
});
