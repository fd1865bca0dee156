import { afterAll, beforeAll, expect, test } from "vitest";

import { createUser } from "../support/accounts";
import { currentSeasonId, requestText, routeData, startTestServer, userIdOf, type TestServer } from "../support/server";

/**
 * 'Histórico' (/rankings/historico), on both engines: the stored totals of the finished seasons
 * and the current one added up and ranked by the season tables' rule, seasons played, titles;
 * and the champions of each finished season, ties sharing the title. A season neither finished
 * nor current does not count yet.
 */

let server: TestServer;
const id: Record<"ana" | "beto" | "caro" | "dani" | "eli", string> = { ana: "", beto: "", caro: "", dani: "", eli: "" };

type HistoryData = {
  rows: {
    userId: string;
    name: string;
    points: number;
    exactHits: number;
    rank: number;
    seasons: number;
    titles: number;
  }[];
  champions: { seasonName: string; points: number; names: string[] }[];
};

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ["Ana", "Beto", "Caro", "Dani", "Eli"] as const) {
    await createUser(server, { name, email: `${name.toLowerCase()}@quiniela.test` });
    id[name.toLowerCase() as keyof typeof id] = await userIdOf(server, `${name.toLowerCase()}@quiniela.test`);
  }
  const { db } = server;
  const competition = (await db.selectFrom("competitions").select("id").executeTakeFirstOrThrow()).id;
  const now = new Date().toISOString();
  const season = async (name: string, finished: boolean) =>
    (
      await db
        .insertInto("seasons")
        .values({
          competition_id: competition,
          name,
          time_zone: "America/Mexico_City",
          finished_at: finished ? now : null,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const apertura = await season("Apertura de prueba", true);
  const clausura = await season("Clausura de prueba", true);
  const upcoming = await season("Próxima de prueba", false);
  const current = await currentSeasonId(server);
  const total = (seasonId: number, userId: string, points: number, exact: number, outcomes: number) => ({
    season_id: seasonId,
    user_id: userId,
    points,
    exact_hits: exact,
    outcome_hits: outcomes,
  });
  await db
    .insertInto("standings_total")
    .values([
      // Apertura: Ana wins alone.
      total(apertura, id.ana, 30, 5, 12),
      total(apertura, id.beto, 25, 4, 11),
      // Clausura: Beto and Caro tie on everything: both champions.
      total(clausura, id.beto, 28, 6, 10),
      total(clausura, id.caro, 28, 6, 10),
      total(clausura, id.ana, 10, 1, 5),
      // The current season counts; the upcoming one does not yet.
      total(current, id.caro, 7, 1, 3),
      // Dani plays only the current season, and ties Caro on everything.
      total(current, id.dani, 35, 7, 13),
      total(upcoming, id.ana, 99, 9, 9),
      // Eli plays only the upcoming season: not in the all-time table yet.
      total(upcoming, id.eli, 5, 1, 2),
    ])
    .execute();
});
afterAll(() => server.close());

test("the all-time table adds up the finished seasons and the current one, with seasons played and titles", async () => {
  const { data } = await routeData(server, "/rankings/historico.data", "routes/rankings/historico");
  const { rows } = data as HistoryData;
  // Beto 25 + 28; Ana 30 + 10 (her 99 of the upcoming season do not count); Caro 28 + 7, tied
  // with Dani's 35 of one season: the same rank, listed by name. Eli has no counted season.
  expect(rows.map((row) => [row.name, row.points, row.exactHits, row.rank, row.seasons, row.titles])).toEqual([
    ["Beto", 53, 10, 1, 2, 1],
    ["Ana", 40, 6, 2, 2, 1],
    ["Caro", 35, 7, 3, 2, 1],
    ["Dani", 35, 7, 3, 1, 0],
  ]);
});

test("the champions of each finished season, ties sharing the title, newest first", async () => {
  const { data } = await routeData(server, "/rankings/historico.data", "routes/rankings/historico");
  const { champions } = data as HistoryData;
  expect(champions.map((champion) => [champion.seasonName, champion.points, champion.names])).toEqual([
    ["Clausura de prueba", 28, ["Beto", "Caro"]],
    ["Apertura de prueba", 30, ["Ana"]],
  ]);
});

test("the page: 'Histórico' beside 'Temporada' on /rankings, the table 'Tabla Histórica' and the heading 'Campeones'", async () => {
  const standings = await requestText(server, "/rankings");
  expect(standings.body).toContain('href="/rankings/historico"');
  expect(standings.body).toContain(">Histórico<");
  const page = await requestText(server, "/rankings/historico");
  expect(page.status).toBe(200);
  expect(page.body).toContain('aria-label="Tabla Histórica"');
  expect(page.body).toContain(">Campeones</h2>");
  expect(page.body).toContain("Clausura de prueba");
});

test("on a phone each row's seasons and titles read as words, spaced and in the right number", async () => {
  const page = await requestText(server, "/rankings/historico");
  // The text of the page as a screen reader or a copy gets it: tags out, entities left alone.
  const text = page.body.replace(/<[^>]+>/g, "");
  // Beto: 2 seasons, 1 title; Dani: 1 season, no title.
  expect(text).toContain("2 temporadas · 1 título");
  expect(text).toContain("1 temporada · 0 títulos");
  expect(text).not.toMatch(/temporadas?·/);
});
