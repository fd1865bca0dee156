import { expect, test } from "vitest";

import { cpuMillisecondsOf } from "../../tests/support/cpu-time";
import { bodyLimitFor, FILE_FORM_MAX_BYTES, FORM_MAX_BYTES } from "./body-limit";

test("the file screens' limit whatever their trailing slashes or '.data'; every other path the form's", () => {
  expect(bodyLimitFor("/admin/temporadas")).toBe(FILE_FORM_MAX_BYTES);
  expect(bodyLimitFor("/admin/importar-resultados//")).toBe(FILE_FORM_MAX_BYTES);
  expect(bodyLimitFor("/admin/importar-resultados.data")).toBe(FILE_FORM_MAX_BYTES);
  expect(bodyLimitFor("/admin/temporadas/.data")).toBe(FILE_FORM_MAX_BYTES);
  expect(bodyLimitFor("/")).toBe(FORM_MAX_BYTES);
  expect(bodyLimitFor("///")).toBe(FORM_MAX_BYTES);
  expect(bodyLimitFor("/login")).toBe(FORM_MAX_BYTES);
});

test("a path of 16 KB of slashes (the most Node reads of a request head) is read in under 10 ms", () => {
  const path = `/${"/".repeat(16_000)}x`;
  const { ms, result } = cpuMillisecondsOf(() => bodyLimitFor(path));
  expect(result).toBe(FORM_MAX_BYTES);
  expect(ms).toBeLessThan(10);
});
