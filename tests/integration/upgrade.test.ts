import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";

import { openDatabase, sqliteFile } from "#app/data/engine/db.server";
import type { Database } from "#app/data/engine/schema";
import { refreshPositions } from "#app/data/standings/positions-upkeep.server";
import { refreshAllScores } from "#app/data/standings/upkeep.server";

import { form, loginUser, requestText, startTestServer, type TestServer } from "../support/server";

/**
 * The upgrade to seasons (migration 0004) on a database written by the previous release, a
 * season in progress (tests/fixtures/upgrade/README.md: the demo with the last weeks unplayed, a
 * two-legged tie half played): nothing is lost, the standings stay exactly as they were, and the
 * upgraded season plays on.
 */

const SEASON_NAME = "Liga MX · Clausura 2024 (oficina)";
const FIXTURES = path.resolve("tests/fixtures/upgrade");

let server: TestServer;
let before: Snapshot;

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** What the previous release stored, in columns both schemas have. */
async function snapshot(db: Kysely<Database>) {
  const rows = <T>(query: Promise<T[]>) => query;
  return {
    users: await rows(db.selectFrom("users").select(["id", "email", "display_name", "role"]).orderBy("id").execute()),
    teams: await rows(db.selectFrom("teams").select(["id", "name", "short_code"]).orderBy("id").execute()),
    phases: await rows(
      db.selectFrom("phases").select(["id", "name", "position", "activated_at"]).orderBy("id").execute(),
    ),
    matches: await rows(
      db
        .selectFrom("matches")
        .select([
          "id",
          "phase_id",
          "home_team_id",
          "away_team_id",
          "kickoff_at",
          "home_score",
          "away_score",
          "active",
          "is_first_leg",
        ])
        .orderBy("id")
        .execute(),
    ),
    predictions: await rows(
      db
        .selectFrom("predictions")
        .select(["id", "user_id", "match_id", "home_score", "away_score", "activated", "points", "bonus"])
        .orderBy("id")
        .execute(),
    ),
    standingsTotal: (
      await db
        .selectFrom("standings_total")
        .select(["user_id", "points", "exact_hits", "outcome_hits"])
        .orderBy("user_id")
        .execute()
    ).map((row) => ({
      ...row,
      points: Number(row.points),
      exact_hits: Number(row.exact_hits),
      outcome_hits: Number(row.outcome_hits),
    })),
    standingsPhase: (
      await db
        .selectFrom("standings_phase")
        .select(["phase_id", "user_id", "points", "exact_hits", "outcome_hits"])
        .orderBy("phase_id")
        .orderBy("user_id")
        .execute()
    ).map((row) => ({
      ...row,
      points: Number(row.points),
      exact_hits: Number(row.exact_hits),
      outcome_hits: Number(row.outcome_hits),
    })),
    quinielas: await rows(
      db.selectFrom("quinielas").select(["id", "name", "owner_id", "invite_code"]).orderBy("id").execute(),
    ),
    poolMembers: await rows(
      db
        .selectFrom("quiniela_participants")
        .select(["quiniela_id", "user_id"])
        .orderBy("quiniela_id")
        .orderBy("user_id")
        .execute(),
    ),
    poolMatches: await rows(
      db
        .selectFrom("quiniela_matches")
        .select(["quiniela_id", "match_id"])
        .orderBy("quiniela_id")
        .orderBy("match_id")
        .execute(),
    ),
    accounts: await rows(db.selectFrom("accounts").select(["id", "user_id", "password"]).orderBy("id").execute()),
  };
}

/** Puts the previous release's database where the server will find it (DATA_DIR or DATABASE_URL). */
async function restoreFixture(): Promise<void> {
  if (process.env.TEST_ENGINE === "postgres") {
    const dump = zlib
      .gunzipSync(fs.readFileSync(path.join(FIXTURES, "previous-release.postgres.sql.gz")))
      .toString("utf8");
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(dump);
    } finally {
      await client.end();
    }
  } else {
    fs.writeFileSync(
      sqliteFile(process.env.DATA_DIR!),
      zlib.gunzipSync(fs.readFileSync(path.join(FIXTURES, "previous-release.sqlite.gz"))),
    );
  }
}

beforeAll(async () => {
  await restoreFixture();
  const old = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR! });
  before = await snapshot(old.db);
  await old.db.destroy();
  expect(before.predictions.length).toBeGreaterThan(3000);
  expect(before.matches.some((match) => match.home_score === null)).toBe(true);
  server = await startTestServer({ SEASON_NAME });
});
afterAll(() => server?.close());

test("every row is kept: users, accounts, teams, phases, matches, predictions with their points, pools", async () => {
  const after = await snapshot(server.db);
  for (const table of [
    "users",
    "accounts",
    "teams",
    "phases",
    "matches",
    "predictions",
    "quinielas",
    "poolMembers",
    "poolMatches",
  ] as const) {
    expect(after[table], table).toEqual(before[table]);
  }
});

test("the upgrade fills the table after each completed jornada (0012), as the upkeep writes it", async () => {
  const positions = async () =>
    (
      await server.db
        .selectFrom("standings_after_phase")
        .select(["phase_id", "user_id", "place", "points", "exact_hits", "outcome_hits"])
        .orderBy("phase_id")
        .orderBy("user_id")
        .execute()
    ).map((row) => ({
      ...row,
      place: Number(row.place),
      points: Number(row.points),
      exact_hits: Number(row.exact_hits),
      outcome_hits: Number(row.outcome_hits),
    }));
  const filled = await positions();
  const phases = new Set(filled.map((row) => row.phase_id));
  expect(phases.size).toBeGreaterThan(1);
  for (const row of filled) {
    const ahead = filled.filter(
      (other) =>
        other.phase_id === row.phase_id &&
        [other.points - row.points, other.exact_hits - row.exact_hits, other.outcome_hits - row.outcome_hits].find(
          (d) => d !== 0,
        )! > 0,
    );
    expect(row.place).toBe(ahead.length + 1);
  }
  // Written again by the upkeep from the same stored standings: the same rows.
  await server.db.transaction().execute(async (trx) => {
    const seasons = await trx.selectFrom("seasons").select("id").execute();
    for (const season of seasons) await refreshPositions(trx, season.id, null);
  });
  expect(await positions()).toEqual(filled);
});

test("the standings are exactly the previous release's, overall and per phase, and the new code computes the same", async () => {
  const after = await snapshot(server.db);
  expect(after.standingsTotal).toEqual(before.standingsTotal);
  expect(after.standingsPhase).toEqual(before.standingsPhase);
  // Recomputed from the predictions by this release's rules: the same tables.
  await server.db.transaction().execute((trx) => refreshAllScores(trx));
  const recomputed = await snapshot(server.db);
  expect(recomputed.standingsTotal).toEqual(before.standingsTotal);
  expect(recomputed.standingsPhase).toEqual(before.standingsPhase);
  expect(recomputed.predictions).toEqual(before.predictions);
});

test("the standings tables are kept cheaply (0005): no index on points; on PostgreSQL, room for updates in place", async () => {
  const indexes =
    process.env.TEST_ENGINE === "postgres"
      ? await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where tablename = 'standings_total'`.execute(server.db)
      : await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and tbl_name = 'standings_total'`.execute(server.db);
  expect(indexes.rows.map((row) => row.name)).not.toContain("standings_total_order_idx");
  if (process.env.TEST_ENGINE !== "postgres") return;
  const options = await sql<{ relname: string; reloptions: string[] | null }>`
    select relname, reloptions from pg_class where relname in ('standings_total', 'standings_phase', 'predictions') order by relname`.execute(
    server.db,
  );
  expect(options.rows).toEqual([
    { relname: "predictions", reloptions: ["fillfactor=90"] },
    { relname: "standings_phase", reloptions: ["fillfactor=70"] },
    { relname: "standings_total", reloptions: ["fillfactor=70"] },
  ]);
});

test("the season's mark (0006) is there and moves with a change to the upgraded season's matches", async () => {
  const mark = async () =>
    Number((await sql<{ n: number }>`select n from change_marks where name = 'season'`.execute(server.db)).rows[0]?.n);
  const before = await mark();
  // A change of no value is a change all the same.
  await sql`update matches set id = id where id = (select min(id) from matches)`.execute(server.db);
  expect(await mark()).toBe(before + 1);
});

test("the matches become one season named SEASON_NAME, current, of 'Liga MX', with the original's rules", async () => {
  const seasons = await server.db
    .selectFrom("seasons as s")
    .innerJoin("competitions as c", "c.id", "s.competition_id")
    .select([
      "s.id",
      "s.name",
      "s.is_current",
      "s.finished_at",
      "s.points_exact",
      "s.points_outcome",
      "s.two_leg_bonus",
      "s.knockout_score",
      "s.editable_picks",
      "c.name as competition",
    ])
    .execute();
  expect(seasons).toEqual([
    {
      id: seasons[0]!.id,
      name: SEASON_NAME,
      is_current: 1,
      finished_at: null,
      points_exact: 3,
      points_outcome: 1,
      two_leg_bonus: 1,
      knockout_score: "90",
      editable_picks: 0,
      competition: "Liga MX",
    },
  ]);
  const id = seasons[0]!.id;
  const phaseSeasons = await server.db.selectFrom("phases").select("season_id").distinct().execute();
  expect(phaseSeasons).toEqual([{ season_id: id }]);
  expect(
    await server.db.selectFrom("season_teams").select("team_id").where("season_id", "=", id).execute(),
  ).toHaveLength(18);
  expect(
    (await server.db.selectFrom("quinielas").select("season_id").distinct().execute()).map((row) => row.season_id),
  ).toEqual([id]);
  // The engine's own checks: no reference left dangling by the rebuilt tables.
  if (server.engine === "sqlite") expect((await sql`pragma foreign_key_check`.execute(server.db)).rows).toEqual([]);
  // The name lives in the database now: the home page shows it.
  const admin = await loginUser(server, { email: "admin@quiniela.local", password: "quiniela2024" });
  const home = await requestText(server, "/", { cookie: admin });
  expect(home.body).toContain(SEASON_NAME);
});

test("the upgraded season plays on: the tie's second leg scores its bonus in the stored table", async () => {
  const admin = await loginUser(server, { email: "admin@quiniela.local", password: "quiniela2024" });
  const vuelta = await server.db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .select(["m.id", "m.phase_id"])
    .where("p.name", "=", "Cuartos Vuelta")
    .orderBy("m.id")
    .executeTakeFirstOrThrow();
  await server.db.updateTable("matches").set({ active: 1 }).where("phase_id", "=", vuelta.phase_id).execute();
  const saved = await requestText(server, "/admin/results", {
    method: "POST",
    body: form({ intent: "save-result", matchId: String(vuelta.id), home: "2", away: "1" }),
    cookie: admin,
  });
  expect(saved.status, saved.body).toBe(200);
  const stored = await snapshot(server.db);
  await server.db.transaction().execute((trx) => refreshAllScores(trx));
  const recomputed = await snapshot(server.db);
  expect(stored.standingsTotal).toEqual(recomputed.standingsTotal);
  expect(stored.predictions).toEqual(recomputed.predictions);
  expect(recomputed.predictions.some((prediction) => prediction.match_id === vuelta.id && prediction.bonus > 0)).toBe(
    true,
  );
});
