import { sql } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";

import { form, registerUser, startTestServer, userIdOf, type TestServer } from "../support/server";

/**
 * Two instances of the app on two ports over one PostgreSQL database: nothing that matters lives
 * in a process. They start (and migrate, and seed) at the same time; a session made on one works
 * on the other; a burst of submissions of the same pick, spread over both, stores it once; the
 * sign-in limit counts across both. (SQLite is the one-instance setup: its file belongs to one
 * process, so these run in the PostgreSQL project only.)
 */

const postgres = process.env.TEST_ENGINE === "postgres";
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  if (postgres) [a, b] = await Promise.all([startTestServer(), startTestServer()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

test.runIf(postgres)("both started and migrated the one database", async () => {
  for (const server of [a, b]) {
    const health = await server.request("/healthz");
    expect(health.status).toBe(200);
    await health.text();
  }
  expect(a.url).not.toBe(b.url);
  const migrations = await sql<{ name: string }>`select name from kysely_migration`.execute(a.db);
  expect(migrations.rows.length).toBeGreaterThan(0);
  expect(new Set(migrations.rows.map((m) => m.name)).size).toBe(migrations.rows.length);
  // The season was seeded once, not once per instance.
  const count = async (table: "teams" | "phases" | "matches") =>
    Number(
      (
        await a.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  expect([await count("teams"), await count("phases"), await count("matches")]).toEqual([18, 23, 167]);
});

test.runIf(postgres)(
  "a session made on one instance works on the other, and signing out on it ends it on both",
  async () => {
    const cookie = await registerUser(a, { name: "Viajera", email: "viajera@quiniela.test" });
    const home = await b.request("/", { cookie });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Viajera");

    const logout = await b.request("/logout", { method: "POST", cookie });
    await logout.text();
    const after = await a.request("/", { cookie });
    await after.text();
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toMatch(/^\/login/);
  },
);

test.runIf(postgres)("the same pick sent 20 times at once over both instances is stored once", async () => {
  const cookie = await registerUser(b, { name: "Ráfaga", email: "rafaga@quiniela.test" });
  const match = await a.db.selectFrom("matches").select("id").orderBy("id").executeTakeFirstOrThrow();
  await a.db.updateTable("matches").set({ active: 1 }).where("id", "=", match.id).execute();

  const body = () => form({ matchId: String(match.id), [`home-${match.id}`]: "2", [`away-${match.id}`]: "1" });
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      (i % 2 === 0 ? a : b).request("/?index", { method: "POST", cookie, body: body() }),
    ),
  );
  const statuses = await Promise.all(responses.map(async (response) => (await response.text(), response.status)));
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);

  const user = await userIdOf(a, "rafaga@quiniela.test");
  const rows = await a.db
    .selectFrom("predictions")
    .select(["home_score", "away_score"])
    .where("user_id", "=", user)
    .execute();
  expect(rows).toEqual([{ home_score: 2, away_score: 1 }]);
});

test.runIf(postgres)("the sign-in limit per e-mail counts the attempts made on both instances", async () => {
  await registerUser(a, { name: "Objetivo", email: "objetivo@quiniela.test" });
  const attempt = async (server: TestServer) => {
    const response = await server.request("/login", {
      method: "POST",
      body: form({ email: "objetivo@quiniela.test", password: "equivocada" }),
    });
    await response.text();
    return response.status;
  };
  // 10 wrong passwords (the default limit), alternating instances: each is a plain refusal…
  for (let i = 0; i < 10; i++) expect(await attempt(i % 2 === 0 ? a : b)).toBe(401);
  // …and the 11th is refused for being one too many, whichever instance gets it.
  expect(await attempt(a)).toBe(429);
  expect(await attempt(b)).toBe(429);
});
