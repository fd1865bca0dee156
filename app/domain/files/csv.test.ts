import { describe, expect, test } from "vitest";

import {
  CSV_BOM,
  CSV_MAX_COLUMNS,
  csvCell,
  csvDelimiter,
  csvLine,
  csvWidthProblem,
  fileSlug,
  parseCsv,
  rowWidthProblem,
} from "./csv";

describe("csvCell", () => {
  test.each([
    ["Ana", "Ana"],
    ["Peña, la del ñandú", '"Peña, la del ñandú"'],
    ['El "Profe"', '"El ""Profe"""'],
    ["dos\nlíneas", '"dos\nlíneas"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ["+52 55", "'+52 55"],
    ["-1", "'-1"],
    ["@nadie", "'@nadie"],
    ["Gaby 🌵", "Gaby 🌵"],
    ["x;=1+1;", '"x;\'=1+1;"'],
    ["Ana; Luis", '"Ana; Luis"'],
    ["a,-1", '"a,\'-1"'],
    ["uno\n@dos", '"uno\n\'@dos"'],
    ["guion-medio", "guion-medio"],
    ["", ""],
  ])("%j → %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  test("numbers as they are (negative ones too), missing values empty", () => {
    expect(csvCell(3)).toBe("3");
    expect(csvCell(-2)).toBe("-2");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });
});

test("no cell of an exported line starts a formula, whichever separator a spreadsheet splits on", () => {
  const hostile = [
    "x;=1+1;",
    '=cmd|" /C calc"!A0',
    "a;+1",
    "b,@SUM(1)",
    "c\t=1",
    "d\r\n-2",
    'e";=1;"',
    ";=HYPERLINK(1)",
  ];
  const line = csvLine(["Nombre", ...hostile, 7]);
  const formula = /^[=+\-@\t\r]/;
  for (const delimiter of [",", ";"] as const) {
    for (const cell of parseCsv(line, delimiter).flat()) expect(cell, `${delimiter}: ${cell}`).not.toMatch(formula);
  }
  // Even a reader that ignores quotes altogether and splits on any separator.
  for (const fragment of line.split(/[,;\t\r\n]/)) expect(fragment.replace(/^"/, ""), fragment).not.toMatch(formula);
});

test("a line ends in CRLF; the BOM is U+FEFF", () => {
  expect(csvLine(["Posición", "Nombre", 1])).toBe("Posición,Nombre,1\r\n");
  expect(new TextEncoder().encode(CSV_BOM)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
});

describe("parseCsv", () => {
  test('quoted cells with "" escapes, commas and line breaks inside quotes', () => {
    expect(parseCsv('a,"b, c","d ""e""",f\r\n"x\ny",2,,\r\n')).toEqual([
      ["a", "b, c", 'd "e"', "f"],
      ["x\ny", "2", "", ""],
    ]);
  });

  test("byte-order mark dropped, LF and CRLF lines, last line without a break", () => {
    expect(parseCsv(`${CSV_BOM}a,b\nc,d\r\ne,f`)).toEqual([
      ["a", "b"],
      ["c", "d"],
      ["e", "f"],
    ]);
  });

  test("blank lines are kept so record numbers are row numbers", () => {
    expect(parseCsv("a\n\nb\n")).toEqual([["a"], [""], ["b"]]);
  });

  test("semicolons when asked", () => {
    expect(parseCsv("a;b,c;d", ";")).toEqual([["a", "b,c", "d"]]);
  });

  test("the delimiter comes from the header line", () => {
    expect(csvDelimiter("jornada,local,visitante")).toBe(",");
    expect(csvDelimiter("jornada;local;visitante")).toBe(";");
  });
});

test("a header's width is counted as parseCsv splits it: separators inside quotes are no column", () => {
  const fifty = Array.from({ length: CSV_MAX_COLUMNS }, (_, index) => `"c,${index}"`).join(",");
  expect(parseCsv(fifty)[0]).toHaveLength(CSV_MAX_COLUMNS);
  expect(csvWidthProblem(`${CSV_BOM}${fifty}\r\n${",".repeat(100)}`)).toBeNull();
  expect(csvWidthProblem(`${fifty},x\n`)).toBe("Fila 1: el encabezado tiene 51 columnas; el máximo es 50");
  expect(csvWidthProblem(`${fifty.replace(/,/g, ";")};x`, ";")).toBe(
    "Fila 1: el encabezado tiene 51 columnas; el máximo es 50",
  );
});

test("a season or phase name as part of a file name", () => {
  expect(fileSlug("Liga MX · Clausura 2024")).toBe("liga-mx-clausura-2024");
  expect(fileSlug("Grupos · Jornada 1")).toBe("grupos-jornada-1");
  expect(fileSlug("Copa Mundial 2026: Ñandú")).toBe("copa-mundial-2026-nandu");
});

test("a row of the wrong width says its cells in the right number", () => {
  expect(rowWidthProblem("Fila 3", 1, 4)).toBe("Fila 3: tiene 1 columna y el encabezado 4");
  expect(rowWidthProblem("Fila 4", 7, 6)).toBe("Fila 4: tiene 7 columnas y el encabezado 6");
});
