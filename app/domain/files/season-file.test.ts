import { describe, expect, test } from "vitest";

import mundial2026 from "#app/data/seasons/bundled/copa-mundial-2026.json";
import apertura2024 from "#app/data/seasons/bundled/liga-mx-apertura-2024.json";
import clausura2024 from "#app/data/seasons/bundled/liga-mx-clausura-2024.json";
import clausura2025 from "#app/data/seasons/bundled/liga-mx-clausura-2025.json";

import { cpuMillisecondsOf } from "../../../tests/support/cpu-time";
import { parseSeasonFile, SEASON_FILE_MAX_BYTES, type ParsedSeasonFile } from "./season-file";

const MEXICO = "America/Mexico_City";

function parsed(text: string, options: { seasonName?: string; timeZone?: string } = {}): ParsedSeasonFile {
  const result = parseSeasonFile(text, { timeZone: MEXICO, ...options });
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result.file;
}

function problems(text: string, options: { seasonName?: string; timeZone?: string } = {}): string[] {
  const result = parseSeasonFile(text, { timeZone: MEXICO, ...options });
  if (result.ok) throw new Error("se esperaban problemas");
  return result.problems;
}

/** Problems are Spanish: none of the words an English message would use. */
function expectSpanish(list: readonly string[]): void {
  for (const problem of list) expect(problem).not.toMatch(/\b(the|is|invalid|expected|error|missing|must|row)\b/i);
}

describe("the bundled season files", () => {
  test.each([
    ["Liga MX Clausura 2024", clausura2024, 23, 18, 167],
    ["Liga MX Apertura 2024", apertura2024, 25, 18, 170],
    ["Liga MX Clausura 2025", clausura2025, 25, 18, 170],
    ["Copa Mundial 2026", mundial2026, 9, 48, 104],
  ])("%s reads with no problem", (name, season, phases, teams, matches) => {
    const file = parsed(JSON.stringify(season));
    expect(file.format).toBe("temporada");
    expect(file.name).toBe(name);
    expect(file.phases).toHaveLength(phases);
    expect(file.phases).toEqual(season.phases);
    expect(file.teams).toHaveLength(teams);
    expect(file.matches).toHaveLength(matches);
    expect(file.matches.every((match) => match.result !== null && match.kickoffAt !== null)).toBe(true);
  });

  test("fields: competition, zone, kickoff in UTC, legs, results", () => {
    const file = parsed(JSON.stringify(apertura2024));
    expect(file).toMatchObject({ competition: "Liga MX", timeZone: MEXICO });
    expect(file.teams[0]).toEqual({
      name: "Atlas",
      short: "ATS",
      primary: expect.stringMatching(/^#[0-9A-F]{6}$/),
      secondary: expect.any(String),
    });
    expect(file.matches[0]).toEqual({
      row: 1,
      phase: "Jornada 1",
      group: null,
      home: "Puebla",
      away: "Santos Laguna",
      kickoffAt: "2024-07-05T22:45:00.000Z",
      isFirstLeg: null,
      result: { home: 1, away: 0 },
      extraTime: null,
      penalties: null,
    });
    const last = file.matches.at(-1);
    expect(last).toMatchObject({ phase: "Final Vuelta", isFirstLeg: false, result: { home: 1, away: 1 } });
    const playIn = file.matches.find((match) => match.penalties !== null);
    expect(playIn).toMatchObject({ phase: "Play-In 1", extraTime: null, penalties: { home: 2, away: 3 } });
    expect(parsed(JSON.stringify(clausura2024)).competition).toBeNull();
  });

  test("the World Cup: groups, and its penalty shoot-out after extra time", () => {
    const file = parsed(JSON.stringify(mundial2026));
    expect(file.competition).toBe("Copa Mundial de la FIFA");
    expect(file.matches[0]).toMatchObject({ phase: "Grupos · Jornada 1", group: "Grupo A", home: "México" });
    expect(file.matches[0]?.kickoffAt).toBe("2026-06-11T19:00:00.000Z");
    const shootOut = file.matches.find((match) => match.home === "Alemania" && match.away === "Paraguay");
    expect(shootOut).toMatchObject({
      phase: "Dieciseisavos de Final",
      group: null,
      result: { home: 1, away: 1 },
      extraTime: { home: 1, away: 1 },
      penalties: { home: 3, away: 4 },
    });
    expect(file.matches.filter((match) => match.penalties !== null)).toHaveLength(4);
  });

  test("a BOM and CRLF line breaks change nothing", () => {
    const text = JSON.stringify(clausura2024, null, 2);
    expect(parsed(`\uFEFF${text.replace(/\n/g, "\r\n")}`)).toEqual(parsed(text));
  });
});

describe("the season JSON, written by hand", () => {
  const match = (fields: Record<string, unknown>) => ({
    phase: "Jornada 1",
    home: "América",
    away: "Toluca",
    kickoff: null,
    is_first_leg: null,
    home_score: null,
    away_score: null,
    ...fields,
  });

  test("without phases or teams: phases in the order of the matches, a bare number is 'Jornada n', no team is 'Por definir'", () => {
    const file = parsed(
      JSON.stringify({
        matches: [
          match({ phase: 2 }),
          match({ phase: "Jornada 1", home: "Toluca", away: "América", kickoff: "2024-01-12 19:00" }),
          match({ phase: "Final Ida", home: null, away: "" }),
          match({ phase: "final ida", home: "Por definir", away: "Toluca" }),
        ],
      }),
    );
    expect(file.phases).toEqual(["Jornada 2", "Jornada 1", "Final Ida"]);
    expect(file.name).toBeNull();
    expect(file.matches.map((m) => [m.phase, m.home, m.away, m.isFirstLeg])).toEqual([
      ["Jornada 2", "América", "Toluca", null],
      ["Jornada 1", "Toluca", "América", null],
      ["Final Ida", null, null, true],
      ["Final Ida", null, "Toluca", true],
    ]);
    expect(file.matches[1]?.kickoffAt).toBe("2024-01-13T01:00:00.000Z");
  });

  test("a time without offset is read in the file's time_zone, else in the one given", () => {
    const text = (zone?: string) =>
      JSON.stringify({ time_zone: zone, phases: ["Jornada 1"], matches: [match({ kickoff: "2025-03-30T12:00" })] });
    expect(parsed(text("Europe/Madrid")).matches[0]?.kickoffAt).toBe("2025-03-30T10:00:00.000Z");
    expect(parsed(text()).matches[0]?.kickoffAt).toBe("2025-03-30T18:00:00.000Z");
    expect(parsed(text(), { timeZone: "Europe/Madrid" }).timeZone).toBeNull();
  });

  test("every problem, each with its match, team or phase", () => {
    const long = "x".repeat(81);
    const list = problems(
      JSON.stringify({
        season: "Prueba",
        time_zone: "Marte/Olympus",
        phases: ["Jornada 1", "Jornada 2", "jornada 2", long],
        teams: [
          { name: "América", short: "AME", primary: "#FFD100", secondary: "#002D62" },
          { name: "Toluca", short: "TOLU", primary: "rojo", secondary: "#FFFFFF" },
          { name: "america", short: "AME", primary: "#FFD100", secondary: "#002D62" },
          "Pachuca",
        ],
        matches: [
          match({}),
          match({ phase: "Jornada 9" }),
          match({ phase: "" }),
          match({ home: "Toluca", away: "toluca" }),
          match({ kickoff: "2024-02-30T19:00:00-06:00" }),
          match({ phase: "Jornada 2", home_score: 100, away_score: 1 }),
          match({ phase: "Jornada 2", home: "Toluca", away: "América", home_score: 2 }),
          match({ phase: "Jornada 2", home: "Puebla", away: "León", home_score: 2.5, away_score: "1" }),
          match({ phase: "Jornada 2", home: "Necaxa", away: "Atlas", home_penalties: 4, away_penalties: 3 }),
          match({
            phase: "Jornada 2",
            home: "Tijuana",
            away: "Pumas",
            home_score: 2,
            away_score: 2,
            home_score_extra_time: 1,
            away_score_extra_time: 2,
          }),
          match({ phase: "Jornada 2", home: "Santos\u0000", away: long }),
          match({ phase: "Jornada 2", home: "León", away: "Puebla", is_first_leg: "sí" }),
          "partido",
          match({}),
        ],
      }),
    );
    expect(list).toEqual([
      "La zona horaria «Marte/Olympus» («time_zone») no existe",
      "Fase 3 de «phases»: «jornada 2» está repetida",
      "Fase 4 de «phases»: tiene más de 80 caracteres",
      "Equipo 2 de «teams»: el código («short») debe tener 2 o 3 letras o números",
      "Equipo 2 de «teams»: el color «primary» debe ser como #1A2B3C",
      "Equipo 3 de «teams»: «america» está repetido",
      "Equipo 3 de «teams»: el código «AME» está repetido",
      "Equipo 4 de «teams»: no tiene la forma {name, short, primary, secondary}",
      "Partido 2: fase desconocida «Jornada 9» (no está en la lista «phases»)",
      "Partido 3: falta la fase («phase»)",
      "Partido 5: fecha no válida «2024-02-30T19:00:00-06:00» (usa ISO 8601, como 2024-01-12T19:00:00-06:00)",
      "Partido 6: marcador no válido «100» (los goles son números enteros de 0 a 99)",
      "Partido 7: marcador incompleto (escribe los goles de los dos equipos o de ninguno)",
      "Partido 8: marcador no válido «2.5» (los goles son números enteros de 0 a 99)",
      "Partido 9: tiene tiempo extra o penales pero no el marcador de los 90 minutos",
      "Partido 10: el marcador del tiempo extra (el total tras la prórroga) no puede ser menor que el de los 90 minutos",
      "Partido 12: «is_first_leg» debe ser true, false o null",
      "Partido 13: no tiene la forma {phase, home, away, kickoff, home_score, away_score}",
      "Partido 4: el equipo local y el visitante son el mismo («Toluca»)",
      "Partido 11: el equipo local tiene caracteres no permitidos",
      "Partido 11: el equipo visitante tiene más de 80 caracteres",
      "Partido 14: partido repetido (Jornada 1, América vs Toluca; ya está en partido 1)",
    ]);
    expectSpanish(list);
  });

  test("unreadable JSON, wrong shapes, an old openfootball file", () => {
    expect(problems("{ matches: [")).toEqual(["El archivo no es un JSON válido"]);
    expect(problems("[1, 2]")).toEqual(["El archivo JSON debe ser un objeto con la lista «matches» de partidos"]);
    expect(problems('{"nombre": "x"}')).toEqual(["El archivo JSON no tiene la lista «matches» de partidos"]);
    expect(problems('{"season": "x", "phases": "Jornada 1", "matches": {}}')).toEqual([
      "«phases» debe ser la lista de los nombres de las fases, en orden",
      "El archivo no tiene la lista «matches» de partidos",
    ]);
    expect(problems('{"season": 7, "matches": []}')).toEqual(["El nombre de la temporada («season») debe ser texto"]);
    expect(problems('{"name": "World Cup 2018", "rounds": []}')).toEqual([
      "El archivo usa el formato antiguo de openfootball (con «rounds»): usa la versión con «matches»",
    ]);
  });
});

describe("CSV", () => {
  test("commas, no grupo: a bare number is 'Jornada n', local times in the season's zone, ISO with offset, empty dates", () => {
    const file = parsed(
      "jornada,local,visitante,fecha\n" +
        "1,América,Chivas,2024-07-05 19:00\n" +
        "\n" +
        "Jornada 2,Chivas,América,\n" +
        "Cuartos Ida,Toluca,,2024-11-27T19:00:00-06:00\n" +
        "Cuartos Vuelta,,Toluca,2024-11-30T21:00Z\n",
    );
    expect(file).toMatchObject({ format: "csv", name: null, competition: null, timeZone: null, teams: [] });
    expect(file.phases).toEqual(["Jornada 1", "Jornada 2", "Cuartos Ida", "Cuartos Vuelta"]);
    expect(file.matches).toEqual([
      {
        row: 2,
        phase: "Jornada 1",
        group: null,
        home: "América",
        away: "Chivas",
        kickoffAt: "2024-07-06T01:00:00.000Z",
        isFirstLeg: null,
        result: null,
        extraTime: null,
        penalties: null,
      },
      expect.objectContaining({ row: 4, phase: "Jornada 2", kickoffAt: null }),
      expect.objectContaining({ row: 5, away: null, kickoffAt: "2024-11-28T01:00:00.000Z", isFirstLeg: true }),
      expect.objectContaining({ row: 6, home: null, kickoffAt: "2024-11-30T21:00:00.000Z", isFirstLeg: false }),
    ]);
  });

  test("semicolons, BOM, CRLF, quoted cells, headers in any case and order, grupo, goles", () => {
    const file = parsed(
      "\uFEFFGrupo;Jornada;Local;Visitante;Fecha;Goles_Local;Goles_Visitante\r\n" +
        'A;"Grupos · Jornada 1";México;"Sudáfrica";2026-06-11 13:00;2;0\r\n' +
        'Grupo B;"Grupos · Jornada 1";"Bosnia ""BIH""";Canadá;2026-06-12T15:00:00-04:00;;\r\n' +
        ";Final;Por definir;Por definir;;;\r\n",
    );
    expect(file.phases).toEqual(["Grupos · Jornada 1", "Final"]);
    expect(file.matches.map((m) => [m.group, m.home, m.away, m.kickoffAt, m.result])).toEqual([
      ["Grupo A", "México", "Sudáfrica", "2026-06-11T19:00:00.000Z", { home: 2, away: 0 }],
      ["Grupo B", 'Bosnia "BIH"', "Canadá", "2026-06-12T19:00:00.000Z", null],
      [null, null, null, null, null],
    ]);
  });

  test("times without offset follow the zone given, across a daylight-saving change", () => {
    const text = "jornada,local,visitante,fecha\n1,Oviedo,Getafe,2025-03-29 12:00\n2,Getafe,Oviedo,2025-03-30 12:00\n";
    const kickoffs = parsed(text, { timeZone: "Europe/Madrid" }).matches.map((m) => m.kickoffAt);
    expect(kickoffs).toEqual(["2025-03-29T11:00:00.000Z", "2025-03-30T10:00:00.000Z"]);
  });

  test("every problem by row (the header is row 1)", () => {
    const list = problems(
      "jornada,local,visitante,fecha,goles_local,goles_visitante\n" +
        ",América,Toluca,,,\n" +
        "1,América,Toluca,2024-02-30 19:00,,\n" +
        "1,Chivas,chivas,,,\n" +
        "1,América,Toluca,mañana,1,\n" +
        "1,América\n" +
        "1,América,Toluca,,,\n" +
        "2,Atlas,Pachuca,,-1,2\n",
    );
    expect(list).toEqual([
      "Fila 2: falta la jornada",
      "Fila 3: fecha no válida «2024-02-30 19:00» (usa AAAA-MM-DD HH:mm o ISO 8601 con zona horaria)",
      "Fila 5: fecha no válida «mañana» (usa AAAA-MM-DD HH:mm o ISO 8601 con zona horaria)",
      "Fila 5: marcador incompleto (escribe los goles de los dos equipos o de ninguno)",
      "Fila 6: tiene 2 columnas y el encabezado 6",
      "Fila 8: marcador no válido «-1» (los goles son números enteros de 0 a 99)",
      "Fila 4: el equipo local y el visitante son el mismo («Chivas»)",
    ]);
    expectSpanish(list);
    // Row 7 repeats row 3, which had a bad date: once that is fixed, the repetition shows.
    expect(problems("jornada,local,visitante,fecha\n1,América,Toluca,\n1,América,Toluca,\n")).toEqual([
      "Fila 3: partido repetido (Jornada 1, América vs Toluca; ya está en fila 2)",
    ]);
  });

  test("a header without the columns, unknown or repeated columns", () => {
    expect(problems("equipo,rival\nAmérica,Toluca\n")).toEqual([
      "Fila 1: faltan columnas: jornada, local, visitante, fecha (el encabezado es jornada,local,visitante,fecha y, si quieres, grupo,goles_local,goles_visitante)",
      "Fila 1: columnas desconocidas: «equipo», «rival» (el encabezado es jornada,local,visitante,fecha y, si quieres, grupo,goles_local,goles_visitante)",
    ]);
    expect(problems("jornada,local,visitante,fecha,local\n1,A,B,,C\n")).toEqual(["Fila 1: columnas repetidas: local"]);
    // A trailing separator (an empty header cell) is no column.
    expect(parsed("jornada;local;visitante;fecha;\n1;A;B;;\n").matches).toHaveLength(1);
  });

  test("a header of at most 50 columns; 600,000 commas and 55,000 'jornada' (44 s before) refused in under 100 ms", () => {
    const fifty = `jornada,local,visitante,fecha${",".repeat(46)}`;
    expect(parsed(`${fifty}\n1,A,B,${",".repeat(46)}\n`).matches).toHaveLength(1);
    expect(problems(`${fifty},\n1,A,B,${",".repeat(47)}\n`)).toEqual([
      "Fila 1: el encabezado tiene 51 columnas; el máximo es 50",
    ]);
    const text = `${",".repeat(600_000)}${"jornada,".repeat(55_000)}\n1,A,B,\n`;
    problems(`${",".repeat(600)}${"jornada,".repeat(55)}\n1,A,B,\n`); // the same code, warmed up
    const { ms, result: list } = cpuMillisecondsOf(() => problems(text));
    expect(ms).toBeLessThan(100);
    expect(list).toEqual(["Fila 1: el encabezado tiene 655,001 columnas; el máximo es 50"]);
    expectSpanish(list);
  });
});

describe("the file as a whole", () => {
  test("empty, without matches, too big", () => {
    expect(problems("")).toEqual(["El archivo está vacío"]);
    expect(problems("\uFEFF  \r\n")).toEqual(["El archivo está vacío"]);
    expect(problems('{"season": "Vacía", "phases": [], "teams": [], "matches": []}')).toEqual([
      "El archivo no tiene partidos",
    ]);
    expect(problems("jornada,local,visitante,fecha\r\n")).toEqual(["El archivo no tiene partidos"]);
    expect(problems(`jornada,local,visitante,fecha\n${"1,A,B,\n".repeat(SEASON_FILE_MAX_BYTES / 7)}`)).toEqual([
      "El archivo pesa más de 1 MB, el máximo",
    ]);
    expect(problems("jornada,local,visitante,fecha\n", { timeZone: "Luna/Tranquilidad" })).toEqual([
      "La zona horaria «Luna/Tranquilidad» no existe",
    ]);
  });

  test("more than 1,000 matches, 100 phases or 200 teams", () => {
    const rows = Array.from({ length: 1001 }, (_, i) => `${(i % 101) + 1},Equipo ${i % 150},Rival ${i % 150},`);
    const list = problems(`jornada,local,visitante,fecha\n${rows.join("\n")}\n`);
    expect(list).toEqual([
      "El archivo tiene 1001 partidos; una temporada tiene como máximo 1000",
      "El archivo tiene 101 fases; una temporada tiene como máximo 100",
      "El archivo tiene 300 equipos; una temporada tiene como máximo 200",
    ]);
  });
});

describe("hostile files", () => {
  /** A file of `SEASON_FILE_MAX_BYTES` at most: `head`, then `row` as many times as fit, then `tail`. */
  const filled = (head: string, row: string, tail = "") =>
    `${head}${row.repeat(Math.floor((SEASON_FILE_MAX_BYTES - head.length - tail.length) / row.length))}${tail}`;

  test("1 MB of bad rows lists the first 100 problems and counts the rest", () => {
    const json = problems(filled('{"matches":[', "1,", "1]}"));
    expect(json).toHaveLength(101);
    expect(json[0]).toBe("Partido 1: no tiene la forma {phase, home, away, kickoff, home_score, away_score}");
    expect(json[99]).toMatch(/^Partido 100: /);
    expect(json[100]).toBe("… y 524,181 problemas más: corrige estos y vuelve a revisar el archivo");
    const csv = problems(filled("jornada,local,visitante,fecha\n", "1,1,1\n"));
    expect(csv).toHaveLength(101);
    expect(csv[0]).toBe("Fila 2: tiene 3 columnas y el encabezado 4");
    expect(csv[100]).toMatch(/^… y 174,657 problemas más: /);
    expectSpanish(csv);
  });

  test("a score nested 300,000 levels deep is refused by its match, in Spanish (a RangeError before)", () => {
    const deep = `${"[".repeat(300_000)}1${"]".repeat(300_000)}`;
    const text = `{"season":"Hondo","matches":[{"phase":"Jornada 1","home":"A","away":"B","home_score":${deep},"away_score":1}]}`;
    expect(problems(text)).toEqual(["Partido 1: tiene listas u objetos anidados a más de 8 niveles"]);
    expect(
      problems(`{"name":"x","matches":[{"round":"Matchday 1","team1":"A","team2":"B","score":{"ft":${deep}}}]}`),
    ).toEqual(["Partido 1: tiene listas u objetos anidados a más de 8 niveles"]);
  });

  test("a lone surrogate in a team's name is refused by its row (it passed, and the database stored U+FFFD)", () => {
    const json = String.raw`{"season":"Sustituto","matches":[{"phase":"Jornada 1","home":"A","away":"B"},{"phase":"Jornada 1","home":"\ud800","away":"B"}]}`;
    expect(problems(json)).toEqual(["Partido 2: tiene texto que no es Unicode válido (en «home»)"]);
    expect(problems(String.raw`{"matches":[{"round":"Matchday 1","team1":{"name":"\udc00"},"team2":"B"}]}`)).toEqual([
      "Partido 1: tiene texto que no es Unicode válido (en «name»)",
    ]);
    expect(problems("jornada,local,visitante,fecha\n1,A,B,\n1,\ud800,B,\n")).toEqual([
      "Fila 3: tiene texto que no es Unicode válido",
    ]);
    expect(problems("jornada,local,visitante,fecha,\ud800\n1,A,B,,\n")).toEqual([
      "Fila 1: tiene texto que no es Unicode válido",
    ]);
  });
});
