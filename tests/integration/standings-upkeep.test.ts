import type { Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";

import { SCRIPT_ACTOR } from "#app/data/changes/change-log.server";
import type { Database } from "#app/data/engine/schema";
import { deletePredictionsOfUser, deleteUser } from "#app/data/people/users.server";
import { updatePrediction } from "#app/data/predictions/admin-predictions.server";
import { savePredictions } from "#app/data/predictions/save-predictions.server";
import { resetMatch, saveResult } from "#app/data/results/match-results.server";
import { currentSeason } from "#app/data/seasons/current-season.server";
import { setMatchTeams } from "#app/data/seasons/matches.server";
import { setPhaseActive } from "#app/data/seasons/phases.server";
import { refreshAllScores } from "#app/data/standings/upkeep.server";

import { startTestServer, type TestServer } from "../support/server";

/**
 * The stored standings are kept up to date by adding and taking away the points of the matches
 * that change. Whatever the sequence of results, corrections and resets (knockout legs and their
 * bonus included), they must equal a rebuild from every prediction, on SQLite and PostgreSQL.
 */

let server: TestServer;
const NOW = new Date().toISOString();
const USERS = 12;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A small deterministic generator (mulberry32): the same sequence on every run and engine. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function standings(db: Kysely<Database> = server.db) {
  const phase = await db
    .selectFrom("standings_phase")
    .select(["phase_id", "user_id", "points", "exact_hits", "outcome_hits"])
    .orderBy("phase_id")
    .orderBy("user_id")
    .execute();
  const total = await db
    .selectFrom("standings_total")
    .select(["user_id", "points", "exact_hits", "outcome_hits"])
    .orderBy("user_id")
    .execute();
  // Each prediction's stored points too: a result writes only the rows whose points change.
  const predictions = await db.selectFrom("predictions").select(["id", "points", "bonus"]).orderBy("id").execute();
  const numbers = <T extends Record<string, unknown>>(row: T) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        typeof value === "string" || value === null ? value : Number(value),
      ]),
    );
  return { phase: phase.map(numbers), total: total.map(numbers), predictions: predictions.map(numbers) };
}

/** What a rebuild from every prediction gives, read inside a transaction that is then undone. */
async function rebuilt() {
  const undo = new Error("undo");
  let snapshot: Awaited<ReturnType<typeof standings>> | undefined;
  await server.db
    .transaction()
    .execute(async (trx) => {
      await refreshAllScores(trx);
      snapshot = await standings(trx);
      throw undo;
    })
    .catch((error: unknown) => {
      if (error !== undo) throw error;
    });
  return snapshot!;
}

test("results saved, corrected and reset keep the stored standings equal to a rebuild", async () => {
  const { db } = server;
  const next = random(2024);
  const goals = () => Math.floor(next() * 4);
  const matches = await db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .select(["m.id", "p.name"])
    .where((eb) => eb.or([eb("p.name", "in", ["Jornada 1", "Jornada 2"]), eb("p.name", "like", "%uartos%")]))
    .orderBy("m.id")
    .execute();
  expect(matches.some((match) => match.name.includes("uartos"))).toBe(true);

  for (let u = 0; u < USERS; u++) {
    await db
      .insertInto("users")
      .values({
        id: `u${u}`,
        name: `Jugador ${u}`,
        email: `u${u}@quiniela.test`,
        email_verified: 0,
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
    // Some users skip some matches: a missing leg earns no bonus.
    const picks = matches.filter(() => next() < 0.85);
    if (picks.length === 0) continue;
    await db
      .insertInto("predictions")
      .values(
        picks.map((match) => ({
          user_id: `u${u}`,
          match_id: match.id,
          home_score: goals(),
          away_score: goals(),
          activated: 1,
          created_at: NOW,
          updated_at: NOW,
        })),
      )
      .execute();
  }

  const pick = () => matches[Math.floor(next() * matches.length)]!;
  let resets = 0;
  let corrections = 0;
  for (let step = 0; step < 60; step++) {
    const roll = next();
    if (roll < 0.7) {
      await saveResult(db, pick().id, { home: goals(), away: goals() }, SCRIPT_ACTOR);
    } else if (roll < 0.85) {
      const prediction = await db
        .selectFrom("predictions")
        .select("id")
        .where("match_id", "=", pick().id)
        .orderBy("id")
        .executeTakeFirst();
      if (prediction) {
        await updatePrediction(db, prediction.id, { home: goals(), away: goals() }, SCRIPT_ACTOR);
        corrections++;
      }
    } else {
      await resetMatch(db, pick().id, SCRIPT_ACTOR);
      resets++;
    }
    if (step % 10 === 9) expect(await standings(), `paso ${step}`).toEqual(await rebuilt());
  }
  expect(resets).toBeGreaterThan(0);
  expect(corrections).toBeGreaterThan(0);

  // Every match of the knockout round with a result: bonuses are in play.
  for (const match of matches) await saveResult(db, match.id, { home: goals(), away: goals() }, SCRIPT_ACTOR);
  const final = await standings();
  expect(final).toEqual(await rebuilt());
  expect(final.total.length).toBeGreaterThan(0);
  const bonuses = await db.selectFrom("predictions").select("id").where("bonus", ">", 0).execute();
  expect(bonuses.length).toBeGreaterThan(0);
});

/**
 * A save of picks and a result (or an activation) of the same match at the same moment, on
 * PostgreSQL, where transactions run side by side (SQLite runs one writing transaction at a
 * time). One side is held half-way on a connection of its own while the other runs: the pick must
 * be scored (or activated) by the other, or refused because of it; never stored after it and
 * left unscored or hidden.
 */
const postgres = process.env.TEST_ENGINE === "postgres";

/**
 * An open match of the current season (active, teams known, no result, no kickoff, phase not
 * activated), without picks if asked, and a new player.
 */
async function openMatchAndPlayer(name: string, { unpicked = false } = {}) {
  const { db } = server;
  const match = await db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .select(["m.id", "m.phase_id", "m.home_team_id", "m.away_team_id"])
    .where("p.name", "=", "Jornada 5")
    .where("m.home_score", "is", null)
    .where("m.home_team_id", "is not", null)
    .where("m.away_team_id", "is not", null)
    .$if(unpicked, (query) =>
      query.where(({ exists, not, selectFrom }) =>
        not(exists(selectFrom("predictions").select("id").whereRef("match_id", "=", "m.id"))),
      ),
    )
    .orderBy("m.id")
    .executeTakeFirstOrThrow();
  await db.updateTable("matches").set({ active: 1, kickoff_at: null }).where("id", "=", match.id).execute();
  await db.updateTable("phases").set({ activated_at: null }).where("id", "=", match.phase_id).execute();
  await db
    .insertInto("users")
    .values({ id: name, name, email: `${name}@quiniela.test`, email_verified: 0, created_at: NOW, updated_at: NOW })
    .execute();
  return {
    matchId: match.id,
    phaseId: match.phase_id,
    userId: name,
    teams: { homeTeamId: match.home_team_id!, awayTeamId: match.away_team_id! },
  };
}

/** A connection of its own, with a transaction begun on it. */
async function heldTransaction() {
  const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
  await client.connect();
  await client.query("begin");
  return client;
}

/** Whether the promise is still waiting after `ms`. */
async function stillWaiting(promise: Promise<unknown>, ms = 300): Promise<boolean> {
  const waiting = Symbol("waiting");
  return (await Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve(waiting), ms))])) === waiting;
}

test.runIf(postgres)(
  "a save of picks that starts while its match's result is being saved waits for it, then is refused",
  async () => {
    const { matchId, userId } = await openMatchAndPlayer("carrera-1");
    const season = await currentSeason(server.db);
    // The result, half-way: its match locked and updated (as data/standings/upkeep.server.ts does), not committed.
    const result = await heldTransaction();
    try {
      await result.query("select id from matches where id = $1 for no key update", [matchId]);
      await result.query("update matches set home_score = 2, away_score = 1 where id = $1", [matchId]);
      const save = savePredictions(server.db, userId, [{ matchId, home: 2, away: 1 }], season);
      expect(await stillWaiting(save)).toBe(true);
      await result.query("commit");
      expect(await save).toEqual({ ok: false, message: expect.stringContaining("El partido ya tiene resultado") });
    } finally {
      await result.end();
    }
    expect(await server.db.selectFrom("predictions").select("id").where("user_id", "=", userId).execute()).toEqual([]);
  },
);

test.runIf(postgres)(
  "a result saved while a save of its match's picks is under way waits for it, then scores the pick",
  async () => {
    const { matchId, userId } = await openMatchAndPlayer("carrera-2");
    // The save, half-way: its match read with the lock data/predictions/save-predictions.server.ts takes, the pick inserted, not committed.
    const save = await heldTransaction();
    let result: Promise<unknown> | undefined;
    try {
      await save.query("select id from matches where id = $1 for share", [matchId]);
      // A scoreline nobody else picked: the result must score it although the pick came in after the result began.
      await save.query(
        "insert into predictions (user_id, match_id, home_score, away_score, created_at, updated_at) values ($1, $2, 7, 6, $3, $3)",
        [userId, matchId, NOW],
      );
      result = saveResult(server.db, matchId, { home: 7, away: 6 }, SCRIPT_ACTOR);
      expect(await stillWaiting(result)).toBe(true);
      await save.query("commit");
      await result;
    } finally {
      await save.end();
      await result?.catch(() => {});
    }
    const pick = await server.db
      .selectFrom("predictions")
      .select("points")
      .where("user_id", "=", userId)
      .where("match_id", "=", matchId)
      .executeTakeFirstOrThrow();
    expect(pick.points).toBe((await currentSeason(server.db)).rules.pointsExact);
    expect(await standings()).toEqual(await rebuilt());
  },
);

test.runIf(postgres)(
  "a save of picks that starts while its phase is being activated waits for it, then is refused",
  async () => {
    const { matchId, phaseId, userId } = await openMatchAndPlayer("carrera-3");
    const season = await currentSeason(server.db);
    // The activation, half-way: its phase locked and marked (as data/seasons/phases.server.ts does), not committed.
    const activation = await heldTransaction();
    try {
      await activation.query("select id from phases where id = $1 for no key update", [phaseId]);
      await activation.query("update phases set activated_at = $2 where id = $1", [phaseId, NOW]);
      const save = savePredictions(server.db, userId, [{ matchId, home: 1, away: 1 }], season);
      expect(await stillWaiting(save)).toBe(true);
      await activation.query("commit");
      expect(await save).toEqual({ ok: false, message: expect.stringContaining("La jornada ya fue activada") });
    } finally {
      await activation.end();
    }
    expect(await server.db.selectFrom("predictions").select("id").where("user_id", "=", userId).execute()).toEqual([]);
  },
);

test.runIf(postgres).each([
  ["finished", "carrera-8", `finished_at = '${NOW}'`, { finished_at: null }, "está terminada"],
  [
    "left for another ('Hacer actual')",
    "carrera-9",
    "is_current = 0",
    { is_current: 1 },
    "no es de la temporada actual",
  ],
] as const)(
  "a save of picks that starts while its season is being %s waits for it, then is refused",
  async (_, name, change, undo, refusal) => {
    const { matchId, userId } = await openMatchAndPlayer(name);
    const season = await currentSeason(server.db);
    // 'Terminar temporada' or 'Hacer actual' of another season, half-way: the season's row changed, not committed.
    const admin = await heldTransaction();
    try {
      await admin.query(`update seasons set ${change} where id = $1`, [season.id]);
      const save = savePredictions(server.db, userId, [{ matchId, home: 1, away: 1 }], season);
      expect(await stillWaiting(save)).toBe(true);
      await admin.query("commit");
      expect(await save).toEqual({ ok: false, message: expect.stringContaining(refusal) });
    } finally {
      await admin.end();
      await server.db.updateTable("seasons").set(undo).where("id", "=", season.id).execute();
    }
    expect(await server.db.selectFrom("predictions").select("id").where("user_id", "=", userId).execute()).toEqual([]);
  },
);

test.runIf(postgres)(
  "a phase switched off while a save of its picks is under way waits for it, without a deadlock",
  async () => {
    const { matchId, phaseId } = await openMatchAndPlayer("carrera-4");
    // The save, half-way: it has locked its match (data/predictions/save-predictions.server.ts locks each match, then its phase).
    const save = await heldTransaction();
    let toggle: ReturnType<typeof setPhaseActive> | undefined;
    try {
      await save.query("select id from matches where id = $1 for share", [matchId]);
      toggle = setPhaseActive(server.db, phaseId, false, SCRIPT_ACTOR);
      expect(await stillWaiting(toggle)).toBe(true);
      // Its phase next: had the switch locked the phase before its matches, each would now wait
      // for the other, and PostgreSQL would fail one of them ('deadlock detected').
      await save.query("select id from phases where id = $1 for share", [phaseId]);
      await save.query("commit");
      expect(await toggle).toMatchObject({ ok: true });
    } finally {
      await save.end();
      await toggle?.catch(() => {});
    }
  },
);

test.runIf(postgres)(
  "a match's teams changed while a save of its picks is under way wait for it, then are refused",
  async () => {
    const { matchId, userId, teams } = await openMatchAndPlayer("carrera-5", { unpicked: true });
    // The save, half-way: its match locked, the pick inserted, not committed.
    const save = await heldTransaction();
    let change: ReturnType<typeof setMatchTeams> | undefined;
    try {
      await save.query("select id from matches where id = $1 for share", [matchId]);
      await save.query(
        "insert into predictions (user_id, match_id, home_score, away_score, created_at, updated_at) values ($1, $2, 1, 0, $3, $3)",
        [userId, matchId, NOW],
      );
      change = setMatchTeams(server.db, matchId, { homeTeamId: teams.awayTeamId, awayTeamId: teams.homeTeamId });
      expect(await stillWaiting(change)).toBe(true);
      await save.query("commit");
      expect(await change).toEqual({
        ok: false,
        message: "El partido ya tiene pronósticos: sus equipos no se pueden cambiar",
      });
    } finally {
      await save.end();
      await change?.catch(() => {});
    }
    const match = await server.db
      .selectFrom("matches")
      .select(["home_team_id", "away_team_id"])
      .where("id", "=", matchId)
      .executeTakeFirstOrThrow();
    expect(match).toEqual({ home_team_id: teams.homeTeamId, away_team_id: teams.awayTeamId });
  },
);

test.runIf(postgres).each([
  [
    "'Eliminar Predicciones'",
    "carrera-6",
    (userId: string) => deletePredictionsOfUser(server.db, userId, SCRIPT_ACTOR),
  ],
  ["deleting the account", "carrera-7", (userId: string) => deleteUser(server.db, userId, SCRIPT_ACTOR)],
] as const)(
  "%s while a result of one of the player's matches is being saved waits for it; no points stay behind",
  async (_, name, remove) => {
    const { matchId, userId } = await openMatchAndPlayer(name);
    expect(
      await savePredictions(server.db, userId, [{ matchId, home: 2, away: 1 }], await currentSeason(server.db)),
    ).toMatchObject({ ok: true });
    // The result, half-way: its match locked (as data/standings/upkeep.server.ts does before it reads the picks).
    const result = await heldTransaction();
    let removal: Promise<unknown> | undefined;
    try {
      await result.query("select id from matches where id = $1 for no key update", [matchId]);
      removal = remove(userId);
      // Had the removal gone ahead, the result would have read the pick, and written back the
      // standings row the removal had just deleted.
      expect(await stillWaiting(removal)).toBe(true);
      await result.query("commit");
      await removal;
    } finally {
      await result.end();
      await removal?.catch(() => {});
    }
    await saveResult(server.db, matchId, { home: 2, away: 1 }, SCRIPT_ACTOR);
    expect(
      await server.db.selectFrom("standings_total").select("user_id").where("user_id", "=", userId).execute(),
    ).toEqual([]);
    expect(await standings()).toEqual(await rebuilt());
  },
);
