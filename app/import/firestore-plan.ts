import { teamMatcher, type NamedTeam } from "#app/domain/files/team-names";
import { isKnockoutPhase } from "#app/domain/game/phases";

import type { ExportMatch, ExportPool, ExportStandings, NormalizedExport, Skip } from "./firestore-values";

/**
 * What an import of the original app's export would do to this database: which users, phases,
 * matches, predictions and pools it creates or reuses, and every record it leaves out and why.
 * Re-running an import plans nothing new: users are found by e-mail (any case), matches by
 * phase and teams, predictions by (user, match), pools by name and owner. No I/O: the caller
 * reads the database state and applies the plan in one transaction.
 */

export interface DatabaseState {
  teams: readonly NamedTeam[];
  phases: readonly { id: number; name: string; position: number }[];
  matches: readonly {
    id: number;
    phaseId: number;
    homeTeamId: number | null;
    awayTeamId: number | null;
    homeScore: number | null;
    awayScore: number | null;
    kickoffAt: string | null;
    active: boolean;
  }[];
  users: readonly { id: string; email: string }[];
  /** Existing predictions as `${userId}:${matchId}`. */
  predictionKeys: ReadonlySet<string>;
  quinielas: readonly {
    id: number;
    name: string;
    ownerId: string;
    memberIds: readonly string[];
    matchIds: readonly number[];
  }[];
}

/** A user of the plan: an existing account (by e-mail) or one to create. */
export interface PlannedUser {
  ref: string;
  existingId: string | null;
  email: string;
  name: string;
  displayName: string | null;
  image: string | null;
  avatarColor: string;
  createdAt: string | null;
}

/** Where a new phase goes: 'Jornada n' by n, then Cuartos, Semifinales, Final, then the rest. */
function phaseRank(name: string): number {
  const jornada = /^jornada (\d+)$/i.exec(name.trim());
  if (jornada) return Number(jornada[1]);
  const knockout = ["cuartos", "semifinal", "final"].findIndex((round) => name.toLowerCase().includes(round));
  return knockout >= 0 ? 10_000 + knockout : 20_000;
}

/** A phase of the plan: existing (id) or to create at the end of the season. */
export interface PlannedPhase {
  name: string;
  existingId: number | null;
  position: number;
}

export interface PlannedMatch {
  ref: string;
  existingId: number | null;
  phaseName: string;
  homeTeamId: number | null;
  awayTeamId: number | null;
  kickoffAt: string | null;
  active: boolean;
  isFirstLeg: boolean | null;
  result: { home: number; away: number } | null;
  /** For an existing match: write the export's result (the database has none). */
  setResult: boolean;
  /** For an existing match: it is active in the export, not yet here. */
  activate: boolean;
  /** For an existing match: the export knows its kickoff, the database does not. */
  setKickoff: boolean;
}

export interface PlannedPrediction {
  key: string;
  userRef: string;
  matchRef: string;
  home: number;
  away: number;
  active: boolean;
  createdAt: string | null;
}

export interface PlannedPool {
  ref: string;
  existingId: number | null;
  name: string;
  ownerRef: string;
  /** Users and matches to add (for an existing pool: those it does not hold yet). */
  memberRefs: string[];
  matchRefs: string[];
  inviteCode: string;
  createdAt: string | null;
}

export interface ImportPlan {
  users: PlannedUser[];
  phases: PlannedPhase[];
  matches: PlannedMatch[];
  predictions: PlannedPrediction[];
  quinielas: PlannedPool[];
  /** The export's totals, with the user they belong to (null: nobody of the export). */
  rankings: (ExportStandings & { userRef: string | null })[];
  counts: {
    usersNew: number;
    usersReused: number;
    phasesNew: number;
    matchesNew: number;
    matchesMatched: number;
    results: number;
    predictionsNew: number;
    predictionsPresent: number;
    quinielasNew: number;
    quinielasPresent: number;
  };
  skipped: Skip[];
  /** Imported, but worth a look (an unknown team left 'Por definir', a result kept…). */
  warnings: string[];
}

const AVATAR_COLORS = ["blue", "green", "red", "purple", "orange", "pink"];

/** 'blue.500' (Chakra-style, as the original stored it) → 'blue'; unknown colours → blue. */
function avatarColorOf(value: string | null): string {
  const hue = (value ?? "").split(".")[0]!.toLowerCase();
  return AVATAR_COLORS.includes(hue) ? hue : "blue";
}

/**
 * Something, '@', and a domain with a dot that is neither its first nor its last character. The
 * domain's dot is looked for by position: `[^\s@]+\.[^\s@]+` backtracks over a run of dots.
 */
function isEmail(text: string): boolean {
  const domain = /^[^\s@]+@([^\s@]+)$/.exec(text)?.[1];
  if (domain === undefined) return false;
  const dot = domain.indexOf(".", 1);
  return dot !== -1 && dot < domain.length - 1;
}

/** What a plan leaves out, with why, and what it imports but is worth a look; filled in plan order. */
interface Notes {
  skipped: Skip[];
  warnings: string[];
}

/** The plan's users, and every id the export uses for a user pointing to one of them. */
interface UserPlan {
  users: PlannedUser[];
  userById: Map<string, PlannedUser>;
}

/** Users: one account per e-mail; every id the export uses for a user points to it. */
function planUsers(data: NormalizedExport, state: DatabaseState, notes: Notes): UserPlan {
  const accountsByEmail = new Map(state.users.map((user) => [user.email.toLowerCase(), user.id]));
  const users: PlannedUser[] = [];
  const userByEmail = new Map<string, PlannedUser>();
  const userById = new Map<string, PlannedUser>();
  for (const doc of data.users) {
    const email = doc.email?.toLowerCase() ?? null;
    if (!email || !isEmail(email)) {
      notes.skipped.push({
        collection: "users",
        id: doc.key,
        reason: doc.email ? `correo no válido: ${doc.email}` : "sin correo electrónico",
      });
      continue;
    }
    let user = userByEmail.get(email);
    if (user) {
      notes.warnings.push(
        `El usuario ${doc.key} tiene el mismo correo que ${user.ref} (${email}): se importa como la misma cuenta.`,
      );
    } else {
      user = {
        ref: doc.key,
        existingId: accountsByEmail.get(email) ?? null,
        email,
        name: doc.name ?? doc.displayName ?? email.split("@")[0]!,
        displayName: doc.displayName,
        image: doc.photoUrl,
        avatarColor: avatarColorOf(doc.avatarColor),
        createdAt: doc.createdAt,
      };
      users.push(user);
      userByEmail.set(email, user);
    }
    for (const id of doc.aliases) if (!userById.has(id)) userById.set(id, user);
    // Predictions name users by uuid: it wins over another user's plain id.
    userById.set(doc.uuid, user);
  }
  return { users, userById };
}

/**
 * Phases: the database's, by name (any case); missing ones go at the end of the season, created
 * as matches name them and put in order once all are known (`placeNewPhases`).
 */
function phasePlanner(state: DatabaseState) {
  const phaseByName = new Map<string, PlannedPhase>(
    state.phases.map((phase) => [
      phase.name.toLowerCase(),
      { name: phase.name, existingId: phase.id, position: phase.position },
    ]),
  );
  let lastPosition = Math.max(0, ...state.phases.map((phase) => phase.position));
  const newPhases: PlannedPhase[] = [];
  return {
    phaseFor(name: string): PlannedPhase {
      let phase = phaseByName.get(name.toLowerCase());
      if (!phase) {
        phase = { name, existingId: null, position: ++lastPosition };
        phaseByName.set(name.toLowerCase(), phase);
        newPhases.push(phase);
      }
      return phase;
    },
    /**
     * New phases in a season's order, whatever the export's: jornadas by number, then the legacy
     * knockout rounds (Cuartos, Semifinales, Final), then the others as they came.
     */
    placeNewPhases(): PlannedPhase[] {
      const firstNew = lastPosition - newPhases.length;
      newPhases
        .sort((a, b) => phaseRank(a.name) - phaseRank(b.name))
        .forEach((phase, index) => {
          phase.position = firstNew + index + 1;
        });
      return newPhases;
    },
  };
}

/** The plan's matches, by the export's key. */
interface MatchPlan {
  matches: PlannedMatch[];
  matchByKey: Map<string, PlannedMatch>;
}

/** A database match of the phase with the same teams, not yet claimed by another of the export's; taken out of `unclaimed`. */
function claimMatch(
  unclaimed: DatabaseState["matches"][number][],
  phase: PlannedPhase,
  homeTeamId: number | null,
  awayTeamId: number | null,
) {
  const index =
    phase.existingId === null
      ? -1
      : unclaimed.findIndex(
          (match) =>
            match.phaseId === phase.existingId && match.homeTeamId === homeTeamId && match.awayTeamId === awayTeamId,
        );
  return index >= 0 ? unclaimed.splice(index, 1)[0]! : null;
}

/** One match of the export against the database's: what to create, or what to add to the one it matches. */
function planMatch(
  doc: ExportMatch,
  phase: PlannedPhase,
  teamId: (name: string | null, matchKey: string) => number | null,
  unclaimed: DatabaseState["matches"][number][],
  notes: Notes,
): PlannedMatch {
  const homeTeamId = teamId(doc.home, doc.key);
  const awayTeamId = teamId(doc.away, doc.key);
  const result = doc.homeScore !== null && doc.awayScore !== null ? { home: doc.homeScore, away: doc.awayScore } : null;
  const existing = claimMatch(unclaimed, phase, homeTeamId, awayTeamId);
  const hasResult = existing !== null && existing.homeScore !== null && existing.awayScore !== null;
  if (existing && hasResult && result && (existing.homeScore !== result.home || existing.awayScore !== result.away)) {
    notes.warnings.push(
      `Partido ${doc.key} (${doc.phase}): la base ya tiene el resultado ${existing.homeScore}-${existing.awayScore}; ` +
        `el archivo dice ${result.home}-${result.away}. Se conserva el de la base.`,
    );
  }
  return {
    ref: doc.key,
    existingId: existing?.id ?? null,
    phaseName: phase.name,
    homeTeamId,
    awayTeamId,
    kickoffAt: doc.kickoffAt,
    active: doc.active,
    isFirstLeg: doc.isFirstLeg,
    result,
    setResult: existing !== null && !hasResult && result !== null,
    activate: existing !== null && !existing.active && doc.active,
    setKickoff: existing !== null && existing.kickoffAt === null && doc.kickoffAt !== null,
  };
}

/** Matches: found by phase and teams (each database match answers once), else created. */
function planMatches(
  data: NormalizedExport,
  state: DatabaseState,
  phaseFor: (name: string) => PlannedPhase,
  notes: Notes,
): MatchPlan {
  const findTeam = teamMatcher(state.teams);
  const unclaimed = [...state.matches];
  const matches: PlannedMatch[] = [];
  const matchByKey = new Map<string, PlannedMatch>();
  const teamId = (name: string | null, matchKey: string): number | null => {
    if (name === null) return null;
    const team = findTeam(name);
    if (!team) notes.warnings.push(`Partido ${matchKey}: equipo desconocido «${name}», queda como 'Por definir'.`);
    return team?.id ?? null;
  };
  for (const doc of data.matches) {
    if (!doc.phase) {
      notes.skipped.push({ collection: "matches", id: doc.key, reason: "sin jornada (phase)" });
      continue;
    }
    const match = planMatch(doc, phaseFor(doc.phase), teamId, unclaimed, notes);
    matches.push(match);
    matchByKey.set(doc.key, match);
  }
  return { matches, matchByKey };
}

/** New legacy knockout rounds in a season that has knockout phases of its own: both will show. */
function warnOfTwoKnockouts(newPhases: readonly PlannedPhase[], state: DatabaseState, notes: Notes) {
  const legacy = newPhases.filter((phase) => isKnockoutPhase(phase.name));
  const seasonKnockouts = state.phases.filter((phase) => isKnockoutPhase(phase.name));
  if (legacy.length > 0 && seasonKnockouts.length > 0) {
    notes.warnings.push(
      `Se crean las fases ${legacy.map((phase) => `'${phase.name}'`).join(", ")} al final de la temporada, que ya tiene ` +
        `${seasonKnockouts.map((phase) => `'${phase.name}'`).join(", ")}: ambas se mostrarán.`,
    );
  }
}

/** Predictions: the first for each (user, match) counts; those already in the database stay. */
function planPredictions(
  data: NormalizedExport,
  state: DatabaseState,
  { userById }: UserPlan,
  { matchByKey }: MatchPlan,
  notes: Notes,
) {
  const predictions: PlannedPrediction[] = [];
  const seen = new Set<string>();
  let predictionsPresent = 0;
  for (const doc of data.predictions) {
    const skip = (reason: string) => notes.skipped.push({ collection: "predictions", id: doc.key, reason });
    const user = doc.userId === null ? undefined : userById.get(doc.userId);
    const match = doc.matchId === null ? undefined : matchByKey.get(doc.matchId);
    if (!user) {
      skip(doc.userId ? `usuario desconocido: ${doc.userId}` : "sin user_id");
      continue;
    }
    if (!match) {
      skip(doc.matchId ? `partido desconocido: ${doc.matchId}` : "sin match_id");
      continue;
    }
    if (doc.home === null || doc.away === null) {
      skip("sin marcador pronosticado");
      continue;
    }
    const pair = `${user.ref}:${match.ref}`;
    if (seen.has(pair)) {
      skip(`pronóstico repetido del mismo usuario para el partido ${match.ref} (se conserva el primero)`);
      continue;
    }
    seen.add(pair);
    if (
      user.existingId !== null &&
      match.existingId !== null &&
      state.predictionKeys.has(`${user.existingId}:${match.existingId}`)
    ) {
      predictionsPresent++;
      continue;
    }
    predictions.push({
      key: doc.key,
      userRef: user.ref,
      matchRef: match.ref,
      home: doc.home,
      away: doc.away,
      active: doc.active,
      createdAt: doc.createdAt,
    });
  }
  return { predictions, predictionsPresent };
}

/** The known ones of `ids`, each once, in the export's order; an unknown one is skipped with `unknown(id)`. */
function knownOnce<T>(ids: readonly string[], byId: (id: string) => T | undefined, unknown: (id: string) => void): T[] {
  const found: T[] = [];
  for (const id of ids) {
    const item = byId(id);
    if (!item) unknown(id);
    else if (!found.includes(item)) found.push(item);
  }
  return found;
}

/**
 * One pool of the export: its owner (or, when the export has none, the first participant) always
 * takes part; an existing pool of the same owner and name gets only the members and matches it
 * lacks. Null (and skipped) without a name or anyone known.
 */
function planPool(
  doc: ExportPool,
  state: DatabaseState,
  { userById }: UserPlan,
  { matchByKey }: MatchPlan,
  newInviteCode: () => string,
  notes: Notes,
): PlannedPool | null {
  const skip = (reason: string) => notes.skipped.push({ collection: "quinielas", id: doc.key, reason });
  if (!doc.name) {
    skip("sin nombre");
    return null;
  }
  const members = knownOnce(
    doc.participantIds,
    (id) => userById.get(id),
    (id) => skip(`participante desconocido: ${id} (la quiniela se importa sin él)`),
  );
  const owner = (doc.ownerId ? userById.get(doc.ownerId) : undefined) ?? members[0];
  if (!owner) {
    skip("ningún participante ni dueño conocido");
    return null;
  }
  if (!members.includes(owner)) members.unshift(owner);
  const poolMatches = knownOnce(
    doc.matchIds,
    (id) => matchByKey.get(id),
    (id) => skip(`partido desconocido: ${id} (la quiniela se importa sin él)`),
  );
  const existing =
    owner.existingId === null
      ? undefined
      : state.quinielas.find(
          (pool) => pool.ownerId === owner.existingId && pool.name.toLowerCase() === doc.name!.toLowerCase(),
        );
  return {
    ref: doc.key,
    existingId: existing?.id ?? null,
    name: doc.name,
    ownerRef: owner.ref,
    memberRefs: members
      .filter((user) => !existing || user.existingId === null || !existing.memberIds.includes(user.existingId))
      .map((user) => user.ref),
    matchRefs: poolMatches
      .filter((match) => !existing || match.existingId === null || !existing.matchIds.includes(match.existingId))
      .map((match) => match.ref),
    inviteCode: existing ? "" : newInviteCode(),
    createdAt: doc.createdAt,
  };
}

/** The user a row of the export's standings belongs to: by id, else by a name only one user has. */
function standingsOwner({ users, userById }: UserPlan, standings: ExportStandings): string | null {
  if (standings.userId) return userById.get(standings.userId)?.ref ?? null;
  const byName = users.filter(
    (user) => standings.name !== null && [user.displayName, user.name].includes(standings.name),
  );
  return byName.length === 1 ? byName[0]!.ref : null;
}

export function planImport(data: NormalizedExport, state: DatabaseState, newInviteCode: () => string): ImportPlan {
  const notes: Notes = { skipped: [...data.skipped], warnings: [] };
  const people = planUsers(data, state, notes);
  const phases = phasePlanner(state);
  const fixtures = planMatches(data, state, phases.phaseFor, notes);
  const newPhases = phases.placeNewPhases();
  warnOfTwoKnockouts(newPhases, state, notes);
  const { predictions, predictionsPresent } = planPredictions(data, state, people, fixtures, notes);
  const pools: PlannedPool[] = [];
  for (const doc of data.quinielas) {
    const pool = planPool(doc, state, people, fixtures, newInviteCode, notes);
    if (pool) pools.push(pool);
  }
  const poolsPresent = pools.filter((pool) => pool.existingId !== null).length;

  const { users } = people;
  const { matches } = fixtures;
  const created = (rows: { existingId: unknown }[]) => rows.filter((row) => row.existingId === null).length;
  return {
    users,
    phases: newPhases,
    matches,
    predictions,
    quinielas: pools,
    rankings: data.rankings.map((standings) => ({ ...standings, userRef: standingsOwner(people, standings) })),
    counts: {
      usersNew: created(users),
      usersReused: users.length - created(users),
      phasesNew: newPhases.length,
      matchesNew: created(matches),
      matchesMatched: matches.length - created(matches),
      results: matches.filter((match) => match.result !== null && (match.existingId === null || match.setResult))
        .length,
      predictionsNew: predictions.length,
      predictionsPresent,
      quinielasNew: pools.length - poolsPresent,
      quinielasPresent: poolsPresent,
    },
    skipped: notes.skipped,
    warnings: notes.warnings,
  };
}
