import { describe, expect, test } from "vitest";

import { lockReason, predictionsRevealed, type MatchState } from "./locking";

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
