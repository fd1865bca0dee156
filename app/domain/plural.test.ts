import { expect, test } from "vitest";

import { countOf } from "./plural";

test("one takes the singular; zero and more the plural", () => {
  expect(countOf(1, "usuario registrado", "usuarios registrados")).toBe("1 usuario registrado");
  expect(countOf(0, "usuario registrado", "usuarios registrados")).toBe("0 usuarios registrados");
  expect(countOf(4, "temporada", "temporadas")).toBe("4 temporadas");
  expect(countOf(1, "jugador", "jugadores")).toBe("1 jugador");
});
