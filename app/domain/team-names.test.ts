import { expect, test } from "vitest";
import { normalizeTeamName, teamMatcher } from "./team-names";

const teams = [
  { id: 1, name: "América", shortCode: "AME" },
  { id: 2, name: "Guadalajara", shortCode: "GDL" },
  { id: 4, name: "Pumas UNAM", shortCode: "PUM" },
  { id: 15, name: "Querétaro", shortCode: "QRO" },
  { id: 16, name: "Mazatlán FC", shortCode: "MAZ" },
  { id: 18, name: "Atlético San Luis", shortCode: "ASL" },
];
const find = teamMatcher(teams);

test("names are compared without case, accents, punctuation or extra spaces", () => {
  expect(normalizeTeamName("  Atlético  San-Luis ")).toBe("atletico san luis");
  expect(find("AMERICA")?.id).toBe(1);
  expect(find("queretaro")?.id).toBe(15);
  expect(find("Mazatlan FC")?.id).toBe(16);
});

test("short codes, common names and club prefixes find the team", () => {
  expect(find("gdl")?.id).toBe(2);
  expect(find("Chivas")?.id).toBe(2);
  expect(find("Pumas")?.id).toBe(4);
  expect(find("San Luis")?.id).toBe(18);
  expect(find("Club América")?.id).toBe(1);
  expect(find("Querétaro FC")?.id).toBe(15);
  expect(find("Mazatlán")?.id).toBe(16);
});

test("an unknown, empty or missing name is undefined", () => {
  expect(find("Real Madrid")).toBeUndefined();
  expect(find("")).toBeUndefined();
  expect(find("   ")).toBeUndefined();
  expect(find(null)).toBeUndefined();
  expect(find(undefined)).toBeUndefined();
});
