import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { PickShares } from "#app/domain/game/pick-shares";

import { createUser } from "../support/accounts";
import { insertPick } from "../support/picks";
import {
  activatePhase,
  kickoffIn,
  requestText,
  routeData,
  startTestServer,
  userIdOf,
  type TestServer,
} from "../support/server";

/**
 * What everybody picked (issue 46, item 5), on both engines: under each revealed match of the
 * captured predictions (every player's picks) and of a pool's page (its participants' only), and on
 * the admin's 'Ver Quinielas' (every pick); a match whose picks are not revealed never shows them.
 */

let server: TestServer;
const NOW = new Date().toISOString();
const PLAYERS = ["Ana", "Beto", "Carla", "Dani"] as const;
type Player = (typeof PLAYERS)[number];
const cookies = {} as Record<Player | "admin", string>;
const ids = {} as Record<Player, string>;
/** Jornada 1's matches: [0] has a result, [1] kicked off an hour ago (no pick in the pool), [2] is open. */
let matchIds: number[] = [];
let poolId = 0;

const CAPTURED = "routes/quiniela/quinielas-capturadas";
interface CapturedData {
  phases: { matches: { id: number; revealed: boolean; shares: PickShares | null; picks: unknown[] }[] }[];
}
const captured = async (cookie?: string) =>
  (await routeData(server, "/quiniela/quinielas-capturadas.data", CAPTURED, cookie)).data as CapturedData;
const capturedMatch = (data: CapturedData, id: number) =>
  data.phases.flatMap((phase) => phase.matches).find((match) => match.id === id);

/** A match card's HTML (its section is named after the match: 'América vs Tigres'). */
async function cardsOf(path: string, cookie?: string): Promise<string[]> {
  const page = await requestText(server, path, cookie ? { cookie } : undefined);
  expect(page.status).toBe(200);
  return page.body.split("<section").slice(1);
}

async function pick(player: Player, matchId: number, home: number, away: number) {
  await insertPick(server.db, { userId: ids[player], matchId, home, away }, NOW);
}

beforeAll(async () => {
  server = await startTestServer({ PAGE_CACHE_MS: "0" });
  cookies.admin = await createUser(server, { name: "Administradora", email: "admin@quiniela.test" });
  for (const name of PLAYERS) {
    const email = `${name.toLowerCase()}@quiniela.test`;
    cookies[name] = await createUser(server, { name, email });
    ids[name] = await userIdOf(server, email);
  }
  ({ matchIds } = await activatePhase(server, "Jornada 1"));
  const [withResult, started, open] = matchIds as [number, number, number];
  // Picks go in while the matches are open; then one gets its result and another kicks off.
  for (const [player, home, away] of [
    ["Ana", 2, 1],
    ["Beto", 2, 1],
    ["Carla", 1, 1],
    ["Dani", 0, 2],
  ] as const)
    await pick(player, withResult, home, away);
  await pick("Carla", started, 0, 0);
  await pick("Ana", open, 1, 0);
  await pick("Beto", open, 3, 3);
  await pick("Carla", open, 3, 3);
  await server.db.updateTable("matches").set({ home_score: 2, away_score: 0 }).where("id", "=", withResult).execute();
  await kickoffIn(server, started, -1);
  await kickoffIn(server, open, 48);
  // Ana's pool: the three matches, Ana and Beto (Carla and Dani play the season, not the pool).
  const pool = await server.db
    .insertInto("quinielas")
    .values({
      name: "La oficina",
      owner_id: ids.Ana,
      season_id: (
        await server.db.selectFrom("seasons").select("id").where("is_current", "=", 1).executeTakeFirstOrThrow()
      ).id,
      invite_code: "codigo-de-prueba-1",
      created_at: NOW,
      updated_at: NOW,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  poolId = pool.id;
  await server.db
    .insertInto("quiniela_matches")
    .values([withResult, started, open].map((match_id) => ({ quiniela_id: poolId, match_id })))
    .execute();
  await server.db
    .insertInto("quiniela_participants")
    .values([ids.Ana, ids.Beto].map((user_id) => ({ quiniela_id: poolId, user_id, joined_at: NOW })))
    .execute();
});
afterAll(() => server.close());

describe("captured predictions", () => {
  test("a revealed match shows every player's picks summed up, adding up to 100", async () => {
    const [withResult] = matchIds as [number];
    const match = capturedMatch(await captured(), withResult)!;
    expect(match.shares).toEqual({
      total: 4,
      home: 50,
      draw: 25,
      away: 25,
      mostPicked: [{ home: 2, away: 1 }],
      moreTied: 0,
    });
    const card = (await cardsOf("/quiniela/quinielas-capturadas")).find((html) =>
      html.includes("Resultado oficial: 2 - 0"),
    );
    expect(card).toContain("Más elegido: 2 - 1");
    expect(card?.replace(/<[^>]+>/g, "")).toContain("Local 50 % · Empate 25 % · Visitante 25 % · Más elegido: 2 - 1");
  });

  test("a match kicked off with one pick: all of it", async () => {
    const [, started] = matchIds as [number, number];
    expect(capturedMatch(await captured(), started)!.shares).toMatchObject({
      total: 1,
      draw: 100,
      mostPicked: [{ home: 0, away: 0 }],
    });
  });

  test("a match whose picks are not revealed shows its viewer's own pick and no shares, in the data or the page", async () => {
    const [, , open] = matchIds as [number, number, number];
    // Nobody else's pick is on the page, and nothing sums them up.
    expect(capturedMatch(await captured(), open)).toBeUndefined();
    const mine = capturedMatch(await captured(cookies.Ana), open)!;
    expect(mine).toMatchObject({ revealed: false, shares: null });
    expect(mine.picks).toHaveLength(1);
    const cards = await cardsOf("/quiniela/quinielas-capturadas", cookies.Ana);
    const openCard = cards.find((html) => html.includes("Resultado pendiente") && html.includes("se ven"));
    expect(openCard).toBeDefined();
    expect(openCard).not.toContain("Más elegido");
    expect(openCard).not.toContain("Local ");
    // The revealed ones do.
    expect(cards.filter((html) => html.includes("Más elegido"))).toHaveLength(2);
  });
});

describe("after the reveal", () => {
  test("an admin's correction of a pick shows at the next view: nothing is kept to go stale", async () => {
    const [withResult] = matchIds as [number];
    const correct = (home: number, away: number) =>
      server.db
        .updateTable("predictions")
        .set({ home_score: home, away_score: away, updated_at: NOW })
        .where("user_id", "=", ids.Dani)
        .where("match_id", "=", withResult)
        .execute();
    await correct(2, 1);
    try {
      expect(capturedMatch(await captured(), withResult)!.shares).toMatchObject({ home: 75, draw: 25, away: 0 });
    } finally {
      await correct(0, 2);
    }
    expect(capturedMatch(await captured(), withResult)!.shares).toMatchObject({ home: 50, draw: 25, away: 25 });
  });
});

describe("a pool's page", () => {
  const POOL = "routes/quiniela/$id";
  type PoolData = { picks: { matches: { id: number; shares: PickShares }[] }[] };
  const poolData = async (cookie: string) =>
    (await routeData(server, `/quiniela/${poolId}.data`, POOL, cookie)).data as PoolData;

  test("counts the pool's participants only; a revealed match nobody in it picked says 'Sin pronósticos'", async () => {
    const [withResult, started, open] = matchIds as [number, number, number];
    const matches = (await poolData(cookies.Beto)).picks.flatMap((phase) => phase.matches);
    const sharesOf = (id: number) => matches.find((match) => match.id === id)?.shares;
    // The open match is not in the grid at all.
    expect(matches.map((match) => match.id).sort((a, b) => a - b)).toEqual([withResult, started]);
    expect(sharesOf(withResult)).toEqual({
      total: 2,
      home: 100,
      draw: 0,
      away: 0,
      mostPicked: [{ home: 2, away: 1 }],
      moreTied: 0,
    });
    expect(sharesOf(started)?.total).toBe(0);
    expect(sharesOf(open)).toBeUndefined();

    const page = await requestText(server, `/quiniela/${poolId}`, { cookie: cookies.Beto });
    const text = page.body.replace(/<[^>]+>/g, "");
    expect(text).toContain("Local 100 % · Empate 0 % · Visitante 0 % · Más elegido: 2 - 1");
    expect(text).toContain("Sin pronósticos");
    // Carla's and Dani's picks of the same match are on the captured page, not here.
    expect(text).not.toContain("Local 50 %");
  });
});

describe("the admin's 'Ver Quinielas'", () => {
  test("shows what every pick adds up to, revealed or not (the admin sees every pick)", async () => {
    const page = await requestText(server, "/admin/ver-quinielas", { cookie: cookies.admin });
    expect(page.status).toBe(200);
    const text = page.body.replace(/<[^>]+>/g, "");
    expect(text).toContain("Local 50 % · Empate 25 % · Visitante 25 % · Más elegido: 2 - 1");
    expect(text).toContain("Local 33 % · Empate 67 % · Visitante 0 % · Más elegido: 3 - 3");
  });

  test("players see none of it there", async () => {
    const page = await requestText(server, "/admin/ver-quinielas", { cookie: cookies.Ana });
    expect(page.body).not.toContain("Más elegido");
  });
});
