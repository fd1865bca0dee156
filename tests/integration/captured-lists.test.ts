import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { SCRIPT_ACTOR } from "#app/data/changes/change-log.server";
import { listNameOf } from "#app/data/people/display-name.server";
import { deletePredictionsOfUser, deleteUser } from "#app/data/people/users.server";
import { updatePrediction } from "#app/data/predictions/admin-predictions.server";
import { countScores, pickShares, type PickShares } from "#app/domain/game/pick-shares";

import { createUser, insertPlayers } from "../support/accounts";
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
 * Captured predictions with more picks than a card lists (issue 46, item 5, at 10,000 users), on
 * both engines: a card lists its first 50 picks by name and the viewer's own, then links to the
 * match's own pages of 100; the shares come from pick_counts (migration 0014), counted on the
 * first view after the reveal and emptied by the trigger on predictions whoever writes, so they
 * always equal a direct count of every pick; a match not revealed has neither pages nor counts.
 */

let server: TestServer;
const NOW = new Date().toISOString();
/** 130 players 'Jugador 001'…'Jugador 130', then the viewer 'Zoe', last by name. */
const PLAYERS = 130;
const playerIds: string[] = [];
let zoe = "";
let zoeCookie = "";
/** Jornada 1: [0] has a result (131 picks), [1] kicked off (11 picks), [2] is open (picked, not revealed). */
let big = 0;
let small = 0;
let open = 0;

const PATH = "/quiniela/quinielas-capturadas";
const ROUTE = "routes/quiniela/quinielas-capturadas";
interface Card {
  id: number;
  total: number | null;
  shares: PickShares | null;
  picks: { name: string; mine: boolean; home: number; away: number }[];
}
interface CapturedData {
  phases: { matches: Card[] }[];
  paging: { matchId: number; page: number; pages: number } | null;
}
const capturedData = async (path: string, cookie?: string) =>
  (await routeData(server, path, ROUTE, cookie)).data as CapturedData;
const cardOf = (data: CapturedData, id: number) =>
  data.phases.flatMap((phase) => phase.matches).find((match) => match.id === id);
const playerName = (i: number) => `Jugador ${String(i + 1).padStart(3, "0")}`;

/** Where the link with this text leads, in the page's HTML (undefined: no such link). */
function hrefOf(html: string, text: string): string | undefined {
  const link = [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].find((match) => match[2] === text);
  return link?.[1]?.replaceAll("&amp;", "&");
}

async function countRows(matchId: number) {
  return server.db
    .selectFrom("pick_counts")
    .select(["home_goals", "away_goals", "picks"])
    .where("match_id", "=", matchId)
    .execute();
}

/** The shares of every pick of the match, counted here from the picks themselves. */
async function directShares(matchId: number): Promise<PickShares> {
  const picks = await server.db
    .selectFrom("predictions")
    .select(["home_score", "away_score"])
    .where("match_id", "=", matchId)
    .execute();
  return pickShares(countScores(picks.map((pick) => ({ home: pick.home_score, away: pick.away_score }))));
}

async function pick(userId: string, matchId: number, home: number, away: number) {
  await insertPick(server.db, { userId, matchId, home, away }, NOW);
}

beforeAll(async () => {
  server = await startTestServer({ PAGE_CACHE_MS: "0" });
  zoeCookie = await createUser(server, { name: "Zoe", email: "zoe@quiniela.test" });
  zoe = await userIdOf(server, "zoe@quiniela.test");
  for (let i = 0; i < PLAYERS; i++) playerIds.push(`jugador-${i}`);
  await insertPlayers(
    server,
    playerIds.map((id, i) => ({ id, name: playerName(i) })),
    NOW,
  );
  const { matchIds } = await activatePhase(server, "Jornada 1");
  [big, small, open] = matchIds as [number, number, number];
  for (const [i, id] of playerIds.entries()) {
    await pick(id, big, i % 4, (i * 7) % 3);
    if (i < 10) await pick(id, small, i % 2, 1);
    await pick(id, open, 1, 0);
  }
  for (const matchId of [big, small, open]) await pick(zoe, matchId, 3, 3);
  await server.db.updateTable("matches").set({ home_score: 2, away_score: 0 }).where("id", "=", big).execute();
  await kickoffIn(server, small, -1);
  await kickoffIn(server, open, 48);
}, 120_000);
afterAll(() => server.close());

describe("a match card", () => {
  test("lists its first 50 picks by name, the viewer's own first, and links to the match's pages", async () => {
    const card = cardOf(await capturedData(`${PATH}.data`, zoeCookie), big)!;
    expect(card.total).toBe(PLAYERS + 1);
    expect(card.picks).toHaveLength(51);
    expect(card.picks[0]).toMatchObject({ name: "Zoe", mine: true, home: 3, away: 3 });
    expect(card.picks.slice(1).map((p) => p.name)).toEqual(Array.from({ length: 50 }, (_, i) => playerName(i)));
    const page = await requestText(server, PATH, { cookie: zoeCookie });
    expect(hrefOf(page.body, "Ver los 131 pronósticos")).toBe(`${PATH}?partido=${big}`);
    // A visitor: the first 50, nobody's marked.
    const visitor = cardOf(await capturedData(`${PATH}.data`), big)!;
    expect(visitor.picks.map((p) => p.name)).toEqual(Array.from({ length: 50 }, (_, i) => playerName(i)));
  });

  test("'Todas' lists none of a long match's picks but the viewer's own, with its shares and its link", async () => {
    const all = `${PATH}?jornada=todas`;
    const card = cardOf(await capturedData(`${PATH}.data?jornada=todas`, zoeCookie), big)!;
    expect(card.picks).toEqual([expect.objectContaining({ name: "Zoe", mine: true })]);
    expect(card.shares!.total).toBe(card.total);
    expect(cardOf(await capturedData(`${PATH}.data?jornada=todas`), big)!.picks).toEqual([]);
    expect(cardOf(await capturedData(`${PATH}.data?jornada=todas`), small)!.picks).toHaveLength(11);
    expect(hrefOf((await requestText(server, all)).body, `Ver los ${card.total} pronósticos`)).toBe(
      `${PATH}?partido=${big}`,
    );
  });

  test("a match with at most 50 picks lists them all, as before, and no link", async () => {
    const card = cardOf(await capturedData(`${PATH}.data`, zoeCookie), small)!;
    expect(card.picks.map((p) => p.name)).toEqual([...Array.from({ length: 10 }, (_, i) => playerName(i)), "Zoe"]);
    expect(card.total).toBe(11);
    const page = await requestText(server, PATH, { cookie: zoeCookie });
    expect(page.body).not.toContain(`partido=${small}`);
  });
});

describe("a match's own pages", () => {
  test("100 picks a page by name, the viewer's own first on page 1, 'Anterior' and 'Siguiente'", async () => {
    const first = await capturedData(`${PATH}.data?partido=${big}`, zoeCookie);
    expect(first.paging).toEqual({ matchId: big, page: 1, pages: 2 });
    const firstPicks = cardOf(first, big)!.picks;
    expect(firstPicks[0]).toMatchObject({ name: "Zoe", mine: true });
    expect(firstPicks.slice(1).map((p) => p.name)).toEqual(Array.from({ length: 100 }, (_, i) => playerName(i)));
    const second = cardOf(await capturedData(`${PATH}.data?partido=${big}&pagina=2`, zoeCookie), big)!.picks;
    expect(second.map((p) => p.name)).toEqual([...Array.from({ length: 30 }, (_, i) => playerName(100 + i)), "Zoe"]);
    const html1 = (await requestText(server, `${PATH}?partido=${big}`)).body;
    expect(hrefOf(html1, "Siguiente")).toBe(`${PATH}?partido=${big}&pagina=2`);
    expect(hrefOf(html1, "Anterior")).toBeUndefined();
    expect(html1).not.toContain("Ver los 131 pronósticos");
    const html2 = (await requestText(server, `${PATH}?partido=${big}&pagina=2`)).body;
    expect(hrefOf(html2, "Anterior")).toBe(`${PATH}?partido=${big}`);
    expect(hrefOf(html2, "Siguiente")).toBeUndefined();
  });

  test("a page past the last, or a match that is no number, is not found; a bad page number is the first", async () => {
    expect((await requestText(server, `${PATH}?partido=${big}&pagina=3`)).status).toBe(404);
    expect((await requestText(server, `${PATH}?partido=abc`)).status).toBe(404);
    expect((await requestText(server, `${PATH}?partido=99999999999`)).status).toBe(404);
    expect((await capturedData(`${PATH}.data?partido=${big}&pagina=x`)).paging).toMatchObject({ page: 1 });
  });

  test("a match whose picks are not revealed has no pages, no count and no shares, even for a player who picked it", async () => {
    const page = await requestText(server, `${PATH}?partido=${open}`, { cookie: zoeCookie });
    expect(page.status).toBe(404);
    expect(page.body).not.toContain("Jugador");
    const card = cardOf(await capturedData(`${PATH}.data`, zoeCookie), open)!;
    expect(card.picks).toEqual([expect.objectContaining({ name: "Zoe", mine: true })]);
    expect(card.shares).toBeNull();
    expect(card.total).toBeNull();
    expect(await countRows(open)).toEqual([]);
  });
});

describe("the stored counts", () => {
  test("equal a direct count of every pick", async () => {
    await capturedData(`${PATH}.data`);
    const rows = await countRows(big);
    const direct = await server.db
      .selectFrom("predictions")
      .select(["home_score", "away_score", (eb) => eb.fn.countAll<number>().as("n")])
      .where("match_id", "=", big)
      .groupBy(["home_score", "away_score"])
      .execute();
    const asText = (list: { h: number; a: number; n: number }[]) => list.map((r) => `${r.h}-${r.a}:${r.n}`).sort();
    expect(asText(rows.map((r) => ({ h: r.home_goals, a: r.away_goals, n: Number(r.picks) })))).toEqual(
      asText(direct.map((r) => ({ h: r.home_score, a: r.away_score, n: Number(r.n) }))),
    );
    expect(cardOf(await capturedData(`${PATH}.data`), big)!.shares).toEqual(await directShares(big));
  });

  test("an admin's correction, 'Eliminar Predicciones' and a player's deletion each empty them; the next view counts again", async () => {
    const sharesNow = async () => cardOf(await capturedData(`${PATH}.data`, zoeCookie), big)!.shares;
    const before = await sharesNow();
    expect((await countRows(big)).length).toBeGreaterThan(0);

    const { id } = await server.db
      .selectFrom("predictions")
      .select("id")
      .where("user_id", "=", playerIds[0]!)
      .where("match_id", "=", big)
      .executeTakeFirstOrThrow();
    expect(await updatePrediction(server.db, id, { home: 9, away: 0 }, SCRIPT_ACTOR)).toMatchObject({ ok: true });
    expect(await countRows(big)).toEqual([]);
    const corrected = await sharesNow();
    expect(corrected).toEqual(await directShares(big));
    expect(corrected!.home).not.toBe(before!.home);

    await deletePredictionsOfUser(server.db, playerIds[1]!, SCRIPT_ACTOR);
    expect(await countRows(big)).toEqual([]);
    expect((await sharesNow())!.total).toBe(PLAYERS);
    expect(await sharesNow()).toEqual(await directShares(big));

    expect(await deleteUser(server.db, playerIds[2]!, SCRIPT_ACTOR)).toBeNull();
    expect(await countRows(big)).toEqual([]);
    expect((await sharesNow())!.total).toBe(PLAYERS - 1);
    expect(await sharesNow()).toEqual(await directShares(big));
  });
  test("a player who gets a name is counted from then on, and one who loses it no more (migration 0015)", async () => {
    const sharesNow = async () => cardOf(await capturedData(`${PATH}.data`, zoeCookie), big)!.shares!;
    // An imported account without a name (SPEC §2.4: hidden), with a pick of the revealed match.
    const nameless = "sin-nombre";
    await insertPlayers(server, [{ id: nameless, name: "" }], NOW);
    await pick(nameless, big, 7, 7);
    const hidden = await sharesNow();
    expect(hidden.total).toBe((await directShares(big)).total - 1);
    expect(await countRows(big)).not.toEqual([]);

    // A rename between two blank names, or of a player who picked nothing here, changes no count.
    await server.db.updateTable("users").set({ display_name: "" }).where("id", "=", nameless).execute();
    expect(await countRows(big)).not.toEqual([]);

    await server.db.updateTable("users").set({ name: "Nuevo" }).where("id", "=", nameless).execute();
    expect(await countRows(big)).toEqual([]);
    const named = await sharesNow();
    expect(named.total).toBe(hidden.total + 1);
    expect(named).toEqual(await directShares(big));

    // A nickname over a name keeps them shown: nothing to count again.
    await server.db.updateTable("users").set({ display_name: "Apodo" }).where("id", "=", nameless).execute();
    expect(await countRows(big)).not.toEqual([]);

    await server.db.updateTable("users").set({ name: " ", display_name: null }).where("id", "=", nameless).execute();
    expect(await countRows(big)).toEqual([]);
    expect((await sharesNow()).total).toBe(hidden.total);
  });
  test("names with Spanish accents sit in their letter's place, read along the names' index (migration 0016)", async () => {
    await insertPlayers(
      server,
      ["Álvaro", "Óscar"].map((name, i) => ({ id: `acento-${i}`, name })),
      NOW,
    );
    for (const id of ["acento-0", "acento-1"]) await pick(id, big, 1, 1);
    const names = cardOf(await capturedData(`${PATH}.data?partido=${big}`), big)!.picks.map((p) => p.name);
    expect(names[0]).toBe("Álvaro");
    // 'oscar' after every 'jugador …', before 'zoe'.
    const last = cardOf(await capturedData(`${PATH}.data?partido=${big}&pagina=2`), big)!.picks.map((p) => p.name);
    expect(last.slice(-2)).toEqual(["Óscar", "Zoe"]);
    const plan = (await sql<
      Record<string, unknown>
    >`explain query plan select u.id from users u order by ${listNameOf("u")}, u.id limit 5`
      .execute(server.db)
      .catch(() => null)) as { rows: Record<string, unknown>[] } | null;
    if (plan) expect(JSON.stringify(plan.rows)).toContain("users_list_name_idx");
    else {
      const index = await sql<{
        indexdef: string;
      }>`select indexdef from pg_indexes where indexname = 'users_list_name_idx'`.execute(server.db);
      expect(index.rows[0]?.indexdef).toContain("replace");
    }
  });
});
