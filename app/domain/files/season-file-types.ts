/** What a season file holds once read (domain/files/season-file.ts reads it; season-plan.ts plans it). */

export interface SeasonFileTeam {
  name: string;
  short: string;
  primary: string;
  secondary: string;
}

export interface SeasonFileMatch {
  /** Where it is in the file, for problems: JSON match index + 1, CSV row (header = 1). */
  row: number;
  /** The app's Spanish phase name. */
  phase: string;
  /** 'Grupo A' or null. */
  group: string | null;
  /** Team name as in the file; null is 'Por definir'. */
  home: string | null;
  away: string | null;
  /** ISO-8601 UTC (toISOString) or null. */
  kickoffAt: string | null;
  /** From the file, or from the phase name ('… Ida' / '… Vuelta'), else null. */
  isFirstLeg: boolean | null;
  /** After 90 minutes. */
  result: { home: number; away: number } | null;
  /** After extra time (the total), when played. */
  extraTime: { home: number; away: number } | null;
  penalties: { home: number; away: number } | null;
}

export interface ParsedSeasonFile {
  format: "temporada" | "openfootball" | "csv";
  /** From the file, when it says: 'Liga MX Apertura 2024', 'World Cup 2026'. */
  name: string | null;
  /** The season JSON's `competition`; for openfootball, from its name ('Copa Mundial de la FIFA', 'Liga MX'); else null. */
  competition: string | null;
  /** The season JSON's `time_zone`; null when the file does not say. */
  timeZone: string | null;
  /** In order. */
  phases: string[];
  /** Only what the file lists (season JSON); [] otherwise. */
  teams: SeasonFileTeam[];
  matches: SeasonFileMatch[];
}
