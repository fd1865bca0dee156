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

/** Other names of each team, by its short code (the league's official names are matched anyway). */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  AME: ["Club América", "Águilas", "Aguilas del America"],
  GDL: ["Chivas", "Chivas Guadalajara", "Chivas Rayadas", "CD Guadalajara", "Club Guadalajara"],
  CAZ: ["La Máquina", "Cementeros"],
  PUM: ["Pumas", "UNAM", "Universidad Nacional"],
  MTY: ["Rayados", "CF Monterrey", "Rayados de Monterrey"],
  TIG: ["Tigres", "UANL"],
  SAN: ["Santos", "Santos Laguna"],
  ATS: ["Atlas FC", "Rojinegros"],
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
export function teamMatcher<T extends NamedTeam>(teams: readonly T[]): (name: string | null | undefined) => T | undefined {
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
