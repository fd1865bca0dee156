import { afterAll, beforeAll, expect, test } from "vitest";

import { SCRIPT_ACTOR } from "#app/data/changes/change-log.server";
import { deletePredictionsOfUser, deleteUser } from "#app/data/people/users.server";
import { updatePrediction } from "#app/data/predictions/admin-predictions.server";
import { resetMatch, saveResult } from "#app/data/results/match-results.server";
import { setPhaseActive } from "#app/data/seasons/phases.server";
import { positionsByJornada } from "#app/data/standings/positions.server";
import { refreshAllScores } from "#app/data/standings/upkeep.server";

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
 * The season's table as it stood when each completed jornada ended (issue 46: standings_after_phase)
 * is kept in the transaction of every change, on both engines: whatever the sequence of results,
 * corrections, resets, admin edits of picks, phases switched off and on, picks dropped and
 * accounts deleted, it equals the table worked out here from the stored phase points (a completed
 * jornada: active matches, all with their result; places 1, 2, 2, 4 by points, exact hits,
 * outcomes), and positionsByJornada reads it back.
 */

let server: TestServer;
let seasonId: number;
const NOW = new Date().toISOString();
const USERS = 10;
const JORNADAS = ["Jornada 1", "Jornada 2", "Jornada 3", "Jornada 4"];
const phase: Record<string, { id: number; matches: number[] }> = {};

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

type Line = {
  phase_id: number;
  user_id: string;
  place: number;
  points: number;
  exact_hits: number;
  outcome_hits: number;
};

const sorted = (lines: Line[]) =>
  lines.sort((a, b) => a.phase_id - b.phase_id || (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0));

async function stored(): Promise<Line[]> {
  const rows = await server.db
    .selectFrom("standings_after_phase")
    .select(["phase_id", "user_id", "place", "points", "exact_hits", "outcome_hits"])
    .execute();
  return sorted(
    rows.map((row) => ({
      phase_id: Number(row.phase_id),
      user_id: row.user_id,
      place: Number(row.place),
      points: Number(row.points),
      exact_hits: Number(row.exact_hits),
      outcome_hits: Number(row.outcome_hits),
    })),
  );
}

/** The same table worked out here from the season's phases, matches and stored phase points. */
async function expected(): Promise<Line[]> {
  const { db } = server;
  const phases = await db
    .selectFrom("phases")
    .select("id")
    .where("season_id", "=", seasonId)
    .orderBy("position")
    .execute();
  const matches = await db
    .selectFrom("matches")
    .select(["phase_id", "active", "home_score", "away_score"])
    .where(
      "phase_id",
      "in",
      phases.map((p) => p.id),
    )
    .execute();
  const perPhase = await db.selectFrom("standings_phase").selectAll().execute();
  const totals = new Map<string, { points: number; exact_hits: number; outcome_hits: number }>();
  const lines: Line[] = [];
  for (const { id } of phases) {
    for (const row of perPhase.filter((r) => r.phase_id === id)) {
      const sum = totals.get(row.user_id) ?? { points: 0, exact_hits: 0, outcome_hits: 0 };
      totals.set(row.user_id, {
        points: sum.points + Number(row.points),
        exact_hits: sum.exact_hits + Number(row.exact_hits),
        outcome_hits: sum.outcome_hits + Number(row.outcome_hits),
      });
    }
    const active = matches.filter((m) => m.phase_id === id && Number(m.active) === 1);
    const completed = active.length > 0 && active.every((m) => m.home_score !== null && m.away_score !== null);
    if (!completed) continue;
    const all = [...totals.values()];
    for (const [userId, t] of totals) {
      const ahead = all.filter(
        (o) =>
          o.points > t.points ||
          (o.points === t.points && o.exact_hits > t.exact_hits) ||
          (o.points === t.points && o.exact_hits === t.exact_hits && o.outcome_hits > t.outcome_hits),
      ).length;
      lines.push({ phase_id: id, user_id: userId, place: ahead + 1, ...t });
    }
  }
  return sorted(lines);
}

/** A player straight into the database, with their picks (unscored until a result is saved). */
async function addPlayer(id: string, name: string, picks: readonly { matchId: number; home: number; away: number }[]) {
  await server.db
    .insertInto("users")
    .values({ id, name, email: `${id}@quiniela.test`, email_verified: 0, created_at: NOW, updated_at: NOW })
    .execute();
  await server.db
    .insertInto("predictions")
    .values(
      picks.map((pick) => ({
        user_id: id,
        match_id: pick.matchId,
        home_score: pick.home,
        away_score: pick.away,
        activated: 1,
        created_at: NOW,
        updated_at: NOW,
      })),
    )
    .execute();
}

beforeAll(async () => {
  server = await startTestServer();
  seasonId = await currentSeasonId(server);
  for (const name of JORNADAS) {
    const { phaseId, matchIds } = await activatePhase(server, name);
    phase[name] = { id: phaseId, matches: matchIds };
  }
  const next = random(46);
  const goals = () => Math.floor(next() * 3);
  for (let u = 0; u < USERS; u++) {
    const picks = JORNADAS.flatMap((name) => phase[name]!.matches).filter(() => next() < 0.8);
    await addPlayer(
      `u${u}`,
      `Jugador ${u}`,
      picks.map((matchId) => ({ matchId, home: goals(), away: goals() })),
    );
  }
});
afterAll(() => server.close());

test("every completed jornada's table is stored as results come in, are corrected and reset", async () => {
  const { db } = server;
  const next = random(2026);
  const goals = () => Math.floor(next() * 3);
  // Jornadas 1 and 2 played whole, 3 begun: two tables stored.
  for (const name of ["Jornada 1", "Jornada 2"]) {
    for (const matchId of phase[name]!.matches)
      await saveResult(db, matchId, { home: goals(), away: goals() }, SCRIPT_ACTOR);
  }
  await saveResult(db, phase["Jornada 3"]!.matches[0]!, { home: 1, away: 0 }, SCRIPT_ACTOR);
  const first = await stored();
  expect(new Set(first.map((line) => line.phase_id))).toEqual(
    new Set([phase["Jornada 1"]!.id, phase["Jornada 2"]!.id]),
  );
  expect(first).toEqual(await expected());
  expect(first.some((line) => line.place > 1)).toBe(true);

  // A correction of an old jornada moves the tables after it; a reset takes a jornada's table away.
  await saveResult(db, phase["Jornada 1"]!.matches[0]!, { home: 5, away: 5 }, SCRIPT_ACTOR);
  expect(await stored()).toEqual(await expected());
  await resetMatch(db, phase["Jornada 2"]!.matches[3]!, SCRIPT_ACTOR);
  const reset = await stored();
  expect(reset.some((line) => line.phase_id === phase["Jornada 2"]!.id)).toBe(false);
  expect(reset).toEqual(await expected());
});

test("a jornada switched off loses its table, switched on gets it back; a later one counts the points before it", async () => {
  const { db } = server;
  for (const matchId of phase["Jornada 3"]!.matches) await saveResult(db, matchId, { home: 2, away: 1 }, SCRIPT_ACTOR);
  // Jornada 2 is missing one result: Jornada 3's table counts what Jornada 2 scored so far.
  expect((await stored()).some((line) => line.phase_id === phase["Jornada 3"]!.id)).toBe(true);
  expect(await stored()).toEqual(await expected());
  expect(await setPhaseActive(db, phase["Jornada 3"]!.id, false, SCRIPT_ACTOR)).toMatchObject({ ok: true });
  expect((await stored()).some((line) => line.phase_id === phase["Jornada 3"]!.id)).toBe(false);
  expect(await stored()).toEqual(await expected());
  expect(await setPhaseActive(db, phase["Jornada 3"]!.id, true, SCRIPT_ACTOR)).toMatchObject({ ok: true });
  expect((await stored()).some((line) => line.phase_id === phase["Jornada 3"]!.id)).toBe(true);
  expect(await stored()).toEqual(await expected());
});

test("any sequence of results, resets, admin edits, dropped picks and deleted accounts keeps the tables true", async () => {
  const { db } = server;
  const next = random(1946);
  const goals = () => Math.floor(next() * 3);
  const matches = JORNADAS.flatMap((name) => phase[name]!.matches);
  const pick = () => matches[Math.floor(next() * matches.length)]!;
  for (let step = 0; step < 50; step++) {
    const roll = next();
    if (roll < 0.6) await saveResult(db, pick(), { home: goals(), away: goals() }, SCRIPT_ACTOR);
    else if (roll < 0.75) await resetMatch(db, pick(), SCRIPT_ACTOR);
    else {
      const prediction = await db
        .selectFrom("predictions")
        .select("id")
        .where("match_id", "=", pick())
        .orderBy("id")
        .executeTakeFirst();
      if (prediction) await updatePrediction(db, prediction.id, { home: goals(), away: goals() }, SCRIPT_ACTOR);
    }
    if (step === 20) await deletePredictionsOfUser(db, "u3", SCRIPT_ACTOR);
    if (step === 35) expect(await deleteUser(db, "u5", SCRIPT_ACTOR)).toBeNull();
    expect(await stored(), `paso ${step}`).toEqual(await expected());
  }
  // A rebuild (the demo's, an import's) writes the same.
  const before = await stored();
  await refreshAllScores(db);
  expect(await stored()).toEqual(before);
});

test("positionsByJornada: the completed jornadas in order, each player's place and points then", async () => {
  const { db } = server;
  for (const name of JORNADAS)
    for (const matchId of phase[name]!.matches) await saveResult(db, matchId, { home: 1, away: 1 }, SCRIPT_ACTOR);
  const lines = await expected();
  // Someone with no pick at all: 0 points, sharing the place of a zero tally.
  await db
    .insertInto("users")
    .values({
      id: "nuevo",
      name: "Nuevo",
      email: "nuevo@quiniela.test",
      email_verified: 0,
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();
  const read = await positionsByJornada(db, seasonId, ["u0", "nuevo"]);
  expect(read.phases.map((p) => p.name)).toEqual(JORNADAS);
  const line = (userId: string, phaseId: number) => lines.find((l) => l.user_id === userId && l.phase_id === phaseId);
  expect(read.byUser.get("u0")).toEqual(
    JORNADAS.map((name) => {
      const then = line("u0", phase[name]!.id)!;
      return { place: then.place, points: then.points };
    }),
  );
  expect(read.byUser.get("nuevo")).toEqual(
    JORNADAS.map((name) => ({
      place: 1 + lines.filter((l) => l.phase_id === phase[name]!.id && l.points > 0).length,
      points: 0,
    })),
  );
});

interface Course {
  phases: { id: number; name: string }[];
  players: { userId: string; name: string; positions: { place: number; points: number }[] }[];
  focusId: string | null;
}
interface RankingsData {
  table: { rows: { userId: string; rank: number }[] };
  course: Course | null;
}

test("/rankings draws 'Evolución de la temporada' for the top 5 and the viewer, from the stored positions", async () => {
  const rankings = async (query = "", cookie?: string) =>
    (await routeData(server, `/rankings.data${query}`, "routes/rankings", cookie)).data as RankingsData;
  const cookie = await createUser(server, { name: "Zoe Visitante", email: "zoe@quiniela.test" });
  const zoe = (
    await server.db.selectFrom("users").select("id").where("email", "=", "zoe@quiniela.test").executeTakeFirstOrThrow()
  ).id;
  const lines = await expected();
  const lastPhase = phase[JORNADAS.at(-1)!]!.id;
  const positionsOf = (userId: string) =>
    JORNADAS.map((name) => {
      const then = lines.find((l) => l.user_id === userId && l.phase_id === phase[name]!.id);
      return then
        ? { place: then.place, points: then.points }
        : { place: 1 + lines.filter((l) => l.phase_id === phase[name]!.id && l.points > 0).length, points: 0 };
    });

  // A visitor: the table's first five, nobody marked.
  const anonymous = await rankings();
  const top = anonymous.table.rows.slice(0, 5).map((row) => row.userId);
  expect(anonymous.course!.phases.map((p) => p.name)).toEqual(JORNADAS);
  expect(anonymous.course!.players.map((p) => p.userId)).toEqual(top);
  expect(anonymous.course!.focusId).toBeNull();
  for (const player of anonymous.course!.players)
    expect(player.positions, player.name).toEqual(positionsOf(player.userId));
  // The last completed jornada's places are the table's ranks now (no result since).
  for (const row of anonymous.table.rows.slice(0, 5)) {
    expect(lines.find((l) => l.user_id === row.userId && l.phase_id === lastPhase)?.place).toBe(row.rank);
  }

  // A player outside the top 5: their line added and marked.
  const signedIn = await rankings("", cookie);
  expect(signedIn.course!.players.map((p) => p.userId)).toEqual([...top, zoe]);
  expect(signedIn.course!.focusId).toBe(zoe);
  expect(signedIn.course!.players.at(-1)!.positions).toEqual(positionsOf(zoe));

  // A jornada's own table has no chart; the page as a screen reader finds it.
  expect((await rankings(`?jornada=${lastPhase}`)).course).toBeNull();
  const page = (await requestText(server, "/rankings", { cookie })).body;
  expect(page).toMatch(/<svg role="img" aria-label="Evolución de la temporada"/);
  expect(page).toContain("<summary>Posición por jornada</summary>");
  expect(page).toContain("Zoe Visitante (tú)");
});

test("results saved while accounts are deleted, at once, leave the tables true (PostgreSQL: one writer of a season's tables at a time)", async () => {
  const { db } = server;
  // Players who picked jornada 1 only: deleting them locks none of the matches saved beside it.
  const early = phase["Jornada 1"]!.matches;
  for (let u = 0; u < 6; u++) {
    await addPlayer(
      `c${u}`,
      `Corredor ${u}`,
      early.map((matchId, i) => ({ matchId, home: (u + i) % 3, away: 1 })),
    );
  }
  await refreshAllScores(db);
  const later = [...phase["Jornada 3"]!.matches, ...phase["Jornada 4"]!.matches];
  for (const matchId of later) await saveResult(db, matchId, { home: 1, away: 1 }, SCRIPT_ACTOR);
  expect(await stored()).toEqual(await expected());
  for (let round = 0; round < 6; round++) {
    const refusals = await Promise.all([
      deleteUser(db, `c${round}`, SCRIPT_ACTOR),
      saveResult(db, later[round % later.length]!, { home: round % 4, away: 2 }, SCRIPT_ACTOR).then(() => null),
      saveResult(db, later[(round + 3) % later.length]!, { home: 2, away: round % 3 }, SCRIPT_ACTOR).then(() => null),
    ]);
    expect(refusals).toEqual([null, null, null]);
    expect(await stored(), `vuelta ${round}`).toEqual(await expected());
  }
});

test("a player whose only scored pick is reset leaves every later table (written over in place, not inserted again)", async () => {
  const { db } = server;
  for (const name of ["Jornada 1", "Jornada 2"]) {
    for (const matchId of phase[name]!.matches) await saveResult(db, matchId, { home: 1, away: 0 }, SCRIPT_ACTOR);
  }
  const only = phase["Jornada 1"]!.matches[0]!;
  await addPlayer("solo", "Solo", [{ matchId: only, home: 1, away: 0 }]);
  // Scored with the others' picks of that match, when its result is saved again.
  await saveResult(db, only, { home: 1, away: 0 }, SCRIPT_ACTOR);
  const inTable = async (jornada: string) =>
    (await stored()).some((line) => line.user_id === "solo" && line.phase_id === phase[jornada]!.id);
  expect(await inTable("Jornada 2")).toBe(true);
  expect(await stored()).toEqual(await expected());

  await resetMatch(db, only, SCRIPT_ACTOR);
  expect(await inTable("Jornada 2")).toBe(false);
  expect(await stored()).toEqual(await expected());
});
