import { describe, expect, test } from "vitest";

import {
  isCompleted,
  movement,
  movementLabel,
  movementMark,
  movementPhrase,
  movementReference,
  movementsBetween,
  rankIn,
  type PhaseProgress,
} from "./movement";

const phase = (id: number, activeMatches: number, activeWithoutResult: number): PhaseProgress => ({
  id,
  name: `Jornada ${id}`,
  activeMatches,
  activeWithoutResult,
  withResult: activeMatches - activeWithoutResult,
});

describe("movementReference", () => {
  test("a jornada is completed when every one of its active matches has a result", () => {
    expect(isCompleted(phase(1, 9, 0))).toBe(true);
    expect(isCompleted(phase(1, 9, 1))).toBe(false);
    // No active match: nothing was played, nothing completed.
    expect(isCompleted(phase(1, 0, 0))).toBe(false);
  });

  test("the last completed jornada, the one before it, and the phases scored since that one", () => {
    // J1, J2 completed; J3 with a postponed match; J4 completed; J5 begun; J6 open; J7 not active.
    const phases = [
      phase(1, 9, 0),
      phase(2, 9, 0),
      phase(3, 9, 1),
      phase(4, 9, 0),
      phase(5, 9, 7),
      phase(6, 9, 9),
      phase(7, 0, 0),
    ];
    // J6 and J7 have no result: no points stored to take off.
    expect(movementReference(phases)).toEqual({
      last: { id: 4, name: "Jornada 4" },
      previous: { id: 2, name: "Jornada 2" },
      since: [3, 4, 5],
    });
  });

  test("one completed jornada: no movement yet; none: nothing at all", () => {
    expect(movementReference([phase(1, 9, 0), phase(2, 9, 3)])).toEqual({
      last: { id: 1, name: "Jornada 1" },
      previous: null,
      since: [],
    });
    expect(movementReference([phase(1, 9, 9), phase(2, 0, 0)])).toEqual({ last: null, previous: null, since: [] });
    expect(movementReference([])).toEqual({ last: null, previous: null, since: [] });
  });
});

describe("movement", () => {
  test("up, down or the same, in ranks", () => {
    expect(movement(5, 3)).toEqual({ direction: "up", places: 2 });
    expect(movement(2, 3)).toEqual({ direction: "down", places: 1 });
    expect(movement(4, 4)).toEqual({ direction: "same", places: 0 });
    expect(movement(null, 4)).toBeNull();
  });

  test("as a table shows it and in words", () => {
    expect(movementMark({ direction: "up", places: 2 })).toBe("▲ 2");
    expect(movementMark({ direction: "down", places: 1 })).toBe("▼ 1");
    expect(movementMark({ direction: "same", places: 0 })).toBe("=");
    expect(movementPhrase({ direction: "up", places: 2 }, "Jornada 16")).toBe("Subiste 2 puestos desde Jornada 16");
    expect(movementPhrase({ direction: "down", places: 1 }, "Jornada 16")).toBe("Bajaste 1 puesto desde Jornada 16");
    expect(movementPhrase({ direction: "same", places: 0 }, "Final Ida")).toBe(
      "Sigues en el mismo puesto desde Final Ida",
    );
  });

  test("a table's mark in words, for screen readers", () => {
    expect(movementLabel({ direction: "up", places: 2 })).toBe("Subió 2 lugares");
    expect(movementLabel({ direction: "up", places: 1 })).toBe("Subió 1 lugar");
    expect(movementLabel({ direction: "down", places: 1 })).toBe("Bajó 1 lugar");
    expect(movementLabel({ direction: "down", places: 3 })).toBe("Bajó 3 lugares");
    expect(movementLabel({ direction: "same", places: 0 })).toBe("Sin cambio");
  });
});

describe("movementsBetween", () => {
  const row = (userId: string, points: number, exactHits = 0, outcomeHits = 0) => ({
    userId,
    points,
    exactHits,
    outcomeHits,
  });

  test("a rank counts who is strictly ahead: tied players share it (1, 2, 2, 4)", () => {
    const table = [row("a", 10), row("b", 8, 2), row("c", 8, 2), row("d", 8, 1)];
    expect(table.map((line) => rankIn(table, line))).toEqual([1, 2, 2, 4]);
    expect(rankIn(table, row("nuevo", 0))).toBe(5);
  });

  test("ranks before and now, compared: exact hits and outcomes break ties as in the tables", () => {
    const before = [row("ana", 10, 2, 4), row("beto", 9, 3, 3), row("caro", 9, 3, 3), row("dani", 4, 1, 2)];
    const now = [
      row("ana", 12, 2, 5),
      row("beto", 12, 3, 4),
      row("caro", 10, 3, 4),
      row("dani", 12, 3, 5),
      row("eva", 3, 1, 1),
    ];
    const moves = movementsBetween(before, now);
    // Now: dani 12/3/5 (1), beto 12/3/4 (2), ana 12/2/5 (3), caro (4), eva (5).
    // Before: ana (1), beto and caro tied (2), dani (4), eva absent: 0 points, (5).
    expect(Object.fromEntries(moves)).toEqual({
      dani: { direction: "up", places: 3 },
      beto: { direction: "same", places: 0 },
      ana: { direction: "down", places: 2 },
      caro: { direction: "down", places: 2 },
      eva: { direction: "same", places: 0 },
    });
  });
});
