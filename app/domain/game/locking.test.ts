import { describe, expect, test } from "vitest";

import { closeStarted, LOCK_MESSAGES, lockReason, nextKickoff, predictionsRevealed, type MatchState } from "./locking";

const now = new Date("2026-06-28T18:00:00Z");
const open: MatchState = {
  active: true,
  hasResult: false,
  kickoffAt: "2026-06-29T20:30:00Z",
  phaseActivatedAt: null,
  teamsKnown: true,
};

describe("lockReason", () => {
  test("an active match with known teams, before kickoff, takes picks", () => {
    expect(lockReason(open, now)).toBeNull();
    expect(lockReason({ ...open, kickoffAt: null }, now)).toBeNull();
  });

  test("each reason locks it: inactive, teams to be decided, result, activated phase, kickoff", () => {
    expect(lockReason({ ...open, active: false }, now)).toBe("inactive");
    expect(lockReason({ ...open, teamsKnown: false }, now)).toBe("undecided");
    expect(lockReason({ ...open, hasResult: true }, now)).toBe("result");
    expect(lockReason({ ...open, phaseActivatedAt: "2026-06-28T17:00:00Z" }, now)).toBe("phase-activated");
    expect(lockReason({ ...open, kickoffAt: "2026-06-28T18:00:00Z" }, now)).toBe("kickoff");
  });
});

test("other people's picks show once the match is locked for good, not while it waits for its teams", () => {
  expect(predictionsRevealed(open, now)).toBe(false);
  expect(predictionsRevealed({ ...open, kickoffAt: "2026-06-28T17:59:00Z" }, now)).toBe(true);
  expect(predictionsRevealed({ ...open, hasResult: true }, now)).toBe(true);
});

describe("a page's matches as the browser's clock moves", () => {
  const at = (iso: string) => Date.parse(iso);
  const matches = [
    { id: 1, kickoffAt: "2026-06-29T20:30:00Z", lockedBecause: null, editable: false },
    { id: 2, kickoffAt: "2026-06-30T02:00:00Z", lockedBecause: null, editable: true },
    { id: 3, kickoffAt: null, lockedBecause: null, editable: false },
    { id: 4, kickoffAt: "2026-06-28T10:00:00Z", lockedBecause: "El partido ya tiene resultado", editable: false },
  ];

  test("before the first kickoff nothing changes: the same array", () => {
    expect(closeStarted(matches, at("2026-06-29T20:29:59Z"))).toBe(matches);
  });

  test("at its kickoff an open match closes, its pick no longer editable; the others stay", () => {
    const later = closeStarted(matches, at("2026-06-30T02:00:00Z"));
    expect(later.map((match) => match.lockedBecause)).toEqual([
      LOCK_MESSAGES.kickoff,
      LOCK_MESSAGES.kickoff,
      null,
      "El partido ya tiene resultado",
    ]);
    expect(later[1]!.editable).toBe(false);
    expect(later[2]).toBe(matches[2]);
  });

  test("the next kickoff to wait for is an open match's, after the time given", () => {
    expect(nextKickoff(matches, at("2026-06-28T00:00:00Z"))).toBe(at("2026-06-29T20:30:00Z"));
    expect(nextKickoff(matches, at("2026-06-29T20:30:00Z"))).toBe(at("2026-06-30T02:00:00Z"));
    expect(nextKickoff(matches, at("2026-06-30T02:00:00Z"))).toBeNull();
  });
});
