import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { insertSeason } from "#app/data/seasons/write-season.server";
import { DEFAULT_RULES } from "#app/domain/game/season-rules";

import { createUser, insertPlayers } from "../support/accounts";
import {
  activatePhase,
  currentSeasonId,
  postForm,
  requestText,
  routeData,
  startTestServer,
  type TestServer,
} from "../support/server";

/**
 * The admin's 'Administración de Pronósticos' at 10,000 users, on both engines: every pick of the
 * phase, revealed or not, a nameless player's too (SPEC §2.4), 100 rows a page, by match in
 * season order, then by name; the search ('Buscar', ?q=) done by the database over the players'
 * and the teams' names, and what the lists hold counted there.
 */

let server: TestServer;
let adminCookie = "";
const NOW = new Date().toISOString();
const PATH = "/admin/predictions";
const ROUTE = "routes/admin/predictions";
const PAGE = 100;
/** 'Jugador 001'…'Jugador 130', then names a search must tell apart, and a nameless user. */
const NUMBERED = 130;
const SPECIAL = ["José Peña", "Ana 100%", "Ana 100 x", "Ana_Bel", "Ana Bel", "Aficionada Necaxa", ""];
const PLAYERS = NUMBERED + SPECIAL.length;
/** Jornada 1 of the seeded season: nine matches, every player picked each of them. */
const MATCHES = 9;
const TOTAL = PLAYERS * MATCHES;
let phaseId = 0;
let otherPhaseId = 0;
let matchIds: number[] = [];

interface Row {
  id: number;
  matchId: number;
  userId: string;
  name: string;
  home: number;
  away: number;
}
interface PageData {
  phaseId: number;
  search: string;
  rows: Row[];
  total: number;
  matched: number;
  page: number;
  pages: number;
}

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();
const pageData = async (params: Record<string, string | number>) =>
  (await routeData(server, `${PATH}.data?${query({ jornada: phaseId, ...params })}`, ROUTE, adminCookie))
    .data as PageData;
const html = async (params: Record<string, string | number>) => {
  const page = await requestText(server, `${PATH}?${query(params)}`, { cookie: adminCookie });
  expect(page.status).toBe(200);
  return page.body;
};
const textOf = (body: string) => body.replace(/<[^>]+>/g, "");
/** The rows of picks as rendered, each named '<player>: <match>' with its own form. */
const renderedRows = (body: string) => (body.match(/<tr aria-label="/g) ?? []).length;

/** Where the links with this text lead, in the page's HTML. */
function hrefOf(body: string, text: string): string | undefined {
  return [...body.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)]
    .find((match) => match[2] === text)?.[1]
    ?.replaceAll("&amp;", "&");
}

/** Every page of a list, walked with the pager's own links, each page checked for its bound. */
async function everyPage(params: Record<string, string | number>): Promise<{ rows: Row[]; pages: number }> {
  const first = await pageData(params);
  const rows = [...first.rows];
  for (let page = 2; page <= first.pages; page++) {
    const next = await pageData({ ...params, pagina: page });
    expect(next.page).toBe(page);
    expect(next.rows.length, `página ${page}`).toBeLessThanOrEqual(PAGE);
    if (page < first.pages) expect(next.rows).toHaveLength(PAGE);
    rows.push(...next.rows);
  }
  return { rows, pages: first.pages };
}

beforeAll(async () => {
  server = await startTestServer({ PAGE_CACHE_MS: "0" });
  adminCookie = await createUser(server, { name: "Administradora", email: "admin@quiniela.test" });
  // Ids in reverse of the names' order: the list's order is the names', not the rows'.
  const players = [
    ...Array.from({ length: NUMBERED }, (_, i) => ({
      id: `p-${String(NUMBERED - i).padStart(3, "0")}`,
      name: `Jugador ${String(i + 1).padStart(3, "0")}`,
    })),
    ...SPECIAL.map((name, i) => ({ id: `s-${i}`, name })),
  ];
  await insertPlayers(server, players, NOW);
  ({ phaseId, matchIds } = await activatePhase(server, "Jornada 1"));
  expect(matchIds).toHaveLength(MATCHES);
  otherPhaseId = (await activatePhase(server, "Jornada 2")).phaseId;
  const picks = players.flatMap((player, i) =>
    matchIds.map((matchId) => ({
      user_id: player.id,
      match_id: matchId,
      home_score: i % 4,
      away_score: matchId % 3,
      created_at: NOW,
      updated_at: NOW,
    })),
  );
  for (let start = 0; start < picks.length; start += 500) {
    await server.db
      .insertInto("predictions")
      .values(picks.slice(start, start + 500))
      .execute();
  }
}, 120_000);
afterAll(() => server.close());

describe("without a search", () => {
  test("pages of 100 rows hold every pick once, by match in season order, then by name", async () => {
    const first = await pageData({});
    expect(first).toMatchObject({ total: TOTAL, matched: TOTAL, page: 1, pages: Math.ceil(TOTAL / PAGE) });
    expect(first.rows).toHaveLength(PAGE);
    const { rows, pages } = await everyPage({});
    expect(pages).toBe(13);
    expect(rows).toHaveLength(TOTAL);
    expect(new Set(rows.map((row) => row.id)).size).toBe(TOTAL);

    // The matches in the order the season lists them (kickoff), each one's picks together.
    const kickoffs = await server.db
      .selectFrom("matches")
      .select(["id", "kickoff_at"])
      .where("id", "in", matchIds)
      .execute();
    const seasonOrder = kickoffs
      .sort((a, b) => (a.kickoff_at ?? "").localeCompare(b.kickoff_at ?? "") || a.id - b.id)
      .map((match) => match.id);
    const byMatch = seasonOrder.map((matchId) => rows.filter((row) => row.matchId === matchId));
    expect(byMatch.flat().map((row) => row.id)).toEqual(rows.map((row) => row.id));
    // Within each match, the same names in the same order: the nameless user first, then by name.
    const names = byMatch[0]!.map((row) => row.name);
    for (const list of byMatch) expect(list.map((row) => row.name)).toEqual(names);
    expect(names[0]).toBe("");
    const numbered = names.filter((name) => name.startsWith("Jugador "));
    expect(numbered).toEqual(Array.from({ length: NUMBERED }, (_, i) => `Jugador ${String(i + 1).padStart(3, "0")}`));
  });

  test("the page says how many picks there are and links to the next page; a page past the last is the last", async () => {
    const body = await html({ jornada: phaseId });
    expect(textOf(body)).toContain("1,233 pronósticos");
    expect(renderedRows(body)).toBe(PAGE);
    expect(body).toContain("Página 1 de 13");
    expect(hrefOf(body, "Siguiente")).toBe(`${PATH}?jornada=${phaseId}&pagina=2`);
    expect(hrefOf(body, "Anterior")).toBeUndefined();

    const last = await html({ jornada: phaseId, pagina: 13 });
    expect(renderedRows(last)).toBe(TOTAL - 12 * PAGE);
    expect(hrefOf(last, "Anterior")).toBe(`${PATH}?jornada=${phaseId}&pagina=12`);
    expect(hrefOf(last, "Siguiente")).toBeUndefined();
    expect((await pageData({ pagina: 999 })).page).toBe(13);
    expect((await pageData({ pagina: "x" })).page).toBe(1);
  });

  test("a phase nobody picked says so, with nothing to search", async () => {
    const body = await html({ jornada: otherPhaseId });
    expect(textOf(body)).toContain("No hay pronósticos capturados para Jornada 2.");
    expect(body).not.toContain('name="q"');
    expect(renderedRows(body)).toBe(0);
  });
});

describe("the search", () => {
  test("finds the players whose name holds it, in any case, counted in SQL", async () => {
    for (const search of ["jugador 00", "JUGADOR 00", "  Jugador 00  "]) {
      const data = await pageData({ q: search });
      expect(data.search).toBe(search.trim());
      expect(data).toMatchObject({ total: TOTAL, matched: 9 * MATCHES, pages: 1 });
      expect(new Set(data.rows.map((row) => row.name))).toEqual(
        new Set(Array.from({ length: 9 }, (_, i) => `Jugador 00${i + 1}`)),
      );
    }
    // Every numbered player across the pages: 1,170 picks, 12 pages, none past 100 rows.
    const { rows, pages } = await everyPage({ q: "jugador" });
    expect(pages).toBe(12);
    expect(rows).toHaveLength(NUMBERED * MATCHES);
    expect(rows.every((row) => row.name.startsWith("Jugador "))).toBe(true);
    const body = await html({ jornada: phaseId, q: "jugador 00" });
    expect(textOf(body)).toContain(`81 de 1,233 pronósticos`);
    expect(renderedRows(body)).toBe(81);
  });

  test("ignores Spanish's accents, typed or not", async () => {
    for (const search of ["jose pena", "JOSÉ PEÑA", "Jose Peña", "osé"]) {
      const data = await pageData({ q: search });
      expect(data.matched, search).toBe(MATCHES);
      expect(new Set(data.rows.map((row) => row.name)), search).toEqual(new Set(["José Peña"]));
    }
  });

  test("takes % and _ as letters", async () => {
    const percent = await pageData({ q: "100%" });
    expect(new Set(percent.rows.map((row) => row.name))).toEqual(new Set(["Ana 100%"]));
    expect(percent.matched).toBe(MATCHES);
    const underscore = await pageData({ q: "a_b" });
    expect(new Set(underscore.rows.map((row) => row.name))).toEqual(new Set(["Ana_Bel"]));
    expect((await pageData({ q: "%" })).matched).toBe(MATCHES);
    expect((await pageData({ q: "_" })).matched).toBe(MATCHES);
  });

  test("finds every pick of a match whose team's name holds it, in any case and without accents", async () => {
    // Jornada 1 of Clausura 2024: Querétaro - Toluca, Pumas UNAM - FC Juárez, Necaxa - Atlas.
    const teams = await server.db
      .selectFrom("matches as m")
      .innerJoin("teams as h", "h.id", "m.home_team_id")
      .innerJoin("teams as a", "a.id", "m.away_team_id")
      .select(["m.id", "h.name as home", "a.name as away"])
      .where("m.id", "in", matchIds)
      .execute();
    const queretaro = teams.find((match) => match.home === "Querétaro")!.id;
    const juarez = teams.find((match) => match.away === "FC Juárez")!.id;
    for (const [search, matchId] of [
      ["QUERETARO", queretaro],
      ["juárez", juarez],
    ] as const) {
      const { rows, pages } = await everyPage({ q: search });
      expect(pages, search).toBe(2);
      expect(rows, search).toHaveLength(PLAYERS);
      expect(new Set(rows.map((row) => row.matchId)), search).toEqual(new Set([matchId]));
    }
    // A team's match (Necaxa - Atlas: every pick) and a player's picks of the other matches, each once.
    const necaxa = teams.find((match) => match.home === "Necaxa")!.id;
    const { rows } = await everyPage({ q: "necaxa" });
    expect(rows).toHaveLength(PLAYERS + MATCHES - 1);
    expect(rows.filter((row) => row.matchId === necaxa)).toHaveLength(PLAYERS);
    expect(new Set(rows.filter((row) => row.matchId !== necaxa).map((row) => row.name))).toEqual(
      new Set(["Aficionada Necaxa"]),
    );
  });

  test("finds nothing with words nobody has, and says so", async () => {
    const data = await pageData({ q: "nadie se llama así" });
    expect(data).toMatchObject({ matched: 0, total: TOTAL, rows: [], pages: 1 });
    const body = await html({ jornada: phaseId, q: "nadie se llama así" });
    expect(textOf(body)).toContain("Ningún pronóstico coincide con «nadie se llama así».");
    expect(textOf(body)).toContain("0 de 1,233 pronósticos");
    expect(body).not.toContain('aria-label="Páginas de pronósticos"');
  });

  test("too long or with control characters, it is no search", async () => {
    expect((await pageData({ q: "j".repeat(61) })).matched).toBe(TOTAL);
    expect((await pageData({ q: "Jugador\u0000" })).matched).toBe(TOTAL);
  });
});

describe("the filters kept", () => {
  test("a correction posted from a searched page is saved, and the page still lists that search", async () => {
    const before = await pageData({ q: "jose pena" });
    const pick = before.rows[0]!;
    const saved = await postForm(
      server,
      `${PATH}?${query({ jornada: phaseId, q: "jose pena", pagina: 1 })}`,
      new URLSearchParams({ intent: "update-prediction", predictionId: String(pick.id), home: "7", away: "7" }),
      adminCookie,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toContain("Predicción actualizada correctamente");
    const after = await pageData({ q: "jose pena" });
    expect(after.rows.find((row) => row.id === pick.id)).toMatchObject({ home: 7, away: 7 });
    expect(after.matched).toBe(MATCHES);
  });

  test("in a season not the current one, the pager's links and the search keep the season, the phase and the search", async () => {
    const seasonId = await currentSeasonId(server);
    await insertSeason(server.db, {
      name: "Temporada nueva",
      competition: "Liga MX",
      timeZone: "America/Mexico_City",
      rules: DEFAULT_RULES,
      current: true,
      phases: ["Jornada 1"],
      teams: [],
      matches: [],
    });
    const body = await html({ temporada: seasonId, jornada: phaseId, q: "jugador" });
    expect(textOf(body)).toContain("1,170 de 1,233 pronósticos");
    expect(body).toContain("Página 1 de 12");
    expect(hrefOf(body, "Siguiente")).toBe(`${PATH}?temporada=${seasonId}&jornada=${phaseId}&q=jugador&pagina=2`);
    const second = await html({ temporada: seasonId, jornada: phaseId, q: "jugador", pagina: 2 });
    expect(hrefOf(second, "Anterior")).toBe(`${PATH}?temporada=${seasonId}&jornada=${phaseId}&q=jugador`);
    expect(hrefOf(second, "Siguiente")).toBe(`${PATH}?temporada=${seasonId}&jornada=${phaseId}&q=jugador&pagina=3`);
    // The search is a GET form that sends the season and the phase along.
    const form = /<form [^>]*role="search"[^>]*>([\s\S]*?)<\/form>/.exec(body)?.[0] ?? "";
    expect(form).toMatch(/method="get"/);
    expect(form).toContain(`name="temporada" value="${seasonId}"`);
    expect(form).toContain(`name="jornada" value="${phaseId}"`);
    expect(form).toMatch(/name="q"[^>]*value="jugador"|value="jugador"[^>]*name="q"/);
    // The current season's page has no pick of that phase: its own phases.
    expect(textOf(await html({}))).toContain("No hay pronósticos capturados");
  });
});
