import type { Kysely } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import { updatePrediction } from "#app/data/admin-predictions.server";
import { resetMatch, saveResult } from "#app/data/results.server";
import type { Database } from "#app/data/schema";
import { refreshAllScores } from "#app/data/standings.server";
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
      Object.entries(row).map(([key, value]) => [key, typeof value === "string" || value === null ? value : Number(value)]),
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
      .values({ id: `u${u}`, name: `Jugador ${u}`, email: `u${u}@quiniela.test`, email_verified: 0, created_at: NOW, updated_at: NOW })
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
      await saveResult(db, pick().id, { home: goals(), away: goals() });
    } else if (roll < 0.85) {
      const prediction = await db
        .selectFrom("predictions")
        .select("id")
        .where("match_id", "=", pick().id)
        .orderBy("id")
        .executeTakeFirst();
      if (prediction) {
        await updatePrediction(db, prediction.id, { home: goals(), away: goals() });
        corrections++;
      }
    } else {
      await resetMatch(db, pick().id);
      resets++;
    }
    if (step % 10 === 9) expect(await standings(), `paso ${step}`).toEqual(await rebuilt());
  }
  expect(resets).toBeGreaterThan(0);
  expect(corrections).toBeGreaterThan(0);

  // Every match of the knockout round with a result: bonuses are in play.
  for (const match of matches) await saveResult(db, match.id, { home: goals(), away: goals() });
  const final = await standings();
  expect(final).toEqual(await rebuilt());
  expect(final.total.length).toBeGreaterThan(0);
  const bonuses = await db.selectFrom("predictions").select("id").where("bonus", ">", 0).execute();
  expect(bonuses.length).toBeGreaterThan(0);
});
