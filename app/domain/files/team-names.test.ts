import { expect, test } from "vitest";

import mundial2026 from "#app/data/seasons/bundled/copa-mundial-2026.json";
import apertura2024 from "#app/data/seasons/bundled/liga-mx-apertura-2024.json";

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

function bundledTeams(teams: readonly { name: string; short: string }[]) {
  return teams.map((team, index) => ({ id: index + 1, name: team.name, shortCode: team.short }));
}

test("openfootball's football.json names every Liga MX club of the bundled seasons", () => {
  const find = teamMatcher(bundledTeams(apertura2024.teams));
  const names = [
    "Atlas Guadalajara",
    "Atlético San Luis",
    "CF América",
    "CF Monterrey",
    "CF Pachuca",
    "Club León",
    "Club Necaxa",
    "Club Tijuana",
    "Cruz Azul",
    "Deportivo Guadalajara",
    "Deportivo Toluca",
    "FC Juárez",
    "Gallos Blancos",
    "Mazatlán FC",
    "Puebla FC",
    "Pumas UNAM",
    "Santos Laguna",
    "UANL Tigres",
  ];
  const found = names.map((name) => find(name)?.shortCode);
  expect(found).not.toContain(undefined);
  expect(new Set(found).size).toBe(18);
  expect(find("Atlas Guadalajara")?.name).toBe("Atlas");
  expect(find("Deportivo Guadalajara")?.name).toBe("Guadalajara");
});

test("openfootball's worldcup.json names every team of the 2026 World Cup in English", () => {
  const find = teamMatcher(bundledTeams(mundial2026.teams));
  const names = [
    "Algeria",
    "Argentina",
    "Australia",
    "Austria",
    "Belgium",
    "Bosnia & Herzegovina",
    "Brazil",
    "Canada",
    "Cape Verde",
    "Colombia",
    "Croatia",
    "Curaçao",
    "Czech Republic",
    "DR Congo",
    "Ecuador",
    "Egypt",
    "England",
    "France",
    "Germany",
    "Ghana",
    "Haiti",
    "Iran",
    "Iraq",
    "Ivory Coast",
    "Japan",
    "Jordan",
    "Mexico",
    "Morocco",
    "Netherlands",
    "New Zealand",
    "Norway",
    "Panama",
    "Paraguay",
    "Portugal",
    "Qatar",
    "Saudi Arabia",
    "Scotland",
    "Senegal",
    "South Africa",
    "South Korea",
    "Spain",
    "Sweden",
    "Switzerland",
    "Tunisia",
    "Turkey",
    "USA",
    "Uruguay",
    "Uzbekistan",
  ];
  const found = names.map((name) => find(name)?.shortCode);
  expect(found).not.toContain(undefined);
  expect(new Set(found).size).toBe(48);
  expect(find("South Korea")?.name).toBe("Corea del Sur");
  expect(find("Ivory Coast")?.name).toBe("Costa de Marfil");
  expect(find("Côte d'Ivoire")?.name).toBe("Costa de Marfil");
  expect(find("United States")?.name).toBe("Estados Unidos");
});
