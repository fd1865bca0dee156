import { describe, expect, test } from "vitest";

import { defaultPhaseId, phaseStatus, phasesToShow } from "./phase-status";

describe("phaseStatus", () => {
  const users = [
    { userId: "c", name: "Carla", captured: 9 },
    { userId: "a", name: "ana", captured: 9 },
    { userId: "b", name: "Beto", captured: 3 },
    { userId: "d", name: "Diego", captured: 0 },
    { userId: "e", name: "Elena", captured: 3 },
  ];

  test("users with every prediction are complete, by name; the others by how many they miss", () => {
    const status = phaseStatus(users, 9);
    expect(status.total).toBe(9);
    expect(status.complete.map((user) => user.name)).toEqual(["ana", "Carla"]);
    expect(status.missing.map((user) => [user.name, user.captured, user.missing])).toEqual([
      ["Diego", 0, 9],
      ["Beto", 3, 6],
      ["Elena", 3, 6],
    ]);
  });

  test("nobody missing", () => {
    const status = phaseStatus(
      users.map((user) => ({ ...user, captured: 9 })),
      9,
    );
    expect(status.missing).toEqual([]);
    expect(status.complete).toHaveLength(5);
  });

  test("picks of matches no longer active never count above the total", () => {
    expect(phaseStatus([{ userId: "a", name: "Ana", captured: 12 }], 9).complete[0]?.captured).toBe(9);
  });

  test("no users", () => {
    expect(phaseStatus([], 9)).toEqual({ total: 9, complete: [], missing: [] });
  });
});

describe("defaultPhaseId", () => {
  const phases = [
    { id: 11, position: 1, activeMatches: 9 },
    { id: 12, position: 2, activeMatches: 9 },
    { id: 13, position: 3, activeMatches: 0 },
  ];

  test("the requested phase when it exists", () => {
    expect(defaultPhaseId(phases, 13)).toBe(13);
  });

  test("else the latest phase with active matches", () => {
    expect(defaultPhaseId(phases, null)).toBe(12);
    expect(defaultPhaseId(phases, 99)).toBe(12);
  });

  test("else the first phase; null without phases", () => {
    expect(
      defaultPhaseId(
        phases.map((phase) => ({ ...phase, activeMatches: 0 })),
        null,
      ),
    ).toBe(11);
    expect(defaultPhaseId([], null)).toBeNull();
  });
});

describe("phasesToShow", () => {
  const phase = (id: number, waiting: boolean) => ({ id, waiting });

  test("the phase named in the URL, alone, when the page lists it", () => {
    expect(phasesToShow([phase(1, false), phase(2, true)], 1)).toEqual([1]);
    expect(phasesToShow([phase(1, false), phase(2, true)], 99)).toEqual([2]);
  });

  test("else every phase where something waits, in order", () => {
    expect(phasesToShow([phase(1, false), phase(2, true), phase(3, false), phase(4, true)], null)).toEqual([2, 4]);
  });

  test("else the last phase; nothing without phases", () => {
    expect(phasesToShow([phase(1, false), phase(2, false)], null)).toEqual([2]);
    expect(phasesToShow([], null)).toEqual([]);
  });
});
