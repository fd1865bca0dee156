import fs from "node:fs";
import { describe, expect, test } from "vitest";

import { normalizeExport, toActive, toIsoTimestamp, toPhaseName, toScore } from "./firestore-values";

const fixture = (name: string): unknown =>
  JSON.parse(fs.readFileSync(new URL(`../../tests/fixtures/${name}`, import.meta.url), "utf8"));

describe("toIsoTimestamp", () => {
  test.each([
    [{ _seconds: 1704067200, _nanoseconds: 512000000 }, "2024-01-01T00:00:00.512Z"],
    [{ seconds: 1704067200, nanoseconds: 0 }, "2024-01-01T00:00:00.000Z"],
    [{ __datatype__: "timestamp", value: { _seconds: 1704067200, _nanoseconds: 0 } }, "2024-01-01T00:00:00.000Z"],
    [{ __datatype__: "timestamp", value: { seconds: 1704067200, nanoseconds: 0 } }, "2024-01-01T00:00:00.000Z"],
    ["2024-05-09T21:10:00-06:00", "2024-05-10T03:10:00.000Z"],
    [1704067200000, "2024-01-01T00:00:00.000Z"],
    ["1704067200000", "2024-01-01T00:00:00.000Z"],
  ])("%j → %s", (value, iso) => {
    expect(toIsoTimestamp(value)).toBe(iso);
  });

  test.each([null, undefined, "", "mañana", { _seconds: "x" }, true])("%j is no timestamp", (value) => {
    expect(toIsoTimestamp(value)).toBeNull();
  });
});

test("activo as the original wrote it: 0 and false are inactive, 1 and true active", () => {
  expect([0, 1, true, false, "1", "true", "0", undefined, null].map(toActive)).toEqual([
    false,
    true,
    true,
    false,
    true,
    true,
    false,
    false,
    false,
  ]);
});

test("scores: numbers or text; none is null; anything else is invalid", () => {
  expect([2, "1", " 0 ", 0, null, undefined, "", "dos", -1, 2.5, 100, true].map(toScore)).toEqual([
    2,
    1,
    0,
    0,
    null,
    null,
    null,
    "invalid",
    "invalid",
    "invalid",
    "invalid",
    "invalid",
  ]);
});

test("phases: round numbers, 'Jornada n' and the legacy knockout names", () => {
  expect(
    [1, "3", "jornada 12", "Jornada 1", "Quarters", "semifinals", "Final", "Cuartos Ida", "", null].map(toPhaseName),
  ).toEqual([
    "Jornada 1",
    "Jornada 3",
    "Jornada 12",
    "Jornada 1",
    "Cuartos de Final",
    "Semifinales",
    "Final",
    "Cuartos Ida",
    null,
    null,
  ]);
});

test("a file that is not an export is refused with a Spanish message", () => {
  expect(normalizeExport([1, 2])).toEqual({ ok: false, message: expect.stringContaining("no es una exportación") });
  expect(normalizeExport({ clientes: {} })).toEqual({ ok: false, message: expect.stringContaining("__collections__") });
});

describe("the sample export under __collections__, documents keyed by id", () => {
  const result = normalizeExport(fixture("firestore-export.json"));
  if (!result.ok) throw new Error(result.message);
  const data = result.data;

  test("users: uuid when present, else the document id; every other id is an alias", () => {
    const [ana, beto] = data.users;
    expect(ana).toMatchObject({
      key: "Xk3aP9anaQ2",
      uuid: "7f1c2e-ana-uuid",
      aliases: ["Xk3aP9anaQ2"],
      displayName: "Anita ⚽",
    });
    expect(ana!.createdAt).toBe("2024-01-01T00:00:00.512Z");
    expect(beto).toMatchObject({
      uuid: "Bt72betoLm1",
      photoUrl: "https://lh3.googleusercontent.com/a/beto-foto",
      createdAt: "2024-01-02T00:00:00.000Z",
    });
    expect(data.users).toHaveLength(5);
  });

  test("matches: aliases kept as written, scores as numbers, empty teams and results as null", () => {
    const byKey = new Map(data.matches.map((match) => [match.key, match]));
    expect(byKey.get("m-j1-gdl-san")).toMatchObject({
      phase: "Jornada 1",
      home: "Chivas",
      homeScore: 1,
      awayScore: 1,
      active: true,
    });
    expect(byKey.get("m-j2-ame-qro")).toMatchObject({
      phase: "Jornada 2",
      homeScore: null,
      active: false,
      kickoffAt: "2024-01-21T02:30:00.000Z",
    });
    expect(byKey.get("m-qf-leo-san-vuelta")).toMatchObject({
      phase: "Cuartos de Final",
      homeScore: 2,
      awayScore: 1,
      isFirstLeg: false,
    });
    expect(byKey.get("m-sf-ida")).toMatchObject({ phase: "Semifinales", home: "Atlante", away: null });
    expect(byKey.get("m-final-ida")).toMatchObject({
      phase: "Final",
      home: null,
      away: null,
      homeScore: null,
      awayScore: null,
    });
  });

  test("predictions: flat and nested forms, the nested one under its user_id", () => {
    const nested = data.predictions.filter((pick) => pick.key.startsWith("Bt72betoLm1-anteriores#"));
    expect(nested).toEqual([
      expect.objectContaining({ userId: "Bt72betoLm1", matchId: "m-j1-gdl-san", home: 2, away: 2, active: false }),
      expect.objectContaining({ userId: "Bt72betoLm1", matchId: "m-j2-ame-qro", home: 1, away: 0, active: true }),
    ]);
    // 'dos' is no score: the document is left out here, with its reason.
    expect(data.predictions.map((pick) => pick.key)).not.toContain("p-caro-qf-ida");
    expect(data.skipped).toEqual([
      { collection: "predictions", id: "p-caro-qf-ida", reason: expect.stringContaining("número entero") },
    ]);
  });

  test("rankings: user totals only, club documents are not totals", () => {
    expect(data.rankings).toEqual([
      { key: "r-ana", userId: "7f1c2e-ana-uuid", name: "Anita ⚽", points: 9 },
      { key: "r-beto", userId: "Bt72betoLm1", name: "Beto", points: 4 },
    ]);
  });
});

test("the sample export with top-level collections as arrays of documents with id", () => {
  const result = normalizeExport(fixture("firestore-export-arrays.json"));
  if (!result.ok) throw new Error(result.message);
  expect(result.data.users.map((user) => user.uuid)).toEqual(["7f1c2e-ana-uuid", "Ev31evaNu7"]);
  expect(result.data.matches[0]).toMatchObject({
    key: "m-j1-qro-tol",
    phase: "Jornada 1",
    homeScore: 2,
    active: true,
    kickoffAt: "2024-01-13T01:00:00.000Z",
  });
  expect(result.data.predictions.map((pick) => pick.key)).toEqual(["p1", "p2", "p3"]);
  expect(result.data.quinielas[0]).toMatchObject({
    name: "Quiniela de los Primos",
    participantIds: ["Ev31evaNu7", "Xk3aP9anaQ2"],
    createdAt: "2024-02-01T00:00:00.000Z",
  });
});
