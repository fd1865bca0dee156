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
    Number((await server.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
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
