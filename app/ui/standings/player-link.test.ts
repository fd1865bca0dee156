import { expect, test } from "vitest";

import { playerHref } from "./player-link";

test("a player's page, on the season of the table that names them", () => {
  expect(playerHref("abc_DEF-1")).toBe("/jugador/abc_DEF-1");
  expect(playerHref("abc", { id: 3, isCurrent: true })).toBe("/jugador/abc");
  expect(playerHref("abc", { id: 2, isCurrent: false })).toBe("/jugador/abc?temporada=2");
});
