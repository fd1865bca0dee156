/**
 * Team names as people and other tools write them ('Chivas', 'pumas', 'Querétaro FC', 'MTY')
 * matched to the 18 teams of the league. Used wherever a file names teams: the results file
 * the admin uploads, the import from the original app.
 */

/** What a name is compared by: lower case, without accents, punctuation or repeated spaces. */
export function normalizeTeamName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * Other names of each team, by its short code (the team's own name and code are matched anyway):
 * the Liga MX clubs as people and openfootball's football.json name them ('UANL Tigres', 'Atlas
 * Guadalajara'), and the 48 teams of the 2026 World Cup (FIFA codes) by their English names as
 * openfootball's worldcup.json writes them ('South Korea', 'Bosnia & Herzegovina', 'USA').
 */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  AME: ["Club América", "Águilas", "Aguilas del America"],
  GDL: [
    "Chivas",
    "Chivas Guadalajara",
    "Chivas Rayadas",
    "CD Guadalajara",
    "Club Guadalajara",
    "Deportivo Guadalajara",
  ],
  CAZ: ["La Máquina", "Cementeros"],
  PUM: ["Pumas", "UNAM", "Universidad Nacional"],
  MTY: ["Rayados", "CF Monterrey", "Rayados de Monterrey"],
  TIG: ["Tigres", "UANL", "UANL Tigres", "Tigres de la UANL"],
  SAN: ["Santos", "Santos Laguna"],
  ATS: ["Atlas FC", "Rojinegros", "Atlas Guadalajara"],
  TOL: ["Deportivo Toluca", "Diablos Rojos"],
  LEO: ["Club León", "La Fiera"],
  PAC: ["Tuzos", "CF Pachuca"],
  TIJ: ["Xolos", "Club Tijuana", "Xolos de Tijuana"],
  NEC: ["Rayos", "Club Necaxa"],
  PUE: ["Club Puebla", "La Franja"],
  QRO: ["Gallos", "Gallos Blancos", "Querétaro FC"],
  MAZ: ["Mazatlán", "Mazatlan"],
  JUA: ["Juárez", "Bravos", "Bravos de Juárez"],
  ASL: ["San Luis", "Atl. San Luis", "Atletico de San Luis"],

  // World Cup 2026 (FIFA codes). Names that differ from the Spanish one only by accents need none.
  ALG: ["Algeria"],
  BEL: ["Belgium"],
  BIH: ["Bosnia & Herzegovina", "Bosnia and Herzegovina", "Bosnia-Herzegovina", "Bosnia"],
  BRA: ["Brazil"],
  CPV: ["Cape Verde", "Cape Verde Islands", "Cabo Verde Islands"],
  CRO: ["Croatia"],
  CUW: ["Curaçao"],
  CZE: ["Czech Republic", "Czechia", "República Checa"],
  COD: ["DR Congo", "Congo DR", "Democratic Republic of the Congo", "República Democrática del Congo"],
  EGY: ["Egypt"],
  ENG: ["England"],
  FRA: ["France"],
  GER: ["Germany"],
  IRN: ["IR Iran"],
  IRQ: ["Iraq"],
  CIV: ["Ivory Coast", "Côte d'Ivoire", "Cote d Ivoire"],
  JPN: ["Japan"],
  JOR: ["Jordan"],
  MAR: ["Morocco"],
  NED: ["Netherlands", "Holland", "Holanda"],
  NZL: ["New Zealand"],
  NOR: ["Norway"],
  QAT: ["Qatar"],
  KSA: ["Saudi Arabia", "Arabia Saudí"],
  SCO: ["Scotland"],
  RSA: ["South Africa"],
  KOR: ["South Korea", "Korea Republic", "Republic of Korea"],
  ESP: ["Spain"],
  SWE: ["Sweden"],
  SUI: ["Switzerland"],
  TUN: ["Tunisia"],
  TUR: ["Turkey", "Türkiye"],
  USA: ["United States", "EE. UU.", "EEUU"],
};

export interface NamedTeam {
  id: number;
  name: string;
  shortCode: string;
}

/**
 * Builds a lookup for the given teams: their name, short code and aliases, normalised. Returns
 * the team, or undefined for a name that is none of them (an empty name is undefined too: the
 * caller decides whether that is 'Por definir' or an error).
 */
export function teamMatcher<T extends NamedTeam>(
  teams: readonly T[],
): (name: string | null | undefined) => T | undefined {
  const byKey = new Map<string, T>();
  for (const team of teams) {
    for (const key of [team.name, team.shortCode, ...(ALIASES[team.shortCode] ?? [])]) {
      byKey.set(normalizeTeamName(key), team);
    }
  }
  return (name) => {
    if (name === null || name === undefined) return undefined;
    const key = normalizeTeamName(name);
    if (key === "") return undefined;
    return byKey.get(key) ?? byKey.get(key.replace(/^(club|cf|fc|cd) | (fc|cf)$/g, ""));
  };
}
