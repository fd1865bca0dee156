import { expect, test } from "vitest";

import { describeChange } from "./change-log";

const entry = (kind: string, before: unknown, after: unknown, playerName: string | null = null) =>
  describeChange({ kind, subject: "Querétaro vs Toluca", playerName, before, after });

test("a result corrected reads before → after, in the issue's words", () => {
  expect(entry("result-corrected", { result: { home: 2, away: 1 } }, { result: { home: 3, away: 1 } })).toBe(
    "Resultado corregido: Querétaro vs Toluca 2 - 1 → 3 - 1",
  );
  expect(entry("result-saved", null, { result: { home: 0, away: 0 } })).toBe(
    "Resultado guardado: Querétaro vs Toluca 0 - 0",
  );
});

test("extra time and penalties are shown as a match card shows them", () => {
  expect(
    entry(
      "result-corrected",
      { result: { home: 1, away: 1 }, extraTime: { home: 2, away: 2 }, penalties: { home: 4, away: 3 } },
      { result: { home: 1, away: 1 }, extraTime: { home: 2, away: 1 }, penalties: null },
    ),
  ).toBe("Resultado corregido: Querétaro vs Toluca 2 - 2 (4 - 3 pen.) → 2 - 1 t.e.");
});

test("a reset says how many picks went, counted in words", () => {
  expect(entry("result-reset", { result: { home: 2, away: 1 } }, { deletedPredictions: 1 })).toBe(
    "Resultado reiniciado: Querétaro vs Toluca 2 - 1 → sin resultado (1 pronóstico eliminado)",
  );
  expect(entry("result-reset", null, { deletedPredictions: 3 })).toBe(
    "Resultado reiniciado: Querétaro vs Toluca sin resultado → sin resultado (3 pronósticos eliminados)",
  );
});

test("a pick edited names its player", () => {
  expect(entry("prediction-edited", { home: 1, away: 0 }, { home: 2, away: 0 }, "Ana")).toBe(
    "Pronóstico editado: Ana · Querétaro vs Toluca 1 - 0 → 2 - 0",
  );
});

test("an entry of a kind this release does not know still reads", () => {
  expect(entry("something-new", null, null)).toBe("something-new: Querétaro vs Toluca");
});
