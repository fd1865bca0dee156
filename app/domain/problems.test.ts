import { expect, test } from "vitest";

import { listedProblems, MAX_PROBLEMS_LISTED, ProblemList, problemsHeadline } from "#app/domain/files/problems";

test("the first 100 problems are listed and the rest counted, in one last line", () => {
  const list = new ProblemList();
  for (let row = 1; row <= 524_000; row++) list.push(`Fila ${row}: falta la jornada`);
  expect(list.length).toBe(524_000);
  const report = list.report();
  expect(report).toHaveLength(MAX_PROBLEMS_LISTED + 1);
  expect(report[0]).toBe("Fila 1: falta la jornada");
  expect(report[99]).toBe("Fila 100: falta la jornada");
  expect(report[100]).toBe("… y 523,900 problemas más: corrige estos y vuelve a revisar el archivo");
  expect(problemsHeadline(report)).toBe("Hay más de 100 problemas");
});

test("up to 100 problems are listed as they are; one more is counted as one", () => {
  const hundred = Array.from({ length: 100 }, (_, index) => `Partido ${index + 1}: falta la fase («phase»)`);
  expect(listedProblems(hundred)).toEqual(hundred);
  expect(problemsHeadline(hundred)).toBe("Hay 100 problemas");
  expect(listedProblems([...hundred, "otro"]).at(-1)).toBe(
    "… y 1 problema más: corrige estos y vuelve a revisar el archivo",
  );
  expect(problemsHeadline(["uno"])).toBe("Hay 1 problema");
});
