import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { refreshAllScores } from "#app/data/standings/upkeep.server";
import type { HomeStanding } from "#app/domain/standings/home-summary";
import type { Movement } from "#app/domain/standings/movement";
import { TIE_BREAK } from "#app/domain/standings/winners";

import { createUser } from "../support/accounts";
import { activatePhase, requestText, routeData, startTestServer, type TestServer } from "../support/server";

/**
 * /rankings tells the season's story (issue 46, items 1 and 2), on both engines: a completed
 * jornada's table names its winners (ties share it, nobody when nobody scored, nobody before its
 * last result), the overall table counts 'Jornadas ganadas' and shows each player's movement since
 * the jornada before the last completed one, the very figure of the home page, and the tie-break
 * is written under the tables. Data goes straight into the database; refreshAllScores() fills the
 * stored tables.
 */

let server: TestServer;
const NOW = new Date().toISOString();
const PLAYERS = ["Ana", "Beto", "Carla", "Valeria"] as const;
type Player = (typeof PLAYERS)[number];
const cookies = {} as Record<Player, string>;
const ids = {} as Record<Player, string>;
const phase: Record<string, { id: number; matches: number[] }> = {};

interface Row {
  userId: string;
  name: string;
  rank: number;
  points: number;
  won?: number;
  movement?: Movement | null;
}
interface RankingsData {
  table: { rows: Row[] };
  winners: string[] | null;
}

const rankings = async (query = "") =>
  (await routeData(server, `/rankings.data${query}`, "routes/rankings")).data as RankingsData;
const jornada = (name: string) => rankings(`?jornada=${phase[name]!.id}`);
const html = async (query = "") => (await requestText(server, `/rankings${query}`)).body;
const homeMovement = async (player: Player) => {
  const data = (await routeData(server, "/_root.data", "routes/index", cookies[player])).data as {
    standing: HomeStanding;
  };
  return data.standing.place?.movement ?? null;
};

/** Picks for a phase's matches by index: 'exact' (1-0, 3 points), 'outcome' (2-0, 1 point), 'wrong' (0-1, 0). */
async function picks(player: Player, phaseName: string, kinds: ("exact" | "outcome" | "wrong")[]) {
  const scores = { exact: [1, 0], outcome: [2, 0], wrong: [0, 1] } as const;
  const rows = kinds.map((kind, index) => ({
    user_id: ids[player],
    match_id: phase[phaseName]!.matches[index]!,
    home_score: scores[kind][0],
    away_score: scores[kind][1],
    created_at: NOW,
    updated_at: NOW,
  }));
  await server.db.insertInto("predictions").values(rows).execute();
}

/** These matches of a phase 1-0 (from `from`, up to `to`), then the stored standings refreshed. */
async function results(phaseName: string, from = 0, to?: number) {
  await server.db
    .updateTable("matches")
    .set({ home_score: 1, away_score: 0, updated_at: NOW })
    .where("id", "in", phase[phaseName]!.matches.slice(from, to))
    .execute();
  await refreshAllScores(server.db);
}

const nine = <T extends string>(value: T): T[] => Array.from({ length: 9 }, () => value);
const byName = (rows: Row[]) => Object.fromEntries(rows.map((row) => [row.name, row]));

beforeAll(async () => {
  server = await startTestServer({ PAGE_CACHE_MS: "0" });
  for (const name of PLAYERS) {
    cookies[name] = await createUser(server, { name, email: `${name.toLowerCase()}@quiniela.test` });
    const row = await server.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", `${name.toLowerCase()}@quiniela.test`)
      .executeTakeFirstOrThrow();
    ids[name] = row.id;
  }
  for (const name of ["Jornada 1", "Jornada 2", "Jornada 3"]) {
    const { phaseId, matchIds } = await activatePhase(server, name);
    phase[name] = { id: phaseId, matches: matchIds };
  }
  // Jornada 1: Ana 9 exact (27); Beto 9 outcomes (9); Carla 3 exact (9, ahead of Beto); Valeria 0.
  await picks("Ana", "Jornada 1", nine("exact"));
  await picks("Beto", "Jornada 1", nine("outcome"));
  await picks("Carla", "Jornada 1", [...nine("exact").slice(0, 3), ...nine("wrong").slice(3)]);
  await picks("Valeria", "Jornada 1", nine("wrong"));
  // Jornada 2: Beto and Valeria 9 exact each (27, equal on everything: they share it); Ana nothing right.
  await picks("Ana", "Jornada 2", nine("wrong"));
  await picks("Beto", "Jornada 2", nine("exact"));
  await picks("Valeria", "Jornada 2", nine("exact"));
  // Jornada 3: nobody gets anything right.
  for (const name of PLAYERS) await picks(name, "Jornada 3", nine("wrong"));
});
afterAll(() => server.close());

describe("jornada winners", () => {
  test("no winner before the jornada's last result; nothing won, no movement yet", async () => {
    await results("Jornada 1", 0, 8);
    expect((await jornada("Jornada 1")).winners).toBeNull();
    const page = await html(`?jornada=${phase["Jornada 1"]!.id}`);
    expect(page).not.toContain("de la jornada:");
    expect(page).toContain(TIE_BREAK);

    const overall = await rankings();
    expect(overall.winners).toBeNull();
    for (const row of overall.table.rows) expect([row.name, row.won, row.movement]).toEqual([row.name, 0, null]);
  });

  test("the last result names the winner; 'Jornadas ganadas' counts it", async () => {
    await results("Jornada 1", 8);
    expect((await jornada("Jornada 1")).winners).toEqual(["Ana"]);
    expect(await html(`?jornada=${phase["Jornada 1"]!.id}`)).toContain("Ganador de la jornada: Ana");

    const rows = byName((await rankings()).table.rows);
    expect(Object.fromEntries(PLAYERS.map((name) => [name, rows[name]!.won]))).toEqual({
      Ana: 1,
      Beto: 0,
      Carla: 0,
      Valeria: 0,
    });
    // One completed jornada: nothing to compare with yet, on the home page either.
    expect(rows.Ana!.movement).toBeNull();
    expect(await homeMovement("Ana")).toBeNull();
  });

  test("players equal on the whole tie-break share the jornada, and each counts it", async () => {
    await results("Jornada 2");
    expect((await jornada("Jornada 2")).winners).toEqual(["Beto", "Valeria"]);
    expect(await html(`?jornada=${phase["Jornada 2"]!.id}`)).toContain("Ganadores de la jornada: Beto, Valeria");

    const page = await html();
    expect(page).toContain("Jornadas ganadas");
    const rows = byName((await rankings()).table.rows);
    expect(Object.fromEntries(PLAYERS.map((name) => [name, rows[name]!.won]))).toEqual({
      Ana: 1,
      Beto: 1,
      Carla: 0,
      Valeria: 1,
    });
  });

  test("the overall table's movement since the jornada before the last completed one is the home page's", async () => {
    const rows = byName((await rankings()).table.rows);
    // After Jornada 1: Ana 1, Carla 2, Beto 3, Valeria 4. Now: Beto 36 (1), Ana and Valeria 27 (2), Carla 9 (4).
    expect(Object.fromEntries(PLAYERS.map((name) => [name, rows[name]!.movement]))).toEqual({
      Ana: { direction: "down", places: 1 },
      Beto: { direction: "up", places: 2 },
      Carla: { direction: "down", places: 2 },
      Valeria: { direction: "up", places: 2 },
    });
    for (const name of PLAYERS) expect(rows[name]!.movement, name).toEqual(await homeMovement(name));
    const page = await html();
    expect(page).toMatch(/data-mark="▲ 2" role="img" aria-label="Subió 2 lugares"/);
    expect(page).toMatch(/data-mark="▼ 1" role="img" aria-label="Bajó 1 lugar"/);
  });

  test("a jornada where nobody scored has no winner; nobody moved in it", async () => {
    await results("Jornada 3");
    expect((await jornada("Jornada 3")).winners).toEqual([]);
    const page = await html(`?jornada=${phase["Jornada 3"]!.id}`);
    expect(page).not.toContain("de la jornada:");
    expect(page).toContain("Sin ganador: nadie sumó puntos en esta jornada.");

    const rows = byName((await rankings()).table.rows);
    expect(Object.fromEntries(PLAYERS.map((name) => [name, rows[name]!.won]))).toEqual({
      Ana: 1,
      Beto: 1,
      Carla: 0,
      Valeria: 1,
    });
    for (const name of PLAYERS) {
      expect(rows[name]!.movement, name).toEqual({ direction: "same", places: 0 });
      expect(await homeMovement(name), name).toEqual(rows[name]!.movement);
    }
    expect(await html()).toMatch(/data-mark="=" role="img" aria-label="Sin cambio"/);
  });

  test("a result reset reopens the jornada: its winners are gone until it is completed again", async () => {
    const last = phase["Jornada 2"]!.matches.at(-1)!;
    await server.db.updateTable("matches").set({ home_score: null, away_score: null }).where("id", "=", last).execute();
    await refreshAllScores(server.db);
    try {
      expect((await jornada("Jornada 2")).winners).toBeNull();
      const rows = byName((await rankings()).table.rows);
      expect(Object.fromEntries(PLAYERS.map((name) => [name, rows[name]!.won]))).toEqual({
        Ana: 1,
        Beto: 0,
        Carla: 0,
        Valeria: 0,
      });
    } finally {
      await results("Jornada 2", 8);
    }
  });
});
