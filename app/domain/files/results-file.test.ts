import { describe, expect, test } from "vitest";

import { cpuMillisecondsOf } from "../../../tests/support/cpu-time";
import {
  describeCounts,
  parseKickoff,
  parseResultsFile,
  planFingerprintSource,
  planResults,
  RESULTS_FILE_MAX_BYTES,
  thirdLegProblems,
  type CurrentMatch,
  type FileContext,
  type FileRow,
} from "./results-file";

const context: FileContext = {
  teams: [
    { id: 1, name: "América", shortCode: "AME" },
    { id: 2, name: "Guadalajara", shortCode: "GDL" },
    { id: 3, name: "Cruz Azul", shortCode: "CAZ" },
    { id: 15, name: "Querétaro", shortCode: "QRO" },
    { id: 9, name: "Toluca", shortCode: "TOL" },
  ],
  phases: [
    { id: 1, name: "Jornada 1" },
    { id: 3, name: "Jornada 3" },
    { id: 18, name: "Cuartos Ida" },
  ],
  timeZone: "America/Mexico_City",
};

const HEADER = "jornada,local,visitante,fecha,goles_local,goles_visitante";

function rows(text: string): FileRow[] {
  const parsed = parseResultsFile(text, context);
  if (!parsed.ok) throw new Error(parsed.errors.join("\n"));
  return parsed.rows;
}

function errors(text: string): string[] {
  const parsed = parseResultsFile(text, context);
  if (parsed.ok) throw new Error("se esperaban errores");
  return parsed.errors;
}

describe("CSV", () => {
  test("comma-separated, LF, team aliases, a bare jornada number, local time in Mexico City", () => {
    const [first, second] = rows(`${HEADER}\n3,Chivas,américa,2024-01-27 19:00,2,1\nJornada 1,QRO,Toluca,,,\n`);
    expect(first).toEqual({
      row: 2,
      phaseId: 3,
      phaseName: "Jornada 3",
      home: context.teams[1],
      away: context.teams[0],
      kickoffAt: "2024-01-28T01:00:00.000Z",
      result: { home: 2, away: 1 },
    });
    expect(second).toMatchObject({ row: 3, phaseId: 1, kickoffAt: null, result: null });
  });

  test('semicolons, BOM, CRLF, quoted fields with "" escapes, header in any case and order', () => {
    const text = `\uFEFFJornada;Local;Visitante;Goles_Local;Goles_Visitante;Fecha\r\n"Cuartos Ida";"Cruz ""La Máquina"" Azul";América;0;0;2024-05-09T19:00:00-06:00\r\n`;
    // The quoted name is not a team: the quotes were read, the name reported as written.
    expect(errors(text)).toEqual(['Fila 2: equipo desconocido «Cruz "La Máquina" Azul»']);
    const [row] = rows(text.replace('"Cruz ""La Máquina"" Azul"', '"Cruz Azul"'));
    expect(row).toMatchObject({ phaseId: 18, home: { id: 3 }, away: { id: 1 }, result: { home: 0, away: 0 } });
    expect(row!.kickoffAt).toBe("2024-05-10T01:00:00.000Z");
  });

  test("blank lines are skipped but keep the row numbers of a spreadsheet", () => {
    expect(errors(`${HEADER}\n\n1,América,Nadie,,,\n`)).toEqual(["Fila 3: equipo desconocido «Nadie»"]);
  });

  test("every problem of the whole file, each with its row", () => {
    const text = [
      HEADER,
      "1,América,Guadalajara,,2,1",
      "Jornada 99,América,Toluca,,,",
      "1,Atlético X,Toluca,,,",
      "1,América,América,,,",
      "1,Toluca,Cruz Azul,,21,0",
      "1,Toluca,Querétaro,,3,",
      "1,America,Chivas,,,",
      "1,Cruz Azul,Toluca,mañana,,",
      "1,Cruz Azul,Querétaro,,dos,1",
      ",,,,,",
      "1,,Toluca,,,",
      "1,Querétaro,Toluca,,1,1,extra",
    ].join("\n");
    expect(errors(text)).toEqual(["Fila 13: tiene 7 columnas y el encabezado 6"]);
    expect(errors(text.replace(",extra", ""))).toEqual([
      "Fila 3: jornada desconocida «Jornada 99»",
      "Fila 4: equipo desconocido «Atlético X»",
      "Fila 5: el mismo equipo es local y visitante («América»)",
      "Fila 6: goles fuera de rango (0–20)",
      "Fila 7: falta uno de los dos marcadores (deja ambos vacíos o escribe ambos)",
      "Fila 8: partido repetido (Jornada 1, América vs Guadalajara; ya está en fila 2)",
      "Fila 9: fecha no válida «mañana» (usa AAAA-MM-DD HH:mm o ISO 8601)",
      "Fila 10: goles no válidos (deben ser números enteros)",
      "Fila 12: falta el equipo local",
    ]);
  });

  test("a missing jornada, negative goals", () => {
    expect(errors(`${HEADER}\n,América,Toluca,,-1,0\n`)).toEqual([
      "Fila 2: falta la jornada",
      "Fila 2: goles fuera de rango (0–20)",
    ]);
  });

  test("a header without the expected columns, an empty file", () => {
    expect(errors("jornada,local,visitante\n1,América,Toluca\n")).toEqual([
      "Fila 1: faltan columnas: fecha, goles_local, goles_visitante (el encabezado debe ser jornada,local,visitante,fecha,goles_local,goles_visitante)",
    ]);
    expect(errors(`${HEADER}\n`)).toEqual(["El archivo no tiene partidos"]);
  });

  test("a header of more than 50 columns is refused; 600,000 commas and 55,000 'jornada' in under 100 ms", () => {
    // Fifty columns are read (the row is then short of them).
    expect(errors(`${HEADER}${",".repeat(44)}\nJornada 1,América,Toluca,,1,0\n`)).toEqual([
      "Fila 2: tiene 6 columnas y el encabezado 50",
    ]);
    expect(errors(`${HEADER}${",".repeat(45)}\n`)).toEqual([
      "Fila 1: el encabezado tiene 51 columnas; el máximo es 50",
    ]);
    const text = `${",".repeat(600_000)}${"jornada,".repeat(55_000)}\nJornada 1,América,Toluca,,1,0\n`;
    errors(`${",".repeat(600)}${"jornada,".repeat(55)}\nJornada 1,América,Toluca,,1,0\n`); // the same code, warmed up
    const { ms, result: list } = cpuMillisecondsOf(() => errors(text));
    expect(ms).toBeLessThan(100);
    expect(list).toEqual(["Fila 1: el encabezado tiene 655,001 columnas; el máximo es 50"]);
  });
});

describe("JSON (the season file)", () => {
  test("only matches is read; numbers and nulls as the season file has them", () => {
    const file = {
      season: "Liga MX Clausura 2024",
      phases: ["Jornada 1"],
      teams: [],
      matches: [
        {
          phase: "Jornada 1",
          home: "Querétaro",
          away: "Toluca",
          kickoff: "2024-01-12T19:00:00-06:00",
          is_first_leg: null,
          home_score: 2,
          away_score: 2,
        },
        {
          phase: "Cuartos Ida",
          home: "Cruz Azul",
          away: "América",
          kickoff: null,
          is_first_leg: true,
          home_score: null,
          away_score: null,
        },
      ],
    };
    expect(rows(JSON.stringify(file, null, 1))).toEqual([
      expect.objectContaining({
        row: 1,
        phaseId: 1,
        kickoffAt: "2024-01-13T01:00:00.000Z",
        result: { home: 2, away: 2 },
      }),
      expect.objectContaining({ row: 2, phaseId: 18, kickoffAt: null, result: null }),
    ]);
  });

  test("problems are reported by match position", () => {
    const file = {
      matches: [
        { phase: "Jornada 1", home: "Querétaro", away: null, kickoff: null, home_score: 2.5, away_score: 2 },
        "no es un partido",
      ],
    };
    expect(errors(JSON.stringify(file))).toEqual([
      "Partido 2: no tiene la forma {phase, home, away, kickoff, home_score, away_score}",
    ]);
    file.matches.pop();
    expect(errors(JSON.stringify(file))).toEqual([
      "Partido 1: falta el equipo visitante",
      "Partido 1: goles no válidos (deben ser números enteros)",
    ]);
  });

  test("broken JSON and JSON without matches", () => {
    expect(errors("{ nope")).toEqual(["El archivo no es un JSON válido"]);
    expect(errors('{"partidos": []}')).toEqual(["El archivo JSON no tiene la lista «matches» de la temporada"]);
  });
});

describe("hostile files", () => {
  /** A file of `RESULTS_FILE_MAX_BYTES` at most: `head`, then `row` as many times as fit, then `tail`. */
  const filled = (head: string, row: string, tail = "") =>
    `${head}${row.repeat(Math.floor((RESULTS_FILE_MAX_BYTES - head.length - tail.length) / row.length))}${tail}`;

  test("1 MB of bad rows lists the first 100 problems and counts the rest", () => {
    const csv = errors(filled(`${HEADER}\n`, "1,1,1,1,1,1\n"));
    expect(csv).toHaveLength(101);
    expect(csv.slice(0, 3)).toEqual([
      "Fila 2: equipo desconocido «1»",
      "Fila 2: equipo desconocido «1»",
      "Fila 2: fecha no válida «1» (usa AAAA-MM-DD HH:mm o ISO 8601)",
    ]);
    expect(csv[100]).toBe("… y 262,028 problemas más: corrige estos y vuelve a revisar el archivo");
    const json = errors(filled('{"matches":[', "1,", "1]}"));
    expect(json).toHaveLength(101);
    expect(json[100]).toBe("… y 524,181 problemas más: corrige estos y vuelve a revisar el archivo");
  });

  test("a score nested 300,000 levels deep is refused by its match, in Spanish", () => {
    const deep = `${"[".repeat(300_000)}1${"]".repeat(300_000)}`;
    expect(
      errors(
        `{"matches":[{"phase":"Jornada 1","home":"América","away":"Toluca","home_score":${deep},"away_score":1}]}`,
      ),
    ).toEqual(["Partido 1: tiene listas u objetos anidados a más de 8 niveles"]);
  });

  test("a lone surrogate is refused by its row", () => {
    expect(errors(String.raw`{"matches":[{"phase":"Jornada 1","home":"Am\ud800","away":"Toluca"}]}`)).toEqual([
      "Partido 1: tiene texto que no es Unicode válido (en «home»)",
    ]);
    expect(errors(`${HEADER}\nJornada 1,América,Toluca,,1,0\nJornada 1,Cruz Azul,Toluca\udc00,,1,0\n`)).toEqual([
      "Fila 3: tiene texto que no es Unicode válido",
    ]);
  });
});

describe("parseKickoff", () => {
  test.each([
    ["2024-01-12T19:00:00-06:00", "2024-01-13T01:00:00.000Z"],
    ["2024-01-13T01:00:00Z", "2024-01-13T01:00:00.000Z"],
    ["2024-01-12 19:00", "2024-01-13T01:00:00.000Z"],
    ["2024-01-12T19:00", "2024-01-13T01:00:00.000Z"],
    ["2024-02-31 19:00", null],
    ["2024-02-31T19:00:00Z", null],
    ["12/01/2024 19:00", null],
    ["2024-01-12", null],
  ])("%s → %s", (text, iso) => {
    expect(parseKickoff(text, "America/Mexico_City")).toBe(iso);
  });
});

describe("planResults", () => {
  const current: CurrentMatch[] = [
    { id: 10, phaseId: 1, homeTeamId: 15, awayTeamId: 9, kickoffAt: null, result: null },
    {
      id: 11,
      phaseId: 1,
      homeTeamId: 1,
      awayTeamId: 2,
      kickoffAt: "2024-01-13T01:00:00.000Z",
      result: { home: 1, away: 1 },
    },
    {
      id: 12,
      phaseId: 1,
      homeTeamId: 3,
      awayTeamId: 9,
      kickoffAt: "2024-01-13T03:00:00.000Z",
      result: { home: 0, away: 0 },
    },
    { id: 13, phaseId: 3, homeTeamId: 2, awayTeamId: 1, kickoffAt: "2024-01-28T01:00:00.000Z", result: null },
  ];
  const file = [
    HEADER,
    "1,Querétaro,Toluca,,2,2", // result new
    "1,América,Guadalajara,2024-01-12T19:00:00-06:00,2,1", // result changes, same instant written differently
    "1,Cruz Azul,Toluca,2024-01-12 21:00,0,0", // nothing changes
    "3,Guadalajara,América,2024-01-28 20:00,,", // date changes, result untouched
    "3,América,Guadalajara,,1,0", // new match (the reverse pairing is another match)
  ].join("\n");

  test("each row is classified against the match it names", () => {
    const plan = planResults(rows(file), current);
    expect(plan.items.map((item) => [item.matchId, item.kinds])).toEqual([
      [10, ["Resultado nuevo"]],
      [11, ["Resultado cambia"]],
      [12, ["Sin cambios"]],
      [13, ["Fecha cambia"]],
      [null, ["Partido nuevo"]],
    ]);
    expect(plan.items[1]).toMatchObject({
      before: { result: { home: 1, away: 1 } },
      after: { result: { home: 2, away: 1 } },
    });
    expect(plan.items[3]!.after).toEqual({ kickoffAt: "2024-01-29T02:00:00.000Z", result: null });
    expect(plan.counts).toEqual({
      "Partido nuevo": 1,
      "Resultado nuevo": 1,
      "Resultado cambia": 1,
      "Fecha cambia": 1,
      "Sin cambios": 1,
    });
    expect(describeCounts(plan.counts)).toBe(
      "1 partido nuevo, 1 resultado nuevo, 1 resultado cambiado, 1 fecha cambiada, 1 sin cambios",
    );
  });

  test("a row that changes result and date counts in both", () => {
    const plan = planResults(rows(`${HEADER}\n1,Querétaro,Toluca,2024-01-12 19:00,2,2\n`), current);
    expect(plan.items[0]!.kinds).toEqual(["Resultado nuevo", "Fecha cambia"]);
    expect(plan.counts["Resultado nuevo"]).toBe(1);
    expect(plan.counts["Fecha cambia"]).toBe(1);
  });

  test("the fingerprint source moves with the file and with the matches it touches, not with others", () => {
    const parsed = rows(file);
    const base = planFingerprintSource(file, planResults(parsed, current));
    const other = [...current, { id: 99, phaseId: 3, homeTeamId: 9, awayTeamId: 3, kickoffAt: null, result: null }];
    expect(planFingerprintSource(file, planResults(parsed, other))).toBe(base);
    const moved = current.map((match) => (match.id === 10 ? { ...match, result: { home: 0, away: 1 } } : match));
    expect(planFingerprintSource(file, planResults(parsed, moved))).not.toBe(base);
    const created = [...current, { id: 14, phaseId: 3, homeTeamId: 1, awayTeamId: 2, kickoffAt: null, result: null }];
    expect(planFingerprintSource(file, planResults(parsed, created))).not.toBe(base);
    expect(planFingerprintSource(`${file}\n`, planResults(parsed, current))).not.toBe(base);
  });
});

describe("thirdLegProblems", () => {
  const knockout: FileContext = { ...context, phases: [...context.phases, { id: 19, name: "Cuartos Vuelta" }] };
  const phaseNames = new Map(knockout.phases.map((phase) => [phase.id, phase.name]));
  // América–Guadalajara's tie: the Ida played, the Vuelta with Guadalajara at home.
  const current: CurrentMatch[] = [
    { id: 20, phaseId: 18, homeTeamId: 1, awayTeamId: 2, kickoffAt: null, result: { home: 1, away: 0 } },
    { id: 21, phaseId: 19, homeTeamId: 2, awayTeamId: 1, kickoffAt: null, result: null },
  ];
  const problems = (text: string) => {
    const parsed = parseResultsFile(text, knockout);
    if (!parsed.ok) throw new Error(parsed.errors.join("\n"));
    return thirdLegProblems(planResults(parsed.rows, current), current, phaseNames);
  };

  test("a Vuelta written the other way round would be a third match between the two teams: a problem that names it", () => {
    expect(problems(`${HEADER}\nCuartos Vuelta,América,Guadalajara,,1,1\n`)).toEqual([
      "Cuartos Vuelta, América vs Guadalajara: Estos equipos ya juegan sus dos partidos de esta ronda (ida y vuelta); ¿local y visitante al revés?",
    ]);
  });

  test("the Vuelta as it is, a new tie's two legs, a league match of the same teams: no problem; a new tie's third leg: one", () => {
    expect(
      problems(
        `${HEADER}\nCuartos Vuelta,Guadalajara,América,,1,1\nCuartos Ida,Cruz Azul,Toluca,,,\nCuartos Vuelta,Toluca,Cruz Azul,,,\nJornada 1,América,Guadalajara,,,\n`,
      ),
    ).toEqual([]);
    expect(
      problems(
        `${HEADER}\nCuartos Ida,Cruz Azul,Toluca,,,\nCuartos Vuelta,Toluca,Cruz Azul,,,\nCuartos Vuelta,Cruz Azul,Toluca,,,\n`,
      ),
    ).toHaveLength(1);
  });
});
