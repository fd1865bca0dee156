import { describe, expect, test } from "vitest";

import { game, ligaMx, worldCup } from "#app/domain/files/fixtures/openfootball";

import { cpuMillisecondsOf } from "../../../tests/support/cpu-time";
import { parseSeasonFile, type ParsedSeasonFile } from "./season-file";
import { spanishRound } from "./season-file-openfootball";

const MEXICO = "America/Mexico_City";

function parsed(file: unknown, seasonName?: string): ParsedSeasonFile {
  const result = parseSeasonFile(JSON.stringify(file), { timeZone: MEXICO, seasonName });
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result.file;
}

function problems(file: unknown, seasonName?: string): string[] {
  const result = parseSeasonFile(JSON.stringify(file), { timeZone: MEXICO, seasonName });
  if (result.ok) throw new Error("se esperaban problemas");
  return result.problems;
}

describe("worldcup.json", () => {
  test("the group stage becomes 'Grupos · Jornada 1–3', each group numbered by date; the knockouts are Spanish", () => {
    const file = parsed(worldCup);
    expect(file).toMatchObject({
      format: "openfootball",
      name: "World Cup 2026",
      competition: "Copa Mundial de la FIFA",
      timeZone: null,
      teams: [],
    });
    expect(file.phases).toEqual([
      "Grupos · Jornada 1",
      "Grupos · Jornada 2",
      "Grupos · Jornada 3",
      "Dieciseisavos de Final",
      "Cuartos de Final",
      "Tercer Lugar",
      "Final",
    ]);
    expect(file.matches.map((m) => [m.row, m.phase, m.group])).toEqual([
      [1, "Grupos · Jornada 1", "Grupo A"],
      [2, "Grupos · Jornada 1", "Grupo A"],
      [3, "Grupos · Jornada 1", "Grupo B"],
      [4, "Grupos · Jornada 1", "Grupo B"],
      [5, "Grupos · Jornada 2", "Grupo B"],
      [6, "Grupos · Jornada 2", "Grupo A"],
      [7, "Grupos · Jornada 2", "Grupo A"],
      [8, "Grupos · Jornada 2", "Grupo B"],
      [9, "Grupos · Jornada 3", "Grupo A"],
      [10, "Grupos · Jornada 3", "Grupo A"],
      [11, "Grupos · Jornada 3", "Grupo B"],
      [12, "Grupos · Jornada 3", "Grupo B"],
      [13, "Dieciseisavos de Final", null],
      [14, "Dieciseisavos de Final", null],
      [15, "Cuartos de Final", null],
      [16, "Tercer Lugar", null],
      [17, "Final", null],
    ]);
  });

  test("kickoffs at the venue's offset, scores after 90 minutes, extra time and penalties; placeholders are 'Por definir'", () => {
    const matches = parsed(worldCup).matches;
    expect(matches[0]).toEqual({
      row: 1,
      phase: "Grupos · Jornada 1",
      group: "Grupo A",
      home: "Mexico",
      away: "South Africa",
      kickoffAt: "2026-06-11T19:00:00.000Z",
      isFirstLeg: null,
      result: { home: 2, away: 0 },
      extraTime: null,
      penalties: null,
    });
    expect(matches[12]).toMatchObject({
      home: "Mexico",
      away: "Bosnia & Herzegovina",
      kickoffAt: "2026-06-29T20:30:00.000Z",
      result: { home: 1, away: 1 },
      extraTime: { home: 2, away: 2 },
      penalties: { home: 4, away: 3 },
    });
    expect(matches[13]).toMatchObject({ extraTime: { home: 1, away: 0 }, penalties: null });
    expect(matches.slice(14).map((m) => [m.home, m.away, m.result])).toEqual([
      [null, null, null],
      [null, null, null],
      [null, null, null],
    ]);
  });

  test("a file without offsets (World Cup 2022) reads its times in the zone given", () => {
    const file = parsed({
      name: "World Cup 2022",
      matches: [game("Final", "2022-12-18", "18:00", "Argentina", "France")],
    });
    expect(file.matches[0]?.kickoffAt).toBe("2022-12-19T00:00:00.000Z");
    const noTime = parsed({
      name: "World Cup 1930",
      matches: [{ round: "Final", date: "1930-07-30", team1: "Uruguay", team2: "Argentina" }],
    });
    expect(noTime.matches[0]?.kickoffAt).toBeNull();
  });
});

describe("football.json (Liga MX)", () => {
  test("the season's name picks the Apertura: 'Matchday n' → 'Jornada n', play-ins, the quarter-finals' two legs", () => {
    const file = parsed(ligaMx, "Liga MX Apertura 2024");
    expect(file).toMatchObject({ name: "Liga MX Apertura 2024", competition: "Liga MX" });
    expect(file.phases).toEqual(["Jornada 1", "Jornada 2", "Play-In 1", "Play-In 2", "Cuartos Ida", "Cuartos Vuelta"]);
    expect(file.matches.map((m) => [m.row, m.phase, m.home, m.isFirstLeg])).toEqual([
      [1, "Jornada 1", "Puebla FC", null],
      [2, "Jornada 1", "Gallos Blancos", null],
      [3, "Jornada 2", "CF America", null],
      [4, "Play-In 1", "Club Tijuana", null],
      [5, "Play-In 2", "Club Tijuana", null],
      [6, "Cuartos Ida", "UANL Tigres", true],
      [7, "Cuartos Ida", "CF Pachuca", true],
      [8, "Cuartos Vuelta", "Atlético San Luis", false],
      [9, "Cuartos Vuelta", "Deportivo Guadalajara", false],
    ]);
    // Times without offset are Mexico City's wall clock; a play-in shoot-out has no extra time.
    expect(file.matches[0]?.kickoffAt).toBe("2024-07-05T22:45:00.000Z");
    expect(file.matches[3]).toMatchObject({
      result: { home: 2, away: 2 },
      extraTime: null,
      penalties: { home: 2, away: 3 },
    });
  });

  test("the Clausura, with its legs named in the rounds; the name takes the year of the tournament", () => {
    const file = parsed(ligaMx, "clausura 2025");
    expect(file.name).toBe("Liga MX Clausura 2025");
    expect(file.phases).toEqual(["Jornada 1", "Final Ida", "Final Vuelta"]);
    expect(file.matches.map((m) => [m.row, m.phase, m.isFirstLeg])).toEqual([
      [10, "Jornada 1", null],
      [11, "Jornada 1", null],
      [12, "Final Ida", true],
      [13, "Final Vuelta", false],
    ]);
  });

  test("refused when the name names neither tournament", () => {
    const message =
      "El archivo tiene dos torneos (Apertura, Clausura): escribe en el nombre de la temporada cuál quieres";
    expect(problems(ligaMx, "Liga MX 2024")).toEqual([message]);
    expect(problems(ligaMx)).toEqual([message]);
    expect(problems(ligaMx, "Apertura y Clausura")).toEqual([message]);
  });

  test("a file with one tournament needs no name", () => {
    const apertura = { ...ligaMx, matches: ligaMx.matches.slice(0, 3) };
    expect(parsed(apertura).phases).toEqual(["Jornada 1", "Jornada 2"]);
    expect(parsed(apertura).name).toBe("Liga MX Apertura 2024");
  });
});

describe("rounds", () => {
  test.each([
    ["Matchday 7", "Jornada 7", "Jornada 7"],
    ["Round of 32", "Dieciseisavos de Final", "Dieciseisavos"],
    ["Round of 16", "Octavos de Final", "Octavos"],
    ["Quarter-finals", "Cuartos de Final", "Cuartos"],
    ["Quarterfinals", "Cuartos de Final", "Cuartos"],
    ["Quarter-final", "Cuartos de Final", "Cuartos"],
    ["Semi-finals", "Semifinales", "Semifinal"],
    ["Semifinal", "Semifinales", "Semifinal"],
    ["Match for third place", "Tercer Lugar", "Tercer Lugar"],
    ["Third place", "Tercer Lugar", "Tercer Lugar"],
    ["Final", "Final", "Final"],
    ["Play-in round 2", "Play-In 2", "Play-In 2"],
    ["Play-in", "Play-In", "Play-In"],
    ["Reclassification", "Reclasificación", "Reclasificación"],
  ])("%s → %s / %s Ida", (round, single, legs) => {
    expect(spanishRound(round)).toEqual({ single, legs });
  });

  test("legs written in the round: ', 1st Leg', 'First Leg', '2nd leg'", () => {
    const file = parsed({
      name: "Copa",
      matches: [
        game("Semi-finals, 1st Leg", "2025-04-29", "21:00", "Arsenal", "PSG"),
        game("Semi-finals - First Leg", "2025-04-30", "21:00", "Barcelona", "Inter"),
        game("Semi-finals, 2nd leg", "2025-05-06", "21:00", "Inter", "Barcelona"),
        game("Semi-finals Second Leg", "2025-05-07", "21:00", "PSG", "Arsenal"),
      ],
    });
    expect(file.phases).toEqual(["Semifinal Ida", "Semifinal Vuelta"]);
    expect(file.matches.map((m) => m.isFirstLeg)).toEqual([true, true, false, false]);
    expect(file.competition).toBeNull();
  });

  test("stages whose rounds read the same in Spanish keep their stage; a round twice between the same teams is not always two legs", () => {
    const file = parsed({
      name: "Champions",
      matches: [
        game("League, Matchday 1", "2024-09-17", "18:45", "Juventus", "PSV"),
        game("League, Matchday 2", "2024-10-01", "21:00", "PSV", "Sporting"),
        game("Playoffs, Matchday 1", "2025-02-11", "21:00", "Brest", "PSG"),
        game("Playoffs, Matchday 2", "2025-02-19", "21:00", "PSG", "Brest"),
        game("Finals, Round of 16", "2025-03-04", "21:00", "PSG", "Liverpool"),
        game("Finals, Round of 16", "2025-03-11", "21:00", "Liverpool", "PSG"),
        game("Finals, Final", "2025-05-31", "21:00", "PSG", "Inter"),
      ],
    });
    expect(file.phases).toEqual([
      "Liga · Jornada 1",
      "Liga · Jornada 2",
      "Repechaje · Jornada 1",
      "Repechaje · Jornada 2",
      "Octavos Ida",
      "Octavos Vuelta",
      "Final",
    ]);
    const sameTeamsTwice = parsed({
      name: "Torneo",
      matches: [
        game("Matchday 1", "2025-01-01", "12:00", "A", "B"),
        game("Matchday 1", "2025-01-08", "12:00", "B", "A"),
      ],
    });
    expect(sameTeamsTwice.phases).toEqual(["Jornada 1"]);
  });
});

describe("problems", () => {
  test("each with its match: round, date, scores, teams", () => {
    const list = problems({
      name: "World Cup 2026",
      matches: [
        game("", "2026-06-11", "13:00 UTC-6", "Mexico", "South Africa"),
        game("Matchday 1", "2026-06-31", "13:00 UTC-6", "Mexico", "South Africa"),
        game("Matchday 1", "2026-06-11", "25:00", "Mexico", "South Africa"),
        game("Matchday 1", "11/06/2026", "", "Mexico", "South Africa"),
        game("Matchday 1", "2026-06-11", "13:00", "Mexico", "South Africa", { score: { ft: [1] } }),
        game("Matchday 1", "2026-06-11", "13:00", "Mexico", "South Africa", { score: { ft: [1, "dos"] } }),
        game("Matchday 1", "2026-06-11", "13:00", "Mexico", "South Africa", { score: { ft: [1, null] } }),
        { ...game("Matchday 1", "2026-06-11", "13:00", "Mexico", ""), team2: 7 },
        "Mexico - South Africa",
      ],
    });
    expect(list).toEqual([
      "Partido 1: falta la ronda («round»)",
      "Partido 2: fecha no válida «2026-06-31 13:00 UTC-6»",
      "Partido 3: fecha no válida «2026-06-11 25:00»",
      "Partido 4: fecha no válida «11/06/2026»",
      "Partido 5: el marcador «ft» debe ser una lista de dos números, como [2, 1]",
      "Partido 6: marcador no válido «dos» (los goles son números enteros de 0 a 99)",
      "Partido 7: marcador incompleto (escribe los goles de los dos equipos o de ninguno)",
      "Partido 8: el equipo visitante («team2») debe ser texto",
      "Partido 9: no tiene la forma {round, date, time, team1, team2, score}",
    ]);
    const same = problems({ name: "X", matches: [game("Matchday 1", "2026-06-11", "13:00", "Mexico", "mexico")] });
    expect(same).toEqual(["Partido 1: el equipo local y el visitante son el mismo («Mexico»)"]);
  });
});

describe("hostile files are read in time growing with their length, not its square", () => {
  const RUN = 240_000;
  const match = (fields: Record<string, unknown>) => ({ round: "Matchday 1", team1: "A", team2: "B", ...fields });

  /** The time of one read, in ms, after a warm-up read of the same shape with a short run. */
  function timed(
    file: (run: number) => unknown,
    seasonName?: string,
  ): { ms: number; result: ReturnType<typeof parseSeasonFile> } {
    parseSeasonFile(JSON.stringify(file(100)), { timeZone: MEXICO, seasonName });
    const text = JSON.stringify(file(RUN));
    return cpuMillisecondsOf(() => parseSeasonFile(text, { timeZone: MEXICO, seasonName }));
  }

  test("a round of 240 KB of dashes (a minute before) is refused in under 100 ms", () => {
    const { ms, result } = timed((run) => ({ name: "x", matches: [match({ round: `x${"-".repeat(run)}x` })] }));
    expect(result).toEqual({ ok: false, problems: ["Partido 1: la fase tiene más de 80 caracteres"] });
    expect(ms).toBeLessThan(100);
  });

  test("a group, a tournament and a file name padded with 240 KB of spaces are read in under 100 ms", () => {
    const group = timed((run) => ({ name: "x", matches: [match({ group: `Group${" ".repeat(run)}a\nb` })] }));
    expect(group.result).toEqual({ ok: false, problems: ["Partido 1: el grupo tiene caracteres no permitidos"] });
    const tournament = timed((run) => ({
      name: "Liga",
      matches: [match({ round: `Apertura${" ".repeat(run)}\u2028x, Matchday 1` })],
    }));
    expect(tournament.result.ok).toBe(true);
    const name = timed(
      (run) => ({
        name: `Liga${" ".repeat(run)}2024x`,
        matches: [match({ round: "Apertura, Matchday 1" }), match({ round: "Clausura, Matchday 1" })],
      }),
      "Apertura",
    );
    expect(name.result.ok).toBe(true);
    expect(Math.max(group.ms, tournament.ms, name.ms)).toBeLessThan(100);
  });
});
