import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { SCRIPT_ACTOR } from "#app/data/changes/change-log.server";
import { DELETED_PLAYER_NAME, deleteUser } from "#app/data/people/users.server";
import { refreshAllScores } from "#app/data/standings/upkeep.server";

import { createUser } from "../support/accounts";
import {
  activatePhase,
  currentSeasonId,
  requestText,
  routeData,
  startTestServer,
  userIdOf,
  type TestServer,
} from "../support/server";

/**
 * The player page /jugador/:id (issue 46, item 4), on both engines: public like the standings, a
 * Spanish 404 for an unknown or malformed id; the season's figures read from the stored standings
 * (the same place and points as /rankings, the shares of exact scores and right outcomes, best
 * jornada, jornadas won, the current run); seasons and titles as 'Histórico' counts them; and the
 * player's picks of revealed matches only, with their points: a pick of a match not revealed yet
 * never shows, to anyone. Data goes straight into the database; refreshAllScores() fills the
 * stored tables.
 */

let server: TestServer;
const NOW = new Date().toISOString();
const PLAYERS = ["Ana", "Beto", "Carla"] as const;
type Player = (typeof PLAYERS)[number];
const ids = {} as Record<Player, string>;
const cookies = {} as Record<Player, string>;
const phase: Record<string, { id: number; matches: number[] }> = {};

interface Figures {
  standing: { rank: number; points: number; exactHits: number; outcomeHits: number } | null;
  tableSize: number;
  scored: number;
  phases: { phaseName: string; points: number; place: number | null; completed: boolean; won: boolean }[];
  best: { phaseName: string; points: number } | null;
  won: number;
  run: number;
  history: { seasons: number; titles: number };
}
interface PickRow {
  matchId: number;
  pick: { home: number; away: number };
  points: number | null;
  resultLabel: string | null;
}
interface PageData {
  player: { id: string; name: string; image: string | null; deleted: boolean };
  season: { id: number };
  figures: Figures;
  picks: { phases: { id: number; name: string }[]; shown: number | null; picks: PickRow[] };
}

const page = async (userId: string, query = "", cookie?: string) =>
  (await routeData(server, `/jugador/${userId}.data${query}`, "routes/jugador/$id", cookie)).data as PageData;
const html = async (userId: string, query = "") => requestText(server, `/jugador/${userId}${query}`);

/** Picks for a phase's matches by index: 'exact' (1-0, 3 points), 'outcome' (2-0, 1 point), 'wrong' (0-1, 0). */
async function picks(player: Player, phaseName: string, kinds: ("exact" | "outcome" | "wrong")[]) {
  const scores = { exact: [1, 0], outcome: [2, 0], wrong: [0, 1] } as const;
  await server.db
    .insertInto("predictions")
    .values(
      kinds.map((kind, index) => ({
        user_id: ids[player],
        match_id: phase[phaseName]!.matches[index]!,
        home_score: scores[kind][0],
        away_score: scores[kind][1],
        created_at: NOW,
        updated_at: NOW,
      })),
    )
    .execute();
}

/** Every match of a phase 1-0, then the stored standings refreshed. */
async function results(phaseName: string) {
  await server.db
    .updateTable("matches")
    .set({ home_score: 1, away_score: 0, updated_at: NOW })
    .where("id", "in", phase[phaseName]!.matches)
    .execute();
  await refreshAllScores(server.db);
}

const nine = <T extends string>(value: T): T[] => Array.from({ length: 9 }, () => value);

beforeAll(async () => {
  server = await startTestServer({ PAGE_CACHE_MS: "0" });
  for (const name of PLAYERS) {
    cookies[name] = await createUser(server, { name, email: `${name.toLowerCase()}@quiniela.test` });
    ids[name] = await userIdOf(server, `${name.toLowerCase()}@quiniela.test`);
  }
  for (const name of ["Jornada 1", "Jornada 2", "Jornada 3", "Jornada 4"]) {
    phase[name] = await activatePhase(server, name).then(({ phaseId, matchIds }) => ({
      id: phaseId,
      matches: matchIds,
    }));
  }
  // Jornada 1: Ana 9 exact (27), Beto 9 outcomes (9). Jornada 2: Ana nothing, Beto 9 exact (27,
  // he goes ahead). Jornada 3: Ana 2 exact (6), Beto nothing. Carla never picks.
  await picks("Ana", "Jornada 1", nine("exact"));
  await picks("Beto", "Jornada 1", nine("outcome"));
  await picks("Ana", "Jornada 2", nine("wrong"));
  await picks("Beto", "Jornada 2", nine("exact"));
  await picks("Ana", "Jornada 3", [...nine("exact").slice(0, 2), ...nine("wrong").slice(2)]);
  await picks("Beto", "Jornada 3", nine("wrong"));
  for (const name of ["Jornada 1", "Jornada 2", "Jornada 3"]) await results(name);
});
afterAll(() => server.close());

describe("who may see it", () => {
  test("public like the standings: a visitor without an account sees a player's page, without their e-mail", async () => {
    const response = await html(ids.Ana);
    expect(response.status).toBe(200);
    expect(response.body).toContain("<h1");
    expect(response.body).toContain(">Ana</h1>");
    expect(response.body).toContain("Resumen de la temporada");
    expect(response.body).not.toContain("ana@quiniela.test");
    expect((await page(ids.Ana)).player).toEqual({
      id: ids.Ana,
      name: "Ana",
      image: null,
      avatarColor: "blue",
      deleted: false,
    });
  });

  test("an unknown or malformed id is the Spanish 404 page", async () => {
    for (const id of ["nadie", "a%20b", "x".repeat(65), "%00", "..%2Fadmin"]) {
      const response = await html(id);
      expect(response.status, id).toBe(404);
      expect(response.body, id).toContain("Jugador no encontrado");
      expect(response.body, id).not.toMatch(/SqliteError|DatabaseError|at async/);
      expect(await server.request(`/jugador/${id}.data`).then(async (r) => (await r.text(), r.status)), id).toBe(404);
    }
  });
});

describe("the season's figures", () => {
  test("place and points are /rankings' own; the shares are of the scored picks", async () => {
    const rankings = (await routeData(server, "/rankings.data", "routes/rankings")).data as {
      table: { rows: { userId: string; rank: number; points: number }[]; total: number };
    };
    for (const name of PLAYERS) {
      const row = rankings.table.rows.find((r) => r.userId === ids[name])!;
      const { figures } = await page(ids[name]);
      expect([figures.standing?.rank, figures.standing?.points, figures.tableSize], name).toEqual([
        row.rank,
        row.points,
        rankings.table.total,
      ]);
    }
    const ana = (await page(ids.Ana)).figures;
    expect(ana.standing).toMatchObject({ rank: 2, points: 33, exactHits: 11, outcomeHits: 11 });
    expect(ana.scored).toBe(27);
    const body = (await html(ids.Ana)).body;
    expect(body).toContain("11 (41%)");
    expect(body).toContain("de 27 pronósticos con resultado");
    const beto = (await page(ids.Beto)).figures;
    expect(beto.standing).toMatchObject({ rank: 1, points: 36, exactHits: 9, outcomeHits: 18 });
    expect((await html(ids.Beto)).body).toContain("18 (67%)");
    // Carla has no pick: in the current season's table at 0, nothing scored, no share.
    const carla = (await page(ids.Carla)).figures;
    expect(carla.standing).toMatchObject({ rank: 3, points: 0 });
    expect(carla.scored).toBe(0);
  });

  test("points and place by jornada, the best one, jornadas won and the current run", async () => {
    const ana = (await page(ids.Ana)).figures;
    expect(ana.phases.map((p) => [p.phaseName, p.points, p.place, p.won])).toEqual([
      ["Jornada 1", 27, 1, true],
      ["Jornada 2", 0, 2, false],
      ["Jornada 3", 6, 2, true],
    ]);
    expect(ana.best).toMatchObject({ phaseName: "Jornada 1", points: 27 });
    expect([ana.won, ana.run]).toEqual([2, 1]);
    const beto = (await page(ids.Beto)).figures;
    expect(beto.phases.map((p) => p.place)).toEqual([2, 1, 1]);
    expect(beto.best).toMatchObject({ phaseName: "Jornada 2", points: 27 });
    // Beto scored in Jornadas 1 and 2, not in the last completed one: no run.
    expect([beto.won, beto.run]).toEqual([1, 0]);
    const carla = (await page(ids.Carla)).figures;
    expect(carla.phases.map((p) => [p.points, p.place])).toEqual([
      [0, 3],
      [0, 3],
      [0, 3],
    ]);
    expect([carla.best, carla.won, carla.run]).toEqual([null, 0, 0]);
  });
});

describe("picks", () => {
  test("a completed jornada's picks show with the points each earned", async () => {
    const data = await page(ids.Ana, `?jornada=${phase["Jornada 1"]!.id}`);
    expect(data.picks.phases.map((p) => p.name)).toEqual(["Jornada 1", "Jornada 2", "Jornada 3"]);
    expect(data.picks.shown).toBe(phase["Jornada 1"]!.id);
    expect(data.picks.picks).toHaveLength(9);
    for (const pick of data.picks.picks)
      expect(pick).toMatchObject({ pick: { home: 1, away: 0 }, points: 3, resultLabel: "1 - 0" });
    const beto = await page(ids.Beto, `?jornada=${phase["Jornada 1"]!.id}`);
    expect(beto.picks.picks.map((pick) => pick.points)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
  });

  test("a pick of a match not revealed yet never shows, to anyone; it shows once its kickoff passes", async () => {
    const [match] = phase["Jornada 4"]!.matches;
    await server.db
      .insertInto("predictions")
      .values({ user_id: ids.Ana, match_id: match!, home_score: 9, away_score: 8, created_at: NOW, updated_at: NOW })
      .execute();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await server.db.updateTable("matches").set({ kickoff_at: future }).where("id", "=", match!).execute();
    const asked = `?jornada=${phase["Jornada 4"]!.id}`;
    for (const cookie of [undefined, cookies.Ana, cookies.Beto]) {
      const data = await page(ids.Ana, asked, cookie);
      expect(data.picks.phases.map((p) => p.name)).not.toContain("Jornada 4");
      expect(data.picks.picks.some((pick) => pick.matchId === match)).toBe(false);
      const raw = (await routeData(server, `/jugador/${ids.Ana}.data${asked}`, "routes/jugador/$id", cookie)).raw;
      expect(raw).not.toMatch(/\b9 - 8\b/);
    }
    expect((await html(ids.Ana, asked)).body).not.toContain("9 - 8");

    // The kickoff passed: revealed, not scored yet.
    const past = new Date(Date.now() - 60_000).toISOString();
    await server.db.updateTable("matches").set({ kickoff_at: past }).where("id", "=", match!).execute();
    const data = await page(ids.Ana, asked);
    expect(data.picks.shown).toBe(phase["Jornada 4"]!.id);
    expect(data.picks.picks).toEqual([
      expect.objectContaining({ matchId: match, pick: { home: 9, away: 8 }, points: null }),
    ]);
    const body = (await html(ids.Ana, asked)).body;
    expect(body).toContain("9 - 8");
    expect(body).toContain("Pendiente");
  });

  test("an activated jornada reveals its picks too", async () => {
    const [, second] = phase["Jornada 4"]!.matches;
    await server.db
      .insertInto("predictions")
      .values({ user_id: ids.Beto, match_id: second!, home_score: 4, away_score: 4, created_at: NOW, updated_at: NOW })
      .execute();
    const asked = `?jornada=${phase["Jornada 4"]!.id}`;
    expect((await page(ids.Beto, asked)).picks.picks.some((pick) => pick.matchId === second)).toBe(false);
    await server.db.updateTable("phases").set({ activated_at: NOW }).where("id", "=", phase["Jornada 4"]!.id).execute();
    try {
      expect((await page(ids.Beto, asked)).picks.picks).toEqual([
        expect.objectContaining({ matchId: second, pick: { home: 4, away: 4 }, points: null }),
      ]);
    } finally {
      await server.db
        .updateTable("phases")
        .set({ activated_at: null })
        .where("id", "=", phase["Jornada 4"]!.id)
        .execute();
    }
  });
});

describe("reached by a name in any table", () => {
  /** The link a page holds to a player's page, with the name as its text (the accessible name). */
  const linkTo = (href: string, name: string) =>
    new RegExp(`<a[^>]*href="${href.replace(/[?]/g, "\\?")}"[^>]*>${name}</a>`);

  test("/rankings (overall and a jornada's), 'Histórico' and 'Quinielas capturadas' link each name to its page", async () => {
    for (const path of ["/rankings", `/rankings?jornada=${phase["Jornada 1"]!.id}`, "/rankings/historico"]) {
      const body = (await requestText(server, path)).body;
      for (const name of ["Ana", "Beto"] as const)
        expect(body, `${path} ${name}`).toMatch(linkTo(`/jugador/${ids[name]}`, name));
    }
    const captured = (await requestText(server, `/quiniela/quinielas-capturadas?jornada=${phase["Jornada 1"]!.id}`))
      .body;
    expect(captured).toMatch(linkTo(`/jugador/${ids.Ana}`, "Ana"));
    // The viewer's own row ('Tú') links too.
    const own = (await requestText(server, "/rankings", { cookie: cookies.Ana })).body;
    expect(own).toMatch(linkTo(`/jugador/${ids.Ana}`, "Ana"));
  });
});

describe("seasons, titles and other seasons", () => {
  test("seasons played and titles are 'Histórico''s; another season by ?temporada=", async () => {
    const { db } = server;
    const competition = (await db.selectFrom("competitions").select("id").executeTakeFirstOrThrow()).id;
    const season = async (name: string) =>
      (
        await db
          .insertInto("seasons")
          .values({
            competition_id: competition,
            name,
            time_zone: "America/Mexico_City",
            finished_at: NOW,
            created_at: NOW,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const first = await season("Apertura de prueba");
    const second = await season("Clausura de prueba");
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
        // Ana wins the first alone; Ana and Beto tie on everything in the second: both champions.
        total(first, ids.Ana, 30, 5, 12),
        total(first, ids.Beto, 30, 4, 12),
        total(second, ids.Ana, 20, 2, 8),
        total(second, ids.Beto, 20, 2, 8),
      ])
      .execute();

    const history = (await routeData(server, "/rankings/historico.data", "routes/rankings/historico")).data as {
      rows: { userId: string; seasons: number; titles: number }[];
    };
    for (const name of PLAYERS) {
      const row = history.rows.find((r) => r.userId === ids[name]);
      expect((await page(ids[name])).figures.history, name).toEqual({
        seasons: row?.seasons ?? 0,
        titles: row?.titles ?? 0,
      });
    }
    expect((await page(ids.Ana)).figures.history).toEqual({ seasons: 3, titles: 2 });
    expect((await page(ids.Beto)).figures.history).toEqual({ seasons: 3, titles: 1 });

    // A finished season's table links to that season of the page.
    const finishedTable = (await requestText(server, `/rankings?temporada=${first}`)).body;
    expect(finishedTable).toContain(`href="/jugador/${ids.Ana}?temporada=${first}"`);
    const other = await page(ids.Ana, `?temporada=${first}`);
    expect(other.season.id).toBe(first);
    expect(other.figures.standing).toMatchObject({ rank: 1, points: 30 });
    expect(other.figures.tableSize).toBe(2);
    // Carla did not play it: not in its table.
    expect((await page(ids.Carla, `?temporada=${first}`)).figures.standing).toBeNull();
    expect((await html(ids.Carla, `?temporada=${first}`)).body).toContain("No jugó esta temporada.");
    expect((await page(ids.Ana, `?temporada=${await currentSeasonId(server)}`)).figures.standing?.points).toBe(33);
  });

  test("a deleted player's stand-in: 'Jugador eliminado' with the finished seasons' figures, no e-mail; the old id is gone", async () => {
    const first = (
      await server.db
        .selectFrom("seasons")
        .select("id")
        .where("name", "=", "Apertura de prueba")
        .executeTakeFirstOrThrow()
    ).id;
    expect(await deleteUser(server.db, ids.Beto, SCRIPT_ACTOR)).toBeNull();
    const standIn = (
      await server.db
        .selectFrom("standings_total")
        .innerJoin("users", "users.id", "standings_total.user_id")
        .select("users.id")
        .where("standings_total.season_id", "=", first)
        .where("users.deleted_at", "is not", null)
        .executeTakeFirstOrThrow()
    ).id;
    expect((await html(ids.Beto)).status).toBe(404);
    const data = await page(standIn, `?temporada=${first}`);
    expect(data.player).toMatchObject({ name: DELETED_PLAYER_NAME, image: null, deleted: true });
    expect(data.figures.standing).toMatchObject({ rank: 2, points: 30 });
    expect(data.figures.history).toEqual({ seasons: 2, titles: 1 });
    const body = (await html(standIn, `?temporada=${first}`)).body;
    expect(body).toContain(DELETED_PLAYER_NAME);
    expect(body).not.toContain("beto@quiniela.test");
    expect(body).not.toContain(">Beto<");
  });
});
