import { checkLimits, quote, rowLabel } from "./season-file-common";
import type { ParsedSeasonFile, SeasonFileMatch, SeasonFileTeam } from "./season-file-types";
import { normalizeTeamName, teamMatcher } from "./team-names";

/**
 * What 'Crear Temporada' would create from a season file, against the competition's teams: which
 * names are teams it has (by name, short code or alias), which teams are new and with what short
 * code and colours, and the problems only the competition's teams reveal (two names of one team
 * in one match, a match repeated under another name).
 */

export interface PlannedTeam extends SeasonFileTeam {
  /** The existing team; null for a new one. */
  id: number | null;
  isNew: boolean;
}

export interface SeasonPlan {
  phases: string[];
  /** Every team the season uses, existing ones first (by name), then the new ones (by name). */
  teams: PlannedTeam[];
  /** `homeTeam`/`awayTeam`: the planned team's name (null: 'Por definir'). */
  matches: (SeasonFileMatch & { homeTeam: string | null; awayTeam: string | null })[];
  /** Spanish, by row. */
  problems: string[];
}

export interface ExistingTeam {
  id: number;
  name: string;
  shortCode: string;
  primaryColor: string;
  secondaryColor: string;
}

/**
 * The teams the file's names resolve to, each planned once: `resolve` finds or plans one; the new
 * ones keep the code the file or `knownTeams` gives them in `wantedCodes` until codes are handed out.
 */
function teamResolver(
  file: ParsedSeasonFile,
  existing: readonly ExistingTeam[],
  knownTeams: readonly SeasonFileTeam[],
) {
  const findExisting = teamMatcher(existing);
  const catalogue = (teams: readonly SeasonFileTeam[]) =>
    teamMatcher(teams.map((team, index) => ({ ...team, id: index, shortCode: team.short })));
  const findListed = catalogue(file.teams);
  const findKnown = catalogue(knownTeams);

  const planned = new Map<string, PlannedTeam>();
  const wantedCodes = new Map<PlannedTeam, string>();
  const resolve = (name: string): PlannedTeam => {
    // openfootball writes a club's country after its name: 'CF América (MEX)'.
    const bare = withoutTrailingParentheses(name);
    const find = <T>(matcher: (name: string) => T | undefined) => matcher(name) ?? matcher(bare);
    const source = find(findListed) ?? find(findKnown);
    const found = find(findExisting) ?? (source && findExisting(source.name));
    const key = found ? `id:${found.id}` : `name:${newTeamKey(source?.name ?? bare)}`;
    let team = planned.get(key);
    if (!team) {
      team = found
        ? {
            id: found.id,
            name: found.name,
            short: found.shortCode,
            primary: found.primaryColor,
            secondary: found.secondaryColor,
            isNew: false,
          }
        : {
            id: null,
            name: source?.name ?? name.trim(),
            short: "",
            ...(source ? { primary: source.primary, secondary: source.secondary } : teamColors(name)),
            isNew: true,
          };
      if (!found) wantedCodes.set(team, source?.short ?? "");
      planned.set(key, team);
    }
    return team;
  };
  return { resolve, planned, wantedCodes };
}

/** The file's matches with their phase and teams resolved; a bad phase, a team against itself or a repeated match is a problem. */
function planMatches(
  file: ParsedSeasonFile,
  resolve: (name: string) => PlannedTeam,
  withKickoffs: boolean,
  problems: string[],
): SeasonPlan["matches"] {
  const phaseByKey = new Map(file.phases.map((phase) => [normalizeTeamName(phase), phase]));
  const seen = new Map<string, number>();
  return file.matches.map((match) => {
    const label = rowLabel(file.format, match.row);
    const phase = phaseByKey.get(normalizeTeamName(match.phase));
    if (!phase) problems.push(`${label}: fase desconocida ${quote(match.phase)}`);
    const home = match.home ? resolve(match.home) : null;
    const away = match.away ? resolve(match.away) : null;
    if (home && home === away) {
      problems.push(
        `${label}: el equipo local y el visitante son el mismo (${quote(match.home)} y ${quote(match.away)} son ${home.name})`,
      );
    } else if (home && away && phase) {
      const key = `${phase}|${home.name}|${away.name}`;
      const first = seen.get(key);
      if (first === undefined) seen.set(key, match.row);
      else {
        problems.push(
          `${label}: partido repetido (${phase}, ${home.name} vs ${away.name}; ya está en ${rowLabel(file.format, first).toLowerCase()})`,
        );
      }
    }
    return {
      ...match,
      phase: phase ?? match.phase,
      kickoffAt: withKickoffs ? match.kickoffAt : null,
      homeTeam: home?.name ?? null,
      awayTeam: away?.name ?? null,
    };
  });
}

/** Codes: the competition's stay; a listed or known code is kept when free; the rest are generated. */
function assignShortCodes(existing: readonly ExistingTeam[], wantedCodes: ReadonlyMap<PlannedTeam, string>) {
  const taken = new Set(existing.map((team) => team.shortCode.toUpperCase()));
  const newTeams = [...wantedCodes.keys()];
  for (const team of newTeams) {
    const wanted = wantedCodes.get(team) ?? "";
    if (wanted !== "" && !taken.has(wanted.toUpperCase())) {
      team.short = wanted.toUpperCase();
      taken.add(team.short);
    }
  }
  for (const team of newTeams) {
    if (team.short === "") {
      team.short = teamShortCode(team.name, taken);
      taken.add(team.short);
    }
  }
}

/**
 * A name of the file is, in this order: a team of the competition; a team the file lists (its
 * code and colours); one of `knownTeams` (e.g. the bundled templates' teams: its Spanish name,
 * code and colours; optional); else a new team named as written, with a generated code and colours.
 * A listed or known code another team already has is replaced by a generated one.
 * `withKickoffs: false` leaves every kickoff empty; results are kept (the caller decides).
 */
export function planSeason(
  file: ParsedSeasonFile,
  existing: readonly ExistingTeam[],
  options: { withKickoffs: boolean; knownTeams?: readonly SeasonFileTeam[] },
): SeasonPlan {
  const problems: string[] = [];
  const { resolve, planned, wantedCodes } = teamResolver(file, existing, options.knownTeams ?? []);
  for (const team of file.teams) resolve(team.name);
  const matches = planMatches(file, resolve, options.withKickoffs, problems);
  assignShortCodes(existing, wantedCodes);

  const byName = (a: PlannedTeam, b: PlannedTeam) => a.name.localeCompare(b.name, "es");
  const teams = [...planned.values()];
  checkLimits({ matches: matches.length, phases: file.phases.length, teams: teams.length }, problems);
  return {
    phases: [...file.phases],
    teams: [...teams.filter((team) => !team.isNew).sort(byName), ...teams.filter((team) => team.isNew).sort(byName)],
    matches,
    problems,
  };
}

/**
 * Whether the file's kickoffs are still ahead (its last one after `now`): then 'Con horarios' is
 * on unless the admin says otherwise. A season already played keeps none, since a past kickoff
 * would close every match; so does a file without kickoffs.
 */
export function kickoffsAhead(file: Pick<ParsedSeasonFile, "matches">, now: Date): boolean {
  return file.matches.some((match) => match.kickoffAt !== null && Date.parse(match.kickoffAt) > now.getTime());
}

/** New teams are one when their names differ only as team names may: case, accents, 'FC', 'Club'. */
function newTeamKey(name: string): string {
  return normalizeTeamName(name).replace(/^(club|cf|fc|cd) | (fc|cf)$/g, "");
}

/** Words that do not name the club: articles, 'FC', 'Club', 'Deportivo'. */
const FILLER = new Set("de del la las los el y the of and fc cf cd sc ac club deportivo".split(" "));

/**
 * 'CF América (MEX)' → 'CF América': the last parenthesised part and the spaces around it, found
 * by position (a pattern ending in `\s*$` is tried from every position of a long run of spaces).
 */
function withoutTrailingParentheses(name: string): string {
  const text = name.trimEnd();
  if (!text.endsWith(")")) return name;
  const open = text.indexOf("(", text.lastIndexOf(")", text.length - 2) + 1);
  return open < 0 ? name : text.slice(0, open).trimEnd();
}

/**
 * A new team's short code, three capital letters (or digits) from its name, not in `taken`. The
 * words that name it (without 'FC', 'Club', 'de'…): three or more → their initials ('Atlético San
 * Luis' → ASL); two → the first's initial and the last's first two letters ('Real Oviedo' → ROV,
 * 'Cruz Azul' → CAZ); one → its first three letters ('Oviedo' → OVI). A part in brackets (the
 * country openfootball adds: 'Real Madrid CF (ESP)') and numbers ('Bayer 04') are left out. When taken: the first three
 * letters of the name, of its last word, then its initial with any two later letters in order
 * (ROV, REA, OVI, REA, RAL…), then the initial and two digits or letters.
 */
export function teamShortCode(name: string, taken: ReadonlySet<string>): string {
  for (const code of shortCodeCandidates(name)) if (!taken.has(code)) return code;
  return "EQ1";
}

function* shortCodeCandidates(name: string): Generator<string> {
  // '(ESP)' after a club's name is its country, not its name; a year or a number is no initial.
  const all = normalizeTeamName(name.replace(/\([^()]*\)/g, " "))
    .toUpperCase()
    .split(" ")
    .filter(Boolean);
  const named = all.filter((word) => !FILLER.has(word.toLowerCase()) && !/^\d+$/.test(word));
  const words = named.length > 0 ? named : all;
  const letters = words.join("");
  const first = words[0] ?? "";
  const last = words[words.length - 1] ?? "";
  const three = (code: string) => code.length === 3;
  const candidates = [
    words.length >= 3
      ? words
          .slice(0, 3)
          .map((word) => word[0])
          .join("")
      : "",
    words.length === 2 ? `${first[0]}${last.slice(0, 2)}` : "",
    letters.slice(0, 3),
    last.slice(0, 3),
  ];
  yield* candidates.filter(three);
  for (let i = 1; i < letters.length; i++) {
    for (let j = i + 1; j < letters.length; j++) yield `${letters[0]}${letters[i]}${letters[j]}`;
  }
  const initial = letters[0] ?? "E";
  for (let n = 0; n < 36 * 36; n++) yield `${initial}${n.toString(36).toUpperCase().padStart(2, "0")}`;
  for (let n = 1; ; n++) yield `${initial}${n}`;
}

/**
 * Kit colours for generated badges: a primary and a secondary that reads on it (contrast of 3 or
 * more, so `badgeTextColor` writes the code in the secondary colour).
 */
export const KIT_COLORS: readonly { primary: string; secondary: string }[] = [
  { primary: "#C8102E", secondary: "#FFFFFF" }, // red, white
  { primary: "#0055A4", secondary: "#FFFFFF" }, // royal blue, white
  { primary: "#006847", secondary: "#FFFFFF" }, // green, white
  { primary: "#002D62", secondary: "#FFD100" }, // navy, gold
  { primary: "#FFD100", secondary: "#002D62" }, // gold, navy
  { primary: "#111111", secondary: "#FFFFFF" }, // black, white
  { primary: "#FFFFFF", secondary: "#C8102E" }, // white, red
  { primary: "#FFFFFF", secondary: "#002D62" }, // white, navy
  { primary: "#6CACE4", secondary: "#002D62" }, // sky blue, navy
  { primary: "#F47B20", secondary: "#111111" }, // orange, black
  { primary: "#7A1F2B", secondary: "#FFFFFF" }, // maroon, white
  { primary: "#5B2C83", secondary: "#FFFFFF" }, // purple, white
  { primary: "#00797A", secondary: "#FFFFFF" }, // teal, white
  { primary: "#00563F", secondary: "#FFD100" }, // dark green, gold
  { primary: "#4A4F55", secondary: "#FFFFFF" }, // graphite, white
  { primary: "#111111", secondary: "#F2C200" }, // black, yellow
];

/** A new team's colours: its normalised name hashed (FNV-1a) into KIT_COLORS, the same every time. */
export function teamColors(name: string): { primary: string; secondary: string } {
  let hash = 0x811c9dc5;
  for (const char of normalizeTeamName(name)) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  const { primary, secondary } = KIT_COLORS[hash % KIT_COLORS.length] ?? { primary: "#C8102E", secondary: "#FFFFFF" };
  return { primary, secondary };
}
