import { expect, test } from "vitest";

import { answeredWithPage, newerPage } from "./page-answer";

test("only an answer that carries its page skips the reload", () => {
  expect(answeredWithPage({ toast: {}, page: { at: 1 } })).toBe(true);
  // A refused form (page: null), another form's answer, or none: React Router decides as usual.
  expect(answeredWithPage({ toast: {}, page: null })).toBe(false);
  expect(answeredWithPage({ toast: {} })).toBe(false);
  expect(answeredWithPage(undefined)).toBe(false);
});

test("the newer of the loader's data and the answer's shows: a later reload wins over an older answer", () => {
  const loaded = { at: 100, name: "cargada" };
  const answered = { at: 200, name: "respuesta" };
  expect(newerPage(loaded, answered)).toBe(answered);
  expect(newerPage({ at: 300, name: "recargada" }, answered).name).toBe("recargada");
  expect(newerPage(loaded, null)).toBe(loaded);
});
