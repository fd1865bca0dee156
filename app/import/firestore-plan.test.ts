import fs from "node:fs";
import { expect, test } from "vitest";

import season from "#app/data/seasons/bundled/liga-mx-clausura-2024.json";

import { cpuMillisecondsOf } from "../../tests/support/cpu-time";
import { planImport, type DatabaseState } from "./firestore-plan";
import { normalizeExport, type NormalizedExport } from "./firestore-values";

function load(name: string): NormalizedExport {
  const result = normalizeExport(
    JSON.parse(fs.readFileSync(new URL(`../../tests/fixtures/${name}`, import.meta.url), "utf8")),
  );
  if (!result.ok) throw new Error(result.message);
  return result.data;
}

/** A fresh install: the season's teams, 23 phases and fixtures, no results, no users. */
function freshDatabase(overrides: Partial<DatabaseState> = {}): DatabaseState {
  const teams = season.teams.map((team, index) => ({ id: index + 1, name: team.name, shortCode: team.short }));
  const phases = season.phases.map((name, index) => ({ id: index + 1, name, position: index + 1 }));
  const teamId = (name: string | null) => teams.find((team) => team.name === name)?.id ?? null;
  return {
    teams,
    phases,
    matches: season.matches.map((match, index) => ({
      id: index + 1,
      phaseId: phases.find((phase) => phase.name === match.phase)!.id,
      homeTeamId: teamId(match.home),
      awayTeamId: teamId(match.away),
      homeScore: null,
      awayScore: null,
      kickoffAt: null,
      active: false,
    })),
    users: [],
    predictionKeys: new Set(),
    quinielas: [],
    ...overrides,
  };
}

let codes = 0;
const inviteCode = () => `codigo-${++codes}`;

test("the sample export on a fresh install: counts of every kind", () => {
  const plan = planImport(load("firestore-export.json"), freshDatabase(), inviteCode);
  expect(plan.counts).toEqual({
    usersNew: 4,
    usersReused: 0,
    phasesNew: 3,
    matchesNew: 4,
    matchesMatched: 3,
    results: 4,
    predictionsNew: 10,
    predictionsPresent: 0,
    quinielasNew: 1,
    quinielasPresent: 0,
  });
  expect(plan.phases).toEqual([
    { name: "Cuartos de Final", existingId: null, position: 24 },
    { name: "Semifinales", existingId: null, position: 25 },
    { name: "Final", existingId: null, position: 26 },
  ]);
});

test("every record left out is listed with its reason, in Spanish", () => {
  const plan = planImport(load("firestore-export.json"), freshDatabase(), inviteCode);
  expect(plan.skipped).toEqual(
    expect.arrayContaining([
      { collection: "users", id: "Zz99sinCorreo", reason: "sin correo electrónico" },
      { collection: "predictions", id: "p-caro-qf-ida", reason: expect.stringContaining("número entero") },
      {
        collection: "predictions",
        id: "p-ana-qro-tol-repetido",
        reason: expect.stringContaining("se conserva el primero"),
      },
      { collection: "predictions", id: "p-caro-ame-qro", reason: "sin marcador pronosticado" },
      { collection: "predictions", id: "p-usuario-borrado", reason: "usuario desconocido: uuid-de-cuenta-borrada" },
      { collection: "predictions", id: "p-partido-borrado", reason: "partido desconocido: m-partido-borrado" },
      {
        collection: "quinielas",
        id: "q-oficina",
        reason: expect.stringContaining("participante desconocido: uid-cuenta-borrada"),
      },
    ]),
  );
  expect(plan.skipped).toHaveLength(7);
});

test("duplicates keep the first prediction; the nested form counts like the flat one", () => {
  const plan = planImport(load("firestore-export.json"), freshDatabase(), inviteCode);
  const ana = plan.predictions.filter((pick) => pick.userRef === "Xk3aP9anaQ2" && pick.matchRef === "m-j1-qro-tol");
  expect(ana).toEqual([expect.objectContaining({ home: 2, away: 2, active: true })]);
  expect(
    plan.predictions
      .filter((pick) => pick.userRef === "Bt72betoLm1")
      .map((pick) => [pick.matchRef, pick.home, pick.away, pick.active]),
  ).toEqual([
    ["m-j1-qro-tol", 1, 0, false],
    ["m-j1-gdl-san", 2, 2, false],
    ["m-j2-ame-qro", 1, 0, true],
  ]);
});

test("matches: team aliases found among the 18 teams and matched to the season's fixtures; unknown and empty teams are 'Por definir'", () => {
  const state = freshDatabase();
  const plan = planImport(load("firestore-export.json"), state, inviteCode);
  const byRef = new Map(plan.matches.map((match) => [match.ref, match]));
  const fixture = (phase: string, home: string, away: string) =>
    state.matches.find((match) => {
      const teams = state.teams;
      return (
        match.phaseId === state.phases.find((p) => p.name === phase)!.id &&
        match.homeTeamId === teams.find((t) => t.name === home)!.id &&
        match.awayTeamId === teams.find((t) => t.name === away)!.id
      );
    })!.id;
  expect(byRef.get("m-j1-qro-tol")).toMatchObject({
    existingId: fixture("Jornada 1", "Querétaro", "Toluca"),
    setResult: true,
    activate: true,
    setKickoff: true,
  });
  expect(byRef.get("m-j1-gdl-san")).toMatchObject({
    existingId: fixture("Jornada 1", "Guadalajara", "Santos Laguna"),
    result: { home: 1, away: 1 },
  });
  expect(byRef.get("m-j2-ame-qro")).toMatchObject({
    existingId: fixture("Jornada 2", "América", "Querétaro"),
    setResult: false,
    activate: false,
  });
  expect(byRef.get("m-sf-ida")).toMatchObject({
    existingId: null,
    phaseName: "Semifinales",
    homeTeamId: null,
    awayTeamId: null,
  });
  expect(byRef.get("m-final-ida")).toMatchObject({
    existingId: null,
    phaseName: "Final",
    homeTeamId: null,
    awayTeamId: null,
  });
  expect(plan.warnings).toEqual(
    expect.arrayContaining([
      expect.stringContaining("equipo desconocido «Atlante»"),
      expect.stringContaining("'Cuartos Ida'"),
    ]),
  );
});

test("an e-mail already in the database is reused whatever its case; a result already there is kept", () => {
  const state = freshDatabase();
  const qroTol = state.matches[0]!;
  const plan = planImport(
    load("firestore-export.json"),
    {
      ...state,
      users: [{ id: "cuenta-de-dani", email: "dani.lopez@example.com" }],
      matches: state.matches.map((match) => (match === qroTol ? { ...match, homeScore: 3, awayScore: 0 } : match)),
    },
    inviteCode,
  );
  expect(plan.users.find((user) => user.ref === "Dn55daniPq4")).toMatchObject({
    existingId: "cuenta-de-dani",
    email: "dani.lopez@example.com",
  });
  expect(plan.counts).toMatchObject({ usersNew: 3, usersReused: 1, results: 3 });
  expect(plan.matches.find((match) => match.ref === "m-j1-qro-tol")).toMatchObject({ setResult: false });
  expect(plan.warnings).toEqual(expect.arrayContaining([expect.stringContaining("Se conserva el de la base")]));
});

test("predictions of an existing (user, match) are kept, not planned again", () => {
  const state = freshDatabase({ users: [{ id: "cuenta-de-dani", email: "dani.lopez@example.com" }] });
  const gdlSan = planImport(load("firestore-export.json"), state, inviteCode).matches.find(
    (match) => match.ref === "m-j1-gdl-san",
  )!;
  const plan = planImport(
    load("firestore-export.json"),
    { ...state, predictionKeys: new Set([`cuenta-de-dani:${gdlSan.existingId}`]) },
    inviteCode,
  );
  expect(plan.counts).toMatchObject({ predictionsNew: 9, predictionsPresent: 1 });
});

test("the pool: owner is the first known participant, unknown ones left out, a fresh invite code", () => {
  const plan = planImport(load("firestore-export.json"), freshDatabase(), () => "nuevo-codigo");
  expect(plan.quinielas).toEqual([
    {
      ref: "q-oficina",
      existingId: null,
      name: "Quiniela de la Oficina",
      ownerRef: "Xk3aP9anaQ2",
      memberRefs: ["Xk3aP9anaQ2", "Bt72betoLm1", "Dn55daniPq4"],
      matchRefs: ["m-qf-leo-san-ida", "m-qf-leo-san-vuelta", "m-sf-ida", "m-final-ida"],
      inviteCode: "nuevo-codigo",
      createdAt: "2024-05-04T05:20:00.000Z",
    },
  ]);
});

test("users keep their data: nickname, photo, colour; 'blue.500' style colours become ours", () => {
  const plan = planImport(load("firestore-export.json"), freshDatabase(), inviteCode);
  expect(
    plan.users.map((user) => [user.email, user.name, user.displayName, user.avatarColor, user.image !== null]),
  ).toEqual([
    ["ana.martinez@example.com", "Ana Martínez", "Anita ⚽", "green", false],
    ["beto.pena@example.com", "Alberto Peña", "Beto", "purple", true],
    ["caro.ibanez@example.com", "Carolina Ibáñez", null, "orange", false],
    ["dani.lopez@example.com", "Daniel López", "Dani", "blue", false],
  ]);
  expect(plan.rankings.map((standings) => [standings.userRef, standings.points])).toEqual([
    ["Xk3aP9anaQ2", 9],
    ["Bt72betoLm1", 4],
  ]);
});

test("the arrays export after the keyed one: Ana is the same account, her prediction already there", () => {
  const state = freshDatabase({ users: [{ id: "cuenta-de-ana", email: "ana.martinez@example.com" }] });
  const qroTol = planImport(load("firestore-export-arrays.json"), state, inviteCode).matches[0]!;
  const plan = planImport(
    load("firestore-export-arrays.json"),
    { ...state, predictionKeys: new Set([`cuenta-de-ana:${qroTol.existingId}`]) },
    inviteCode,
  );
  expect(plan.counts).toMatchObject({
    usersNew: 1,
    usersReused: 1,
    matchesMatched: 2,
    matchesNew: 0,
    predictionsNew: 2,
    predictionsPresent: 1,
  });
  expect(plan.skipped).toEqual([]);
});

test("an e-mail is something, '@' and a domain with an inner dot; a long run of dots is judged at once", () => {
  const emails = [
    "ana@example.com",
    "b@x.y",
    "ana@example",
    "ana@.com",
    "ana@example.",
    "ana example@x.com",
    "@x.com",
    `a@${".".repeat(100_000)} `,
  ];
  const users = emails.map((email, index) => ({
    key: `u${index}`,
    uuid: `u${index}`,
    aliases: [],
    name: null,
    displayName: null,
    email,
    createdAt: null,
    photoUrl: null,
    avatarColor: null,
  }));
  const { ms, result: plan } = cpuMillisecondsOf(() =>
    planImport(
      { users, matches: [], predictions: [], quinielas: [], rankings: [], skipped: [] },
      freshDatabase(),
      inviteCode,
    ),
  );
  expect(ms).toBeLessThan(100);
  expect(plan.users.map((user) => user.email)).toEqual(["ana@example.com", "b@x.y"]);
  expect(plan.skipped.map((skip) => skip.id)).toEqual(["u2", "u3", "u4", "u5", "u6", "u7"]);
});
