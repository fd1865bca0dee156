import { describe, expect, test } from "vitest";

import {
  byKickoff,
  dueThreshold,
  firstKickoff,
  manualOccasion,
  manualReminderWait,
  missingMatches,
  openMatchesByPhase,
  retryDelayMs,
  timedOccasion,
  type ReminderMatch,
} from "./reminder-rules";

// Saturday 13 January 2024, 12:00 in Mexico City.
const now = new Date("2024-01-13T18:00:00Z");
const hoursFromNow = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();
const HOURS = [24, 2];

const match = (id: number, more: Partial<ReminderMatch> = {}): ReminderMatch => ({
  id,
  phaseId: 5,
  active: true,
  hasResult: false,
  kickoffAt: hoursFromNow(30),
  phaseActivatedAt: null,
  teamsKnown: true,
  ...more,
});

describe("open matches", () => {
  test("only matches a player can still predict count: active, teams known, no result, phase not activated, kickoff ahead", () => {
    const matches = [
      match(1),
      match(2, { kickoffAt: null }),
      match(3, { active: false }),
      match(4, { teamsKnown: false }),
      match(5, { hasResult: true }),
      match(6, { phaseActivatedAt: hoursFromNow(-1) }),
      match(7, { kickoffAt: hoursFromNow(-0.01) }),
      match(8, { phaseId: 6 }),
    ];
    const open = openMatchesByPhase(matches, now);
    expect([...open.keys()]).toEqual([5, 6]);
    expect(open.get(5)!.map((m) => m.id)).toEqual([1, 2]);
    expect(open.get(6)!.map((m) => m.id)).toEqual([8]);
  });

  test("a player's missing matches are the open ones without a pick", () => {
    expect(missingMatches([match(1), match(2), match(3)], new Set([2])).map((m) => m.id)).toEqual([1, 3]);
    expect(missingMatches([match(1)], new Set([1]))).toEqual([]);
  });

  test("a reminder lists them by kickoff, those without one last", () => {
    const list = [
      match(1, { kickoffAt: null }),
      match(2, { kickoffAt: hoursFromNow(5) }),
      match(3, { kickoffAt: hoursFromNow(3) }),
      match(4, { kickoffAt: hoursFromNow(3) }),
    ];
    expect(list.sort(byKickoff).map((m) => m.id)).toEqual([3, 4, 2, 1]);
  });

  test("the first kickoff ignores matches without one", () => {
    expect(firstKickoff([{ kickoffAt: null }, { kickoffAt: hoursFromNow(5) }, { kickoffAt: hoursFromNow(3) }])).toBe(
      hoursFromNow(3),
    );
    expect(firstKickoff([{ kickoffAt: null }])).toBeNull();
  });
});

describe("dueThreshold", () => {
  test("nothing while the first missing kickoff is 24 hours or more away", () => {
    expect(dueThreshold([{ kickoffAt: hoursFromNow(24) }], HOURS, now)).toBeNull();
    expect(dueThreshold([{ kickoffAt: hoursFromNow(30) }], HOURS, now)).toBeNull();
  });

  test("the 24-hour reminder under 24 hours, the 2-hour one under 2 hours, by the first missing kickoff", () => {
    expect(dueThreshold([{ kickoffAt: hoursFromNow(23.9) }], HOURS, now)).toBe(24);
    expect(dueThreshold([{ kickoffAt: hoursFromNow(2) }], HOURS, now)).toBe(24);
    expect(dueThreshold([{ kickoffAt: hoursFromNow(1.99) }], HOURS, now)).toBe(2);
    expect(dueThreshold([{ kickoffAt: hoursFromNow(40) }, { kickoffAt: hoursFromNow(1) }], HOURS, now)).toBe(2);
  });

  test("a server that was down sends only the most urgent one at start, while the kickoff is ahead", () => {
    expect(dueThreshold([{ kickoffAt: hoursFromNow(0.5) }], HOURS, now)).toBe(2);
    expect(dueThreshold([{ kickoffAt: hoursFromNow(-0.5) }], HOURS, now)).toBeNull();
    expect(dueThreshold([{ kickoffAt: now.toISOString() }], HOURS, now)).toBeNull();
  });

  test("matches without a kickoff get no timed reminder", () => {
    expect(dueThreshold([{ kickoffAt: null }, { kickoffAt: null }], HOURS, now)).toBeNull();
    expect(dueThreshold([], HOURS, now)).toBeNull();
  });

  test("REMINDER_HOURS in any order and number", () => {
    expect(dueThreshold([{ kickoffAt: hoursFromNow(5) }], [2, 6, 48], now)).toBe(6);
    expect(dueThreshold([{ kickoffAt: hoursFromNow(5) }], [1], now)).toBeNull();
  });
});

test("occasions: a timed reminder by its hours, a manual one by its id", () => {
  expect(timedOccasion(24)).toBe("24");
  expect(manualOccasion(17)).toBe("manual-17");
});

test("'Recordar a los que faltan' once an hour per phase, with the minutes since the last", () => {
  expect(manualReminderWait(null, now)).toBeNull();
  expect(manualReminderWait(new Date(now.getTime() - 12 * 60_000 - 30_000).toISOString(), now)).toEqual({
    minutesAgo: 12,
  });
  expect(manualReminderWait(now.toISOString(), now)).toEqual({ minutesAgo: 0 });
  expect(manualReminderWait(new Date(now.getTime() - 59 * 60_000).toISOString(), now)).toEqual({ minutesAgo: 59 });
  expect(manualReminderWait(new Date(now.getTime() - 60 * 60_000).toISOString(), now)).toBeNull();
});

test("retries back off from the check's interval, doubling, at most half an hour", () => {
  expect([1, 2, 3, 4, 5, 6, 7].map((attempts) => retryDelayMs(attempts, 60_000) / 60_000)).toEqual([
    1, 2, 4, 8, 16, 30, 30,
  ]);
  expect(retryDelayMs(1, 1_000)).toBe(1_000);
  expect(retryDelayMs(3, 1_000)).toBe(4_000);
});
