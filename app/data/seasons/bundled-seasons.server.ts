import type { SeasonFileTeam } from "#app/domain/files/season-file";
import apertura2024 from "#app/data/seasons/bundled/liga-mx-apertura-2024.json";
import clausura2024 from "#app/data/seasons/bundled/liga-mx-clausura-2024.json";
import clausura2025 from "#app/data/seasons/bundled/liga-mx-clausura-2025.json";
import mundial2026 from "#app/data/seasons/bundled/copa-mundial-2026.json";

/**
 * The seasons that ship with the app (app/data/seasons/bundled/, real fixtures and results from
 * openfootball, CC0): Clausura 2024 is a fresh install's first season; all four are templates for
 * 'Nueva Temporada' (results are never loaded from them there) and the demo's seasons.
 */
export const SEASON_TEMPLATES = {
  "liga-mx-clausura-2024": clausura2024,
  "liga-mx-apertura-2024": apertura2024,
  "liga-mx-clausura-2025": clausura2025,
  "copa-mundial-2026": mundial2026,
} as const;

export type TemplateKey = keyof typeof SEASON_TEMPLATES;

export function isTemplateKey(key: string): key is TemplateKey {
  return Object.hasOwn(SEASON_TEMPLATES, key);
}

/** The template as the season file it is (text), for domain/files/season-file.ts to read like any upload. */
export function templateText(key: TemplateKey): string {
  return JSON.stringify(SEASON_TEMPLATES[key]);
}

/** 'Plantilla' options: each bundled season by its name, oldest first. */
export function templateOptions(): { key: TemplateKey; name: string; competition: string; lastKickoff: string | null }[] {
  return (Object.keys(SEASON_TEMPLATES) as TemplateKey[]).map((key) => {
    const file = SEASON_TEMPLATES[key] as { season: string; competition?: string; matches: { kickoff: string | null }[] };
    const kickoffs = file.matches.map((match) => match.kickoff).filter((kickoff): kickoff is string => kickoff !== null);
    return {
      key,
      name: file.season,
      competition: file.competition ?? "Liga MX",
      lastKickoff: kickoffs.length > 0 ? new Date(Math.max(...kickoffs.map((kickoff) => Date.parse(kickoff)))).toISOString() : null,
    };
  });
}

/**
 * Every team the templates know (their Spanish names, codes and kit colours): a file of another
 * source that names them in English ('Mexico') gets them as the templates have them.
 */
export const KNOWN_TEAMS: readonly SeasonFileTeam[] = Object.values(SEASON_TEMPLATES).flatMap((file) => file.teams);
