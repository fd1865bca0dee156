import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { seasonPlaces } from "#app/data/standings/places.server";
import { refreshAllScores } from "#app/data/standings/upkeep.server";
import { closingLabel } from "#app/domain/dates";
import { openAt, type HomeStanding, type OpenSummary } from "#app/domain/standings/home-summary";
import { movementsBetween } from "#app/domain/standings/movement";
import { RULES_COOKIE } from "#app/ui/behaviour/remembered-fold";

import { createUser } from "../support/accounts";
import {
  activatePhase,
  currentSeasonId,
  requestText,
  routeData,
  startTestServer,
  type TestServer,
} from "../support/server";

/**
 * 'Cómo vas' on the home page (domain/standings/home-summary.ts, data/standings/home-standing.server.ts):
 * the viewer's place in the current season and its movement since the jornada before the last
 * completed one, their points in that last completed jornada, what is still open for them and
 * when it closes, and a finished season's champion; read from the stored standings, on both
 * engines. Data goes straight into the database; refreshAllScores() fills the stored tables.
 */

let server: TestServer;
const NOW = new Date().toISOString();
const HOUR = 3_600_000;
const ZONE = "America/Mexico_City";
let viewer: string;
let newcomer: string;
let seasonId: number;
const ids: Record<string, string> = {};
const phase: Record<string, { id: number; matches: number[] }> = {};

type HomeData = { standing: HomeStanding; open: OpenSummary; rulesOpen: boolean };
const home = async (cookie: string) =>
  (await routeData(server, "/_root.data", "routes/index", cookie)).data as HomeData;

async function addUser(key: string, name: string) {
  ids[key] = `u-${key}`;
  await server.db
    .insertInto("users")
    .values({ id: ids[key], name, email: `${key}@quiniela.test`, email_verified: 0, created_at: NOW, updated_at: NOW })
    .execute();
}

/** Picks for a phase's matches by index: 'exact' (1-0, 3 points), 'outcome' (2-0, 1 point), 'wrong' (0-1, 0). */
async function picks(key: string, phaseName: string, kinds: ("exact" | "outcome" | "wrong")[]) {
  const scores = { exact: [1, 0], outcome: [2, 0], wrong: [0, 1] } as const;
  const rows = kinds.map((kind, index) => ({
    user_id: ids[key]!,
    match_id: phase[phaseName]!.matches[index]!,
    home_score: scores[kind][0],
    away_score: scores[kind][1],
    created_at: NOW,
    updated_at: NOW,
  }));
  await server.db.insertInto("predictions").values(rows).execute();
}

/** Every match of these phases 1-0 (or only the first `count`), then the stored standings refreshed. */
async function results(phaseName: string, count?: number) {
  const matches = phase[phaseName]!.matches.slice(0, count);
  await server.db
    .updateTable("matches")
    .set({ home_score: 1, away_score: 0, updated_at: NOW })
    .where("id", "in", matches)
    .execute();
  await refreshAllScores(server.db);
}

const nine = <T extends string>(value: T): T[] => Array.from({ length: 9 }, () => value);
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
// Jornada 3 is played this weekend: its second match (Wendy's first to close) in 26 hours, its
// third (Valeria's first, who predicted the second) in 50, the rest in 74; Jornada 4 has no
// kickoff times yet.
const KICKOFFS = { second: inHours(26), third: inHours(50), rest: inHours(74) };
const closes = (iso: string) => closingLabel(iso, new Date(), ZONE);
/** What the summary says of what is open, as the server counted it. */
const said = (open: OpenSummary) => ({ ...openAt(open, open.missing.at), editable: open.editable });

beforeAll(async () => {
  server = await startTestServer();
  seasonId = await currentSeasonId(server);
  viewer = await createUser(server, { name: "Valeria", email: "valeria@quiniela.test" });
  newcomer = await createUser(server, { name: "Wendy", email: "wendy@quiniela.test" });
  for (const email of ["valeria", "wendy"]) {
    const row = await server.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", `${email}@quiniela.test`)
      .executeTakeFirstOrThrow();
    ids[email] = row.id;
  }
  await addUser("ana", "Ana");
  await addUser("beto", "Beto");
  await addUser("carla", "Carla");
  for (const name of ["Jornada 1", "Jornada 2", "Jornada 3", "Jornada 4"]) {
    const { phaseId, matchIds } = await activatePhase(server, name);
    phase[name] = { id: phaseId, matches: matchIds };
  }
  const [, second, third, ...rest] = phase["Jornada 3"]!.matches;
  await server.db.updateTable("matches").set({ kickoff_at: KICKOFFS.second }).where("id", "=", second!).execute();
  await server.db.updateTable("matches").set({ kickoff_at: KICKOFFS.third }).where("id", "=", third!).execute();
  await server.db.updateTable("matches").set({ kickoff_at: KICKOFFS.rest }).where("id", "in", rest).execute();

  // Jornada 1: Ana 9 exact (27); Beto 9 outcomes (9); Carla 3 exact (9, ahead of Beto on exact hits); Valeria 0.
  await picks("ana", "Jornada 1", nine("exact"));
  await picks("beto", "Jornada 1", nine("outcome"));
  await picks("carla", "Jornada 1", [...nine("exact").slice(0, 3), ...nine("wrong").slice(3)]);
  await picks("valeria", "Jornada 1", nine("wrong"));
  // Jornada 2: Valeria 9 exact (27); Beto 9 outcomes; Ana and Carla nothing.
  await picks("ana", "Jornada 2", nine("wrong"));
  await picks("beto", "Jornada 2", nine("outcome"));
  await picks("valeria", "Jornada 2", nine("exact"));
  // Jornada 3: Valeria the first two (the first will be exact), nobody else.
  await picks("valeria", "Jornada 3", ["exact", "exact"]);
});
afterAll(() => server.close());

describe("before any result", () => {
  test("no place, no jornada; what is open and when the first of it closes, per player", async () => {
    const data = await home(viewer);
    expect(data.standing).toEqual({ place: null, lastPhase: null, champion: null });
    // Jornada 3: 9 − the 2 predicted; Jornada 4: 9 (Jornadas 1 and 2 were predicted whole).
    expect(said(data.open)).toEqual({
      missing: 16,
      editable: 0,
      closes: closes(KICKOFFS.third),
      countdown: "Cierra en 2 días 1 h",
    });
    expect(said(data.open).closes).toMatch(/^el \S+ \d\d:\d\d$/);

    const fresh = await home(newcomer);
    expect(said(fresh.open)).toEqual({
      missing: 36,
      editable: 0,
      closes: closes(KICKOFFS.second),
      countdown: "Cierra en 1 día 1 h",
    });
  });
});

describe("as the season goes", () => {
  test("one jornada completed: the place and that jornada's points, no movement yet", async () => {
    await results("Jornada 1");
    const { standing } = await home(viewer);
    // Ana 27, Carla 9 (3 exact), Beto 9 (0 exact), Valeria 0 and Wendy 0: five players.
    expect(standing.place).toEqual({ rank: 4, total: 5, points: 0, movement: null, since: null });
    expect(standing.lastPhase).toEqual({ name: "Jornada 1", points: 0, exactHits: 0 });
    expect(standing.champion).toBeNull();
  });

  test("the next jornada completed and the following begun: the movement since the jornada before the last", async () => {
    await results("Jornada 2");
    await results("Jornada 3", 1);
    const data = await home(viewer);
    // Now: Valeria 30 (1), Ana 27 (2), Beto 18 (3), Carla 9 (4), Wendy 0 (5). After Jornada 1: Valeria 4th.
    expect(data.standing).toEqual({
      place: { rank: 1, total: 5, points: 30, movement: { direction: "up", places: 3 }, since: "Jornada 1" },
      lastPhase: { name: "Jornada 2", points: 27, exactHits: 9 },
      champion: null,
    });
    // The first match of Jornada 3 has its result: no longer open.
    expect(said(data.open)).toMatchObject({ missing: 16, editable: 0, closes: closes(KICKOFFS.third) });

    // A player with no stored points at all: last, down one (Valeria passed them).
    const fresh = await home(newcomer);
    expect(fresh.standing.place).toEqual({
      rank: 5,
      total: 5,
      points: 0,
      movement: { direction: "down", places: 1 },
      since: "Jornada 1",
    });
    expect(fresh.standing.lastPhase).toEqual({ name: "Jornada 2", points: 0, exactHits: 0 });
  });

  test("the places agree with the table's rule, read one by one or together", async () => {
    const stored = await server.db
      .selectFrom("standings_total")
      .select(["user_id", "points", "exact_hits", "outcome_hits"])
      .where("season_id", "=", seasonId)
      .execute();
    const since = await server.db
      .selectFrom("standings_phase")
      .select(["user_id", "points", "exact_hits", "outcome_hits"])
      .where("phase_id", "in", [phase["Jornada 2"]!.id, phase["Jornada 3"]!.id])
      .execute();
    const everyone = Object.values(ids);
    const tally = (row?: { points: number; exact_hits: number; outcome_hits: number }) => ({
      points: Number(row?.points ?? 0),
      exactHits: Number(row?.exact_hits ?? 0),
      outcomeHits: Number(row?.outcome_hits ?? 0),
    });
    const now = everyone.map((userId) => ({ userId, ...tally(stored.find((row) => row.user_id === userId)) }));
    const before = now.map((row) => {
      const gained = since.filter((line) => line.user_id === row.userId).map((line) => tally(line));
      return gained.reduce<typeof row>(
        (sum, line) => ({
          ...sum,
          points: sum.points - line.points,
          exactHits: sum.exactHits - line.exactHits,
          outcomeHits: sum.outcomeHits - line.outcomeHits,
        }),
        row,
      );
    });
    const expected = movementsBetween(before, now);
    const query = {
      seasonId,
      previousPhaseId: phase["Jornada 1"]!.id,
      phaseId: phase["Jornada 2"]!.id,
    };
    const together = await seasonPlaces(server.db, query, everyone);
    for (const userId of everyone) {
      const [alone] = (await seasonPlaces(server.db, query, [userId])).values();
      expect(alone, userId).toEqual(together.get(userId));
      const move = expected.get(userId)!;
      const places = alone!.previousRank! - alone!.rank;
      expect({ direction: move.direction, places: move.places }, userId).toEqual({
        direction: places > 0 ? "up" : places < 0 ? "down" : "same",
        places: Math.abs(places),
      });
    }
    expect(
      Object.fromEntries([...together].map(([userId, place]) => [userId, [place.previousRank, place.rank]])),
    ).toEqual({
      [ids.valeria!]: [4, 1],
      [ids.wendy!]: [4, 5],
      [ids.ana!]: [1, 2],
      [ids.beto!]: [3, 3],
      [ids.carla!]: [2, 4],
    });
  });

  test("a finished season names its champion; nothing is open any more", async () => {
    await server.db.updateTable("seasons").set({ finished_at: NOW }).where("id", "=", seasonId).execute();
    try {
      const data = await home(viewer);
      expect(data.standing.champion).toEqual({ names: ["Valeria"], points: 30, you: true });
      expect(said(data.open)).toEqual({ missing: 0, editable: 0, closes: null, countdown: null });
      expect((await home(newcomer)).standing.champion).toEqual({ names: ["Valeria"], points: 30, you: false });
    } finally {
      await server.db.updateTable("seasons").set({ finished_at: null }).where("id", "=", seasonId).execute();
    }
  });
});

test("'¿Cómo se juega?' is open on the first visit, folded after it, and open again once the reader opened it", async () => {
  const rulesOpen = (body: string) => /<details[^>]*>/.exec(body)?.[0].includes(" open") ?? false;
  const first = await requestText(server, "/", { cookie: viewer });
  expect(first.status).toBe(200);
  expect(rulesOpen(first.body)).toBe(true);
  expect(first.headers.getSetCookie().find((cookie) => cookie.startsWith(`${RULES_COOKIE}=`))).toMatch(
    new RegExp(`^${RULES_COOKIE}=cerrado;.*Max-Age=\\d+`),
  );

  const later = await requestText(server, "/", { cookie: `${viewer}; ${RULES_COOKIE}=cerrado` });
  expect(rulesOpen(later.body)).toBe(false);
  // Folded, the rules are still in the page: opening them asks the server nothing.
  expect(later.body).toContain("¿Cómo se juega?");
  expect(later.body).toContain("Los pronósticos se cierran al comenzar cada partido.");
  expect(later.headers.getSetCookie().some((cookie) => cookie.startsWith(`${RULES_COOKIE}=`))).toBe(false);

  const reopened = await requestText(server, "/", { cookie: `${viewer}; ${RULES_COOKIE}=abierto` });
  expect(rulesOpen(reopened.body)).toBe(true);
});
