import { describe, expect, test } from "vitest";

import mundial2026 from "#app/data/seasons/bundled/copa-mundial-2026.json";
import apertura2024 from "#app/data/seasons/bundled/liga-mx-apertura-2024.json";
import { badgeTextColor } from "#app/domain/badges";
import { ligaMx, worldCup } from "#app/domain/files/fixtures/openfootball";

import { parseSeasonFile, planSeason, type ParsedSeasonFile } from "./season-file";
import { kickoffsAhead, KIT_COLORS, teamColors, teamShortCode } from "./season-plan";

const MEXICO = "America/Mexico_City";

function parsed(text: string, seasonName?: string): ParsedSeasonFile {
  const result = parseSeasonFile(text, { timeZone: MEXICO, seasonName });
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result.file;
}

/** A template's teams as the competition has them in the database. */
function teamsOf(season: { teams: { name: string; short: string; primary: string; secondary: string }[] }) {
  return season.teams.map((team, index) => ({
    id: 100 + index,
    name: team.name,
    shortCode: team.short,
    primaryColor: team.primary,
    secondaryColor: team.secondary,
  }));
}

const LIGA = [
  { id: 1, name: "América", shortCode: "AME", primaryColor: "#FFD100", secondaryColor: "#002D62" },
  { id: 2, name: "Guadalajara", shortCode: "GDL", primaryColor: "#CD1041", secondaryColor: "#FFFFFF" },
  { id: 3, name: "Tigres UANL", shortCode: "TIG", primaryColor: "#FDB913", secondaryColor: "#004B87" },
];

describe("the competition's teams", () => {
  test("openfootball's Liga MX names are the competition's clubs", () => {
    const file = parsed(JSON.stringify(ligaMx), "Liga MX Apertura 2024");
    const plan = planSeason(file, teamsOf(apertura2024), { withKickoffs: true });
    expect(plan.problems).toEqual([]);
    expect(plan.teams.every((team) => !team.isNew && team.id !== null)).toBe(true);
    expect(plan.matches.map((m) => `${m.homeTeam} - ${m.awayTeam}`)).toEqual([
      "Puebla - Santos Laguna",
      "Querétaro - Tijuana",
      "América - Querétaro",
      "Tijuana - América",
      "Tijuana - Atlas",
      "Tigres UANL - Atlético San Luis",
      "Pachuca - Guadalajara",
      "Atlético San Luis - Tigres UANL",
      "Guadalajara - Pachuca",
    ]);
    // The file's own names stay on the match, for the preview.
    expect(plan.matches[0]).toMatchObject({ home: "Puebla FC", homeTeam: "Puebla" });
  });

  test("the World Cup's English names are the template's teams, ordered by their Spanish names; placeholders stay empty", () => {
    const plan = planSeason(parsed(JSON.stringify(worldCup)), teamsOf(mundial2026), { withKickoffs: true });
    expect(plan.problems).toEqual([]);
    expect(plan.teams.map((team) => [team.name, team.short, team.isNew])).toEqual([
      ["Bosnia y Herzegovina", "BIH", false],
      ["Canadá", "CAN", false],
      ["Catar", "QAT", false],
      ["Chequia", "CZE", false],
      ["Corea del Sur", "KOR", false],
      ["México", "MEX", false],
      ["Sudáfrica", "RSA", false],
      ["Suiza", "SUI", false],
    ]);
    expect(plan.matches[0]).toMatchObject({ homeTeam: "México", awayTeam: "Sudáfrica", group: "Grupo A" });
    expect(plan.matches.at(-1)).toMatchObject({ phase: "Final", homeTeam: null, awayTeam: null });
    expect(plan.phases).toEqual(parsed(JSON.stringify(worldCup)).phases);
  });

  test("'Con horarios' off leaves every kickoff empty and keeps the results", () => {
    const file = parsed(JSON.stringify(mundial2026));
    const plan = planSeason(file, teamsOf(mundial2026), { withKickoffs: false });
    expect(plan.matches.every((match) => match.kickoffAt === null)).toBe(true);
    expect(plan.matches.map((match) => match.result)).toEqual(file.matches.map((match) => match.result));
    const withTimes = planSeason(file, teamsOf(mundial2026), { withKickoffs: true });
    expect(withTimes.matches.map((match) => match.kickoffAt)).toEqual(file.matches.map((match) => match.kickoffAt));
  });

  test("'Con horarios' by default: the file's kickoffs are still ahead (its last one), or none is", () => {
    const file = parsed(JSON.stringify(mundial2026));
    const last = Math.max(...file.matches.map((match) => Date.parse(match.kickoffAt!)));
    expect(kickoffsAhead(file, new Date(last - 1))).toBe(true);
    expect(kickoffsAhead(file, new Date(last))).toBe(false);
    expect(kickoffsAhead({ matches: file.matches.map((match) => ({ ...match, kickoffAt: null })) }, new Date(0))).toBe(
      false,
    );
  });

  test("each bundled template, planned against its own teams, is its teams, phases and matches", () => {
    const file = parsed(JSON.stringify(apertura2024));
    const plan = planSeason(file, teamsOf(apertura2024), { withKickoffs: true });
    expect(plan.problems).toEqual([]);
    expect(plan.teams).toHaveLength(18);
    expect(plan.teams.filter((team) => team.isNew)).toEqual([]);
    expect(plan.phases).toEqual(apertura2024.phases);
    expect(plan.matches).toHaveLength(170);
  });
});

describe("new teams", () => {
  const csv =
    "jornada,local,visitante,fecha\n" +
    "1,Chivas,Real Oviedo,2025-08-15 19:00\n" +
    "1,Tigres,Rayo Oviedo,\n" +
    "1,América,Oviedo,\n" +
    "2,Amecameca,Real Oviedo FC,\n" +
    "2,Rayo Oviedo,real oviedo,\n";

  test("existing teams first (by alias), then the new ones by name; codes generated unique, colours readable", () => {
    const plan = planSeason(parsed(csv), LIGA, { withKickoffs: true });
    expect(plan.problems).toEqual([]);
    expect(plan.teams.map((team) => [team.name, team.short, team.id, team.isNew])).toEqual([
      ["América", "AME", 1, false],
      ["Guadalajara", "GDL", 2, false],
      ["Tigres UANL", "TIG", 3, false],
      ["Amecameca", "AMC", null, true],
      ["Oviedo", "OVI", null, true],
      ["Rayo Oviedo", "RAY", null, true],
      ["Real Oviedo", "ROV", null, true],
    ]);
    const codes = plan.teams.map((team) => team.short);
    expect(new Set(codes).size).toBe(codes.length);
    for (const team of plan.teams.filter((t) => t.isNew)) {
      expect(team.short).toMatch(/^[A-Z0-9]{3}$/);
      expect(team).toMatchObject(teamColors(team.name));
      expect(badgeTextColor(team.primary, team.secondary)).toBe(team.secondary);
    }
    expect(plan.matches.map((m) => [m.homeTeam, m.awayTeam])).toEqual([
      ["Guadalajara", "Real Oviedo"],
      ["Tigres UANL", "Rayo Oviedo"],
      ["América", "Oviedo"],
      ["Amecameca", "Real Oviedo"],
      ["Rayo Oviedo", "Real Oviedo"],
    ]);
    // The same file gives the same plan.
    expect(planSeason(parsed(csv), LIGA, { withKickoffs: true })).toEqual(plan);
  });

  test("the season JSON's team list gives new teams their code and colours (a code already taken is generated)", () => {
    const file = parsed(
      JSON.stringify({
        season: "Liga de Prueba",
        phases: ["Jornada 1"],
        teams: [
          { name: "Real Oviedo", short: "OVI", primary: "#0033A0", secondary: "#FFFFFF" },
          { name: "Amecameca", short: "AME", primary: "#006847", secondary: "#FFFFFF" },
          { name: "Chivas", short: "CHV", primary: "#CD1041", secondary: "#FFFFFF" },
        ],
        matches: [{ phase: "Jornada 1", home: "Real Oviedo", away: "Amecameca", kickoff: null, is_first_leg: null }],
      }),
    );
    const plan = planSeason(file, LIGA, { withKickoffs: true });
    expect(plan.teams).toEqual([
      { id: 2, name: "Guadalajara", short: "GDL", primary: "#CD1041", secondary: "#FFFFFF", isNew: false },
      { id: null, name: "Amecameca", short: "AMC", primary: "#006847", secondary: "#FFFFFF", isNew: true },
      { id: null, name: "Real Oviedo", short: "OVI", primary: "#0033A0", secondary: "#FFFFFF", isNew: true },
    ]);
  });

  test("known teams (the templates') give a new competition their Spanish names, codes and colours", () => {
    const plan = planSeason(parsed(JSON.stringify(worldCup)), [], {
      withKickoffs: true,
      knownTeams: mundial2026.teams,
    });
    const mexico = mundial2026.teams.find((team) => team.short === "MEX");
    expect(plan.teams.find((team) => team.short === "MEX")).toEqual({ ...mexico, id: null, isNew: true });
    expect(plan.teams.every((team) => team.isNew)).toBe(true);
    expect(plan.matches[0]).toMatchObject({ homeTeam: "México", awayTeam: "Sudáfrica" });
    // Without them, a new team is named as the file writes it.
    const bare = planSeason(parsed(JSON.stringify(worldCup)), [], { withKickoffs: true });
    expect(bare.teams.map((team) => team.name)).toContain("South Korea");
  });
});

describe("short codes and colours", () => {
  test.each([
    ["Real Oviedo", "ROV"],
    ["Oviedo", "OVI"],
    ["Cruz Azul", "CAZ"],
    ["Atlético San Luis", "ASL"],
    ["Club Tijuana", "TIJ"],
    ["Mazatlán FC", "MAZ"],
    ["Real Madrid CF (ESP)", "RMA"],
    ["Bayer 04 Leverkusen", "BLE"],
    ["1860", "186"],
  ])("%s → %s", (name, code) => {
    expect(teamShortCode(name, new Set())).toBe(code);
  });

  test("a taken code gives way to the next: the name's first letters, its last word's, then the initial with later letters", () => {
    expect(teamShortCode("Real Oviedo", new Set(["ROV"]))).toBe("REA");
    expect(teamShortCode("Real Oviedo", new Set(["ROV", "REA"]))).toBe("OVI");
    expect(teamShortCode("Real Oviedo", new Set(["ROV", "REA", "OVI"]))).toBe("REL");
    const taken = new Set<string>();
    for (let i = 0; i < 300; i++) taken.add(teamShortCode("Oviedo", taken));
    expect(taken.size).toBe(300);
  });

  test("every kit colour pair reads well: the code is written in the secondary colour", () => {
    for (const { primary, secondary } of KIT_COLORS) expect(badgeTextColor(primary, secondary)).toBe(secondary);
    expect(teamColors("Real Oviedo")).toEqual(teamColors("real  OVIEDO"));
  });
});

describe("problems only the competition's teams reveal, by row", () => {
  test("two names of one team in a match, a match repeated under other names", () => {
    const plan = planSeason(
      parsed(
        "jornada,local,visitante,fecha\n" +
          "1,Chivas,Guadalajara,\n" +
          "1,América,Chivas,\n" +
          "1,AME,Guadalajara,\n" +
          "2,Club América,Tigres,\n",
      ),
      LIGA,
      { withKickoffs: true },
    );
    expect(plan.problems).toEqual([
      "Fila 2: el equipo local y el visitante son el mismo («Chivas» y «Guadalajara» son Guadalajara)",
      "Fila 4: partido repetido (Jornada 1, América vs Guadalajara; ya está en fila 3)",
    ]);
  });

  test("a phase the file does not list, too many teams", () => {
    const base = parsed("jornada,local,visitante,fecha\n1,A,B,\n");
    const [first] = base.matches;
    if (!first) throw new Error("sin partido");
    const file: ParsedSeasonFile = {
      ...base,
      format: "temporada",
      matches: [
        { ...first, row: 1, phase: "Jornada 9" },
        ...Array.from({ length: 100 }, (_, i) => ({ ...first, row: i + 2, home: `Local ${i}`, away: `Visita ${i}` })),
      ],
    };
    const plan = planSeason(file, LIGA, { withKickoffs: true });
    expect(plan.problems).toEqual([
      "Partido 1: fase desconocida «Jornada 9»",
      "El archivo tiene 202 equipos; una temporada tiene como máximo 200",
    ]);
  });
});
