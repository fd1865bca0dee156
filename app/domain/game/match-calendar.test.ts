import { describe, expect, test } from "vitest";

import { calendarSummary, matchEvent, type CalendarMatch } from "./match-calendar";

const match: CalendarMatch = {
  id: 7,
  home: "Toluca",
  away: "América",
  kickoffAt: "2024-01-13T02:00:00.000Z",
  kickoffSequence: 3,
  phaseName: "Jornada 1",
  group: null,
  result: null,
  extraTime: null,
  penalties: null,
};

describe("calendarSummary", () => {
  test("the teams before the match, the score between them once played", () => {
    expect(calendarSummary(match)).toBe("Toluca vs América");
    expect(calendarSummary({ ...match, result: { home: 2, away: 1 } })).toBe("Toluca 2 - 1 América");
  });

  test("extra time and the shoot-out as the match cards say them; unknown teams 'Por definir'", () => {
    const tie = { ...match, result: { home: 1, away: 1 }, extraTime: { home: 1, away: 1 } };
    expect(calendarSummary({ ...tie, penalties: { home: 4, away: 3 } })).toBe("Toluca 1 - 1 América (4 - 3 pen.)");
    expect(calendarSummary({ ...tie, extraTime: { home: 2, away: 1 } })).toBe("Toluca 2 - 1 América t.e.");
    expect(calendarSummary({ ...match, home: null, away: null })).toBe("Por definir vs Por definir");
  });
});

describe("matchEvent", () => {
  test("a stable UID at the host, two hours from kickoff, the kickoff's sequence, an alarm an hour before", () => {
    const event = matchEvent(match, {
      host: "quiniela.example",
      seasonName: "Liga MX",
      url: "https://quiniela.example/",
    });
    expect(event).toMatchObject({
      uid: "match-7@quiniela.example",
      start: "2024-01-13T02:00:00.000Z",
      end: "2024-01-13T04:00:00.000Z",
      sequence: 3,
      summary: "Toluca vs América",
      alarm: { minutesBefore: 60, description: "Toluca vs América empieza en una hora" },
    });
  });
});
