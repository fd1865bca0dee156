import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { SCRIPT_ACTOR } from "#app/data/changes/change-log.server";
import { saveResult } from "#app/data/results/match-results.server";
import type { PickShares } from "#app/domain/game/pick-shares";

import { createUser, insertPlayers } from "../support/accounts";
import { insertPick } from "../support/picks";
import { activatePhase, kickoffIn, requestText, routeData, startTestServer, type TestServer } from "../support/server";

/**
 * The admin's 'Quinielas Capturadas' at 10,000 users, on both engines: every pick of a phase,
 * revealed or not, a nameless player's too (SPEC §2.4: admin screens show everything), but a card
 * lists its first 50 by name and links to the match's own pages of 100; the header's count and each
 * match's shares still take every pick.
 */

let server: TestServer;
let adminCookie = "";
let playerCookie = "";
const NOW = new Date().toISOString();
const PATH = "/admin/ver-quinielas";
const ROUTE = "routes/admin/ver-quinielas";
/** 130 players 'Jugador 001'…'Jugador 130' and one nameless user, who lists first (an empty name). */
const PLAYERS = 130;
/** Jornada 1: [0] has its result (every player), [1] kicked off (ten players), [2] open, not revealed (every player), [3] nobody's. */
let big = 0;
let small = 0;
let open = 0;
let none = 0;
let phaseId = 0;

interface Card {
  id: number;
  total: number;
  shares: PickShares;
  picks: { userId: string; name: string; home: number; away: number; points: number | null }[];
}
interface AdminData {
  phaseId: number;
  total: number;
  matches: Card[];
  paging: { matchId: number; page: number; pages: number } | null;
}
const adminData = async (query: string) =>
  (await routeData(server, `${PATH}.data?${query}`, ROUTE, adminCookie)).data as AdminData;
const cardOf = (data: AdminData, id: number) => data.matches.find((match) => match.id === id)!;
const playerName = (i: number) => `Jugador ${String(i + 1).padStart(3, "0")}`;
/** Every pick of a match with every player, in the name order the lists keep. */
const everyName = ["", ...Array.from({ length: PLAYERS }, (_, i) => playerName(i))];

/** Where the links with this text lead, in the page's HTML. */
function hrefsOf(html: string, text: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)]
    .filter((match) => match[2] === text)
    .map((match) => match[1]!.replaceAll("&amp;", "&"));
}
const hrefOf = (html: string, text: string) => hrefsOf(html, text)[0];

/** The rows of a match card's table in the page's HTML (its section is named after the match). */
function rowsOfCard(html: string, sectionStart: number): number {
  const section = html.slice(sectionStart, html.indexOf("</section>", sectionStart));
  return (section.match(/<tr/g) ?? []).length;
}

beforeAll(async () => {
  server = await startTestServer({ PAGE_CACHE_MS: "0" });
  adminCookie = await createUser(server, { name: "Administradora", email: "admin@quiniela.test" });
  playerCookie = await createUser(server, { name: "Zoe", email: "zoe@quiniela.test" });
  // Ids and insertion in reverse of the names' order: the lists' order is the names', not the rows'.
  const players = Array.from({ length: PLAYERS }, (_, i) => ({
    id: `p-${PLAYERS - i}`,
    name: playerName(i),
  })).reverse();
  await insertPlayers(server, [...players, { id: "p-sin-nombre", name: "" }], NOW);
  const activated = await activatePhase(server, "Jornada 1");
  phaseId = activated.phaseId;
  [big, small, open, none] = activated.matchIds as [number, number, number, number];
  for (const [i, { id }] of [...players].reverse().entries()) {
    await insertPick(server.db, { userId: id, matchId: big, home: i % 3, away: 0 }, NOW);
    if (i < 10) await insertPick(server.db, { userId: id, matchId: small, home: 1, away: 1 }, NOW);
    await insertPick(server.db, { userId: id, matchId: open, home: 0, away: i % 2 }, NOW);
  }
  for (const matchId of [big, open])
    await insertPick(server.db, { userId: "p-sin-nombre", matchId, home: 4, away: 4 }, NOW);
  // The result through the app's own write: the picks are scored.
  expect(await saveResult(server.db, big, { home: 2, away: 0 }, SCRIPT_ACTOR)).toMatchObject({ ok: true });
  await kickoffIn(server, small, -1);
  await kickoffIn(server, open, 48);
}, 120_000);
afterAll(() => server.close());

describe("a phase's cards", () => {
  test("list at most 50 picks each, by name, with the points they earned; the header counts every pick", async () => {
    const data = await adminData(`jornada=${phaseId}`);
    expect(data.paging).toBeNull();
    expect(data.matches.map((match) => match.id)).toEqual(expect.arrayContaining([big, small, open]));
    expect(data.matches.map((match) => match.id)).not.toContain(none);
    const card = cardOf(data, big);
    expect(card.total).toBe(PLAYERS + 1);
    expect(card.picks.map((pick) => pick.name)).toEqual(everyName.slice(0, 50));
    // 'Jugador 003' picked 2 - 0, the result: 3 points; 'Jugador 001' 0 - 0, none.
    expect(card.picks.find((pick) => pick.name === playerName(2))).toMatchObject({ home: 2, away: 0, points: 3 });
    expect(card.picks.find((pick) => pick.name === playerName(0))).toMatchObject({ home: 0, away: 0, points: 0 });
    expect(cardOf(data, small).picks.map((pick) => pick.name)).toEqual(everyName.slice(1, 11));
    expect(data.total).toBe(2 * (PLAYERS + 1) + 10);

    const page = await requestText(server, `${PATH}?jornada=${phaseId}`, { cookie: adminCookie });
    expect(page.status).toBe(200);
    const text = page.body.replace(/<[^>]+>/g, "");
    expect(text).toContain("272 pronósticos en 3 partidos");
    expect(hrefsOf(page.body, "Ver los 131 pronósticos").sort()).toEqual(
      [`${PATH}?partido=${big}`, `${PATH}?partido=${open}`].sort(),
    );
    expect(page.body).not.toContain(`partido=${small}`);
    // Each card's table as rendered: its head row and its picks, 50 at the most.
    const tables = [...page.body.matchAll(/<table [^>]*aria-label="Pronósticos de /g)].map((m) => m.index);
    expect(tables.map((start) => rowsOfCard(page.body, start)).sort((a, b) => a - b)).toEqual([11, 51, 51]);
  });

  test("an unrevealed match's picks and shares show to the admin, and to no player", async () => {
    const card = cardOf(await adminData(`jornada=${phaseId}`), open);
    expect(card.total).toBe(PLAYERS + 1);
    expect(card.picks).toHaveLength(50);
    expect(card.picks[0]).toMatchObject({ userId: "p-sin-nombre", home: 4, away: 4 });
    // 0 - 0 and 0 - 1 by turns, and the nameless user's 4 - 4: every pick counted, the nameless one too.
    expect(card.shares).toMatchObject({ total: PLAYERS + 1, home: 0 });
    expect(card.shares.draw).toBeGreaterThan(0);
    expect(card.shares.away).toBeGreaterThan(0);
    const pub = await requestText(server, "/quiniela/quinielas-capturadas", { cookie: playerCookie });
    expect(pub.body).not.toContain(`partido=${open}`);
    expect((await requestText(server, `${PATH}?partido=${open}`, { cookie: playerCookie })).status).toBe(403);
  });
});

describe("a match's own pages", () => {
  test("100 picks a page, in name order across the pages, with 'Anterior' and 'Siguiente'", async () => {
    for (const matchId of [big, open]) {
      const first = await adminData(`partido=${matchId}`);
      expect(first.paging).toEqual({ matchId, page: 1, pages: 2 });
      expect(first.matches.map((match) => match.id)).toEqual([matchId]);
      expect(first.total).toBe(PLAYERS + 1);
      const second = await adminData(`partido=${matchId}&pagina=2`);
      expect(second.paging).toEqual({ matchId, page: 2, pages: 2 });
      const firstNames = first.matches[0]!.picks.map((pick) => pick.name);
      const secondNames = second.matches[0]!.picks.map((pick) => pick.name);
      expect(firstNames).toHaveLength(100);
      expect([...firstNames, ...secondNames]).toEqual(everyName);
    }
    const html1 = (await requestText(server, `${PATH}?partido=${big}`, { cookie: adminCookie })).body;
    expect(hrefOf(html1, "Siguiente")).toBe(`${PATH}?partido=${big}&pagina=2`);
    expect(hrefOf(html1, "Anterior")).toBeUndefined();
    expect(html1).toContain("Página 1 de 2");
    expect(html1.replace(/<[^>]+>/g, "")).toContain("131 pronósticos en 1 partido");
    expect(html1).not.toContain("Ver los 131 pronósticos");
    expect(hrefOf(html1, "← Todos los partidos de Jornada 1")).toBe(`${PATH}?jornada=${phaseId}`);
    const start = html1.search(/<table [^>]*aria-label="Pronósticos de /);
    expect(rowsOfCard(html1, start)).toBe(101);
    const html2 = (await requestText(server, `${PATH}?partido=${big}&pagina=2`, { cookie: adminCookie })).body;
    expect(hrefOf(html2, "Anterior")).toBe(`${PATH}?partido=${big}`);
    expect(hrefOf(html2, "Siguiente")).toBeUndefined();
  });

  test("a page past the last, a match that is no number or no match of the season is not found; a bad page number is the first", async () => {
    for (const query of [`partido=${big}&pagina=3`, "partido=abc", "partido=99999999999", "partido=2000000000"]) {
      expect((await requestText(server, `${PATH}?${query}`, { cookie: adminCookie })).status, query).toBe(404);
    }
    expect((await adminData(`partido=${big}&pagina=x`)).paging).toMatchObject({ page: 1 });
    // A match nobody picked: its one page, empty.
    const empty = await adminData(`partido=${none}`);
    expect(empty.paging).toEqual({ matchId: none, page: 1, pages: 1 });
    expect(empty.matches[0]).toMatchObject({ total: 0, picks: [] });
  });
});
