import { expect, test } from "vitest";

import { legOfPhase } from "./phases";

test("knockout legs come from the phase name", () => {
  expect(legOfPhase("Cuartos Ida")).toBe("first");
  expect(legOfPhase("Semifinal Vuelta")).toBe("second");
  expect(legOfPhase("FINAL IDA")).toBe("first");
  expect(legOfPhase("Final")).toBeNull();
  expect(legOfPhase("Jornada 1")).toBeNull();
  expect(legOfPhase("Jornada Ida")).toBeNull();
});
