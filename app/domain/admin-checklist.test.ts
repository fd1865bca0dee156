import { expect, test } from "vitest";

import { adminChecklist, type ChecklistFacts, type StepKey } from "./admin-checklist";

/** A fresh install: the bundled season, its admin alone, nothing opened, no kickoff times. */
const FRESH: ChecklistFacts = {
  season: { name: "Liga MX Clausura 2024", finished: false },
  players: 1,
  roster: 0,
  matches: 167,
  activeMatches: 0,
  activeToPlay: 0,
  openPhases: 0,
  withoutKickoff: 167,
  activeWithoutKickoff: 0,
  withResult: 0,
  awaitingResult: 0,
};

const step = (facts: Partial<ChecklistFacts>, key: StepKey) =>
  adminChecklist({ ...FRESH, ...facts }).find((candidate) => candidate.key === key)!;

test("a fresh install: season done; players, a jornada and kickoff times to do; results later", () => {
  const steps = adminChecklist(FRESH);
  expect(steps.map((candidate) => [candidate.key, candidate.state])).toEqual([
    ["season", "done"],
    ["players", "todo"],
    ["phases", "todo"],
    ["kickoffs", "todo"],
    ["results", "later"],
  ]);
  expect(steps.map((candidate) => candidate.link.to)).toEqual([
    "/admin/temporadas",
    "/admin/users",
    "/admin/matches",
    "/admin/matches",
    "/admin/results",
  ]);
  // Every step to do says what to do.
  for (const candidate of steps) expect(candidate.hint === null).toBe(candidate.state !== "todo");
  expect(step({}, "players").detail).toBe("1 jugador registrado · registro abierto a cualquier correo");
  expect(step({}, "kickoffs").detail).toBe("167 partidos sin fecha y hora.");
  expect(step({}, "results").detail).toBe("0 de 167 partidos con resultado: ningún partido ha empezado todavía.");
});

test("a finished current season is to do", () => {
  const season = step({ season: { name: "Liga MX Apertura 2024", finished: true } }, "season");
  expect(season.state).toBe("todo");
  expect(season.detail).toBe("Liga MX Apertura 2024 está terminada.");
});

test("players: two accounts make a pool; the roster is counted when there is one", () => {
  expect(step({ players: 2 }, "players").state).toBe("done");
  expect(step({ players: 12, roster: 1 }, "players").detail).toBe(
    "12 jugadores registrados · 1 correo en la lista de participantes",
  );
  expect(step({ players: 0 }, "players").state).toBe("todo");
});

test("a jornada: done while one is open with matches to play, or once the whole season is played", () => {
  const phases = step({ activeMatches: 27, activeToPlay: 18, openPhases: 2, withResult: 9 }, "phases");
  expect(phases.state).toBe("done");
  expect(phases.detail).toBe("2 jornadas abiertas · 18 partidos por jugar");
  expect(step({ activeMatches: 1, activeToPlay: 1, openPhases: 1 }, "phases").detail).toBe(
    "1 jornada abierta · 1 partido por jugar",
  );
  // The opened jornadas are played and the next waits: to do again.
  const played = step({ activeMatches: 9, withResult: 9 }, "phases");
  expect(played).toMatchObject({ state: "todo", hint: "Abre la siguiente con «Activar Jornada»." });
  expect(played.detail).toBe("Las jornadas abiertas ya se jugaron: nadie tiene partidos por pronosticar.");
  expect(step({ activeMatches: 167, withResult: 167 }, "phases")).toMatchObject({
    state: "done",
    detail: "Todos los partidos de la temporada se jugaron.",
  });
});

test("kickoff times: to do while a match still to play has none; the active ones are said", () => {
  expect(step({ withoutKickoff: 0 }, "kickoffs").state).toBe("done");
  expect(step({ withoutKickoff: 20, activeWithoutKickoff: 9 }, "kickoffs").detail).toBe(
    "20 partidos sin fecha y hora (9 de ellos activos).",
  );
  expect(step({ withoutKickoff: 1, activeWithoutKickoff: 1 }, "kickoffs").detail).toBe(
    "1 partido sin fecha y hora (activo).",
  );
});

test("results: to do when a begun match has none, done when none waits and some are in, later before any", () => {
  const waiting = step({ awaitingResult: 2, withResult: 7 }, "results");
  expect(waiting.state).toBe("todo");
  expect(waiting.detail).toBe("2 partidos ya empezaron y no tienen resultado · 7 de 167 partidos con resultado.");
  expect(step({ awaitingResult: 1 }, "results").detail).toContain("1 partido ya empezó y no tiene resultado");
  expect(step({ withResult: 7 }, "results")).toMatchObject({
    state: "done",
    detail: "7 de 167 partidos con resultado.",
  });
  expect(step({}, "results").state).toBe("later");
});
