import { expect, test } from "vitest";

import { MAX_JSON_DEPTH, readJsonFile } from "#app/domain/files/json-file";
import { ProblemList } from "#app/domain/files/problems";

const ROWS = { matches: (row: number) => `Partido ${row}` };

function read(text: string, maxDepth = MAX_JSON_DEPTH) {
  const problems = new ProblemList();
  const json = readJsonFile(text, problems, { maxDepth, rows: ROWS });
  return { value: json?.value, problems: problems.report() };
}

test("a file within the depth, with well-formed text (a surrogate pair is one character), is read as it is", () => {
  const file = { matches: [{ round: "Final", team1: "México 🇲🇽", score: { ft: [1, 0] } }] };
  expect(read(JSON.stringify(file))).toEqual({ value: file, problems: [] });
  // Eight levels exactly: the file, its list, a match, and five more.
  expect(read('{"matches":[{"a":[[[[[1]]]]]}]}').problems).toEqual([]);
  expect(read('{"matches":[{"a":[[[[[[1]]]]]]}]}').problems).toEqual([
    "Partido 1: tiene listas u objetos anidados a más de 8 niveles",
  ]);
});

test("a score nested 300,000 levels deep is refused by its row, without overflowing the stack", () => {
  const deep = `${"[".repeat(300_000)}1${"]".repeat(300_000)}`;
  const text = `{"matches":[{"team1":"A","team2":"B"},{"team1":"A","team2":"B","score":{"ft":${deep}}}]}`;
  expect(read(text)).toEqual({
    value: undefined,
    problems: ["Partido 2: tiene listas u objetos anidados a más de 8 niveles"],
  });
  expect(read(deep).problems).toEqual(["El archivo tiene listas u objetos anidados a más de 8 niveles"]);
});

test("a lone surrogate, in a value or a key, is refused by its row (once a row), else for the file", () => {
  const text = String.raw`{"name":"Liga \udc00","matches":[{"team1":"A"},{"team1":"\ud800","team2":"\ud800x"},{"\udfff":1},["\ud83d"]]}`;
  expect(read(text).problems).toEqual([
    "El archivo tiene texto que no es Unicode válido (en «name»)",
    "Partido 2: tiene texto que no es Unicode válido (en «team1»)",
    "Partido 3: tiene texto que no es Unicode válido",
    "Partido 4: tiene texto que no es Unicode válido",
  ]);
});

test("text that is no JSON", () => {
  expect(read("{matches: []}").problems).toEqual(["El archivo no es un JSON válido"]);
});
