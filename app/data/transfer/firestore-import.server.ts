import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { type DatabaseState, type ImportPlan, planImport } from "#app/import/firestore-plan";
import type { NormalizedExport } from "#app/import/firestore-values";
import { DEFAULT_RULES } from "#app/domain/game/season-rules";
import type { Engine } from "#app/data/engine/db.server";
import { newInviteCode } from "#app/data/pools/invites.server";
import type { Database } from "#app/data/engine/schema";
import { insertSeason } from "#app/data/seasons/write-season.server";
import { refreshAllScores } from "#app/data/standings/upkeep.server";
import { namedTeams } from "#app/data/seasons/teams.server";
import { chunked, eachChunk } from "#app/data/engine/chunks";
import { type Actor, logChange, SCRIPT_ACTOR } from "#app/data/changes/change-log.server";

/**
 * Loads an export of the original app (normalised by import/firestore-values.ts, planned by
 * import/firestore-plan.ts) in ONE transaction: users, phases, matches and results, predictions,
 * pools, then the standings recomputed; any failure rolls all of it back. A dry run does the
 * very same work and rolls back at the end, so it reports exactly what a real run would do.
 */

type Db = Kysely<Database>;

export interface StandingsDifference {
  name: string;
  theirs: number;
  ours: number;
}

export interface ImportReport {
  plan: ImportPlan;
  /** Accounts created by this import (they have no password yet). */
  createdUsers: { id: string; email: string; name: string }[];
  rankingDifferences: StandingsDifference[];
  /** Rankings rows of the export that name nobody imported. */
  rankingsUnmatched: number;
  /** The season the import created. */
  seasonId: number;
}

/** A refusal before anything is written (a season of that name already exists). */
export class ImportRefusedError extends Error {}

/** 'Importada 2026-11-24': the default name of the season an import creates. */
export function defaultImportSeasonName(now: Date): string {
  return `Importada ${now.toISOString().slice(0, 10)}`;
}

class DryRunRollback extends Error {
  constructor(readonly report: ImportReport) {
    super("simulación: se deshace todo");
  }
}

/** The database as the plan sees it: everyone's accounts, and the import's own season. */
export async function readDatabaseState(db: Db, seasonId: number): Promise<DatabaseState> {
  // One after another: inside a PostgreSQL transaction they share one connection anyway.
  const teams = await namedTeams(db, seasonId);
  const phases = await db.selectFrom("phases").select(["id", "name", "position"]).where("season_id", "=", seasonId).execute();
  const matches = await db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .select(["m.id", "m.phase_id", "m.home_team_id", "m.away_team_id", "m.home_score", "m.away_score", "m.kickoff_at", "m.active"])
    .where("p.season_id", "=", seasonId)
    .orderBy("m.id")
    .execute();
  const users = await db.selectFrom("users").select(["id", "email"]).execute();
  const predictions = await db
    .selectFrom("predictions as pr")
    .innerJoin("matches as m", "m.id", "pr.match_id")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .select(["pr.user_id", "pr.match_id"])
    .where("p.season_id", "=", seasonId)
    .execute();
  const pools = await db.selectFrom("quinielas").select(["id", "name", "owner_id"]).where("season_id", "=", seasonId).execute();
  const poolMembers = await db.selectFrom("quiniela_participants").select(["quiniela_id", "user_id"]).execute();
  const poolMatches = await db.selectFrom("quiniela_matches").select(["quiniela_id", "match_id"]).execute();
  return {
    teams,
    phases,
    matches: matches.map((match) => ({
      id: match.id,
      phaseId: match.phase_id,
      homeTeamId: match.home_team_id,
      awayTeamId: match.away_team_id,
      homeScore: match.home_score,
      awayScore: match.away_score,
      kickoffAt: match.kickoff_at,
      active: match.active === 1,
    })),
    users,
    predictionKeys: new Set(predictions.map((row) => `${row.user_id}:${row.match_id}`)),
    quinielas: pools.map((pool) => ({
      id: pool.id,
      name: pool.name,
      ownerId: pool.owner_id,
      memberIds: poolMembers.filter((row) => row.quiniela_id === pool.id).map((row) => row.user_id),
      matchIds: poolMatches.filter((row) => row.quiniela_id === pool.id).map((row) => row.match_id),
    })),
  };
}

/**
 * The import's own season (SPEC §8): the original app ran Liga MX, so its teams are Liga MX's
 * (every one the install knows) and its rules the original's. Not current: the admin decides
 * ('Temporadas'). Refused when a season of that name exists: an import never adds to one.
 */
async function createImportSeason(trx: Db, name: string, now: Date): Promise<number> {
  if (await trx.selectFrom("seasons").select("id").where("name", "=", name).executeTakeFirst()) {
    throw new ImportRefusedError(
      `Ya existe una temporada «${name}»: cada importación crea su propia temporada. Elige otro nombre con --temporada "…".`,
    );
  }
  const teams = await trx
    .selectFrom("teams as t")
    .innerJoin("competitions as c", "c.id", "t.competition_id")
    .select(["t.name", "t.short_code", "t.primary_color", "t.secondary_color"])
    .where("c.name", "=", IMPORT_COMPETITION)
    .execute();
  return insertSeason(
    trx,
    {
      name,
      competition: IMPORT_COMPETITION,
      timeZone: DEFAULT_TIME_ZONE,
      rules: DEFAULT_RULES,
      current: false,
      phases: [],
      teams: teams.map((team) => ({ name: team.name, short: team.short_code, primary: team.primary_color, secondary: team.secondary_color })),
      matches: [],
    },
    now,
  );
}

const IMPORT_COMPETITION = "Liga MX";
const DEFAULT_TIME_ZONE = "America/Mexico_City";

/** Ids as Better Auth makes them: opaque text, 32 URL-safe characters. */
function newUserId(): string {
  return crypto.randomBytes(24).toString("base64url");
}

/** The database ids of the plan's users (by ref). */
type UserIds = ReadonlyMap<string, string>;
/** The database ids of the plan's matches (by ref). */
type MatchIds = ReadonlyMap<string, number>;

/** As for accounts the admin creates: a roster e-mail lends its nickname when the export has none. */
async function rosterNicknames(trx: Db, emails: readonly string[]): Promise<Map<string, string>> {
  const nicknames = new Map<string, string>();
  for (const chunk of chunked(emails)) {
    const rows = await trx.selectFrom("allowed_emails").select(["email", "nickname"]).where("email", "in", chunk).execute();
    for (const row of rows) if (row.nickname) nicknames.set(row.email, row.nickname);
  }
  return nicknames;
}

/** Every user of the plan with their id: an existing account's, or a new one written here. */
async function writeUsers(trx: Db, engine: Engine, users: ImportPlan["users"], adminEmail: string | undefined, now: string) {
  const userIds = new Map<string, string>();
  const createdUsers: ImportReport["createdUsers"] = [];
  for (const user of users) {
    if (user.existingId !== null) {
      userIds.set(user.ref, user.existingId);
      continue;
    }
    const id = newUserId();
    userIds.set(user.ref, id);
    createdUsers.push({ id, email: user.email, name: user.name });
  }
  const newUsers = users.filter((user) => user.existingId === null);
  const nicknames = await rosterNicknames(trx, newUsers.map((user) => user.email));
  // Written as Better Auth's adapter writes them (no password: no credential account yet), but
  // inside our transaction: Better Auth's own calls would commit each user on their own.
  await eachChunk(newUsers, (chunk) =>
    trx
      .insertInto("users")
      .values(
        chunk.map((user) => ({
          id: userIds.get(user.ref)!,
          name: user.name,
          email: user.email,
          email_verified: engine === "postgres" ? false : 0,
          image: user.image,
          role: adminEmail !== undefined && user.email === adminEmail.toLowerCase() ? "admin" : "user",
          display_name: user.displayName ?? nicknames.get(user.email) ?? null,
          avatar_color: user.avatarColor,
          created_at: user.createdAt ?? now,
          updated_at: now,
        })),
      )
      .execute(),
  );
  return { userIds: userIds as UserIds, createdUsers };
}

/** The new phases written; returns every phase of the season's id by name. */
async function writePhases(trx: Db, seasonId: number, phases: ImportPlan["phases"]): Promise<Map<string, number>> {
  const phaseIds = new Map<string, number>();
  for (const phase of phases) {
    const row = await trx
      .insertInto("phases")
      .values({ season_id: seasonId, name: phase.name, position: phase.position, activated_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    phaseIds.set(phase.name, row.id);
  }
  for (const phase of await trx.selectFrom("phases").select(["id", "name"]).where("season_id", "=", seasonId).execute()) {
    phaseIds.set(phase.name, phase.id);
  }
  return phaseIds;
}

/** What an existing match takes from the export (a result, being active, a kickoff), if anything. */
async function completeMatch(trx: Db, match: ImportPlan["matches"][number], existingId: number, now: string) {
  const changes = {
    ...(match.setResult && match.result && { home_score: match.result.home, away_score: match.result.away }),
    ...(match.activate && { active: 1 as const }),
    ...(match.setKickoff && { kickoff_at: match.kickoffAt }),
  };
  if (Object.keys(changes).length > 0) {
    await trx.updateTable("matches").set({ ...changes, updated_at: now }).where("id", "=", existingId).execute();
  }
}

/** New matches written and existing ones completed; returns every match's id by ref. */
async function writeMatches(
  trx: Db,
  matches: ImportPlan["matches"],
  phaseIds: ReadonlyMap<string, number>,
  now: string,
): Promise<MatchIds> {
  const matchIds = new Map<string, number>();
  for (const match of matches) {
    if (match.existingId !== null) {
      matchIds.set(match.ref, match.existingId);
      await completeMatch(trx, match, match.existingId, now);
      continue;
    }
    const row = await trx
      .insertInto("matches")
      .values({
        phase_id: phaseIds.get(match.phaseName)!,
        home_team_id: match.homeTeamId,
        away_team_id: match.awayTeamId,
        kickoff_at: match.kickoffAt,
        home_score: match.result?.home ?? null,
        away_score: match.result?.away ?? null,
        active: match.active ? 1 : 0,
        is_first_leg: match.isFirstLeg === null ? null : match.isFirstLeg ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    matchIds.set(match.ref, row.id);
  }
  return matchIds;
}

async function writePredictions(trx: Db, predictions: ImportPlan["predictions"], userIds: UserIds, matchIds: MatchIds, now: string) {
  await eachChunk(predictions, (chunk) =>
    trx
      .insertInto("predictions")
      .values(
        chunk.map((prediction) => ({
          user_id: userIds.get(prediction.userRef)!,
          match_id: matchIds.get(prediction.matchRef)!,
          home_score: prediction.home,
          away_score: prediction.away,
          activated: prediction.active ? 1 : 0,
          points: null,
          created_at: prediction.createdAt ?? now,
          updated_at: prediction.createdAt ?? now,
        })),
      )
      .execute(),
  );
}

/** New pools written, and every pool's new members and matches added. */
async function writePools(
  trx: Db,
  seasonId: number,
  pools: ImportPlan["quinielas"],
  userIds: UserIds,
  matchIds: MatchIds,
  now: string,
) {
  for (const pool of pools) {
    const id =
      pool.existingId ??
      (
        await trx
          .insertInto("quinielas")
          .values({
            season_id: seasonId,
            name: pool.name,
            owner_id: userIds.get(pool.ownerRef)!,
            invite_code: pool.inviteCode,
            created_at: pool.createdAt ?? now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    await eachChunk(pool.memberRefs, (chunk) =>
      trx
        .insertInto("quiniela_participants")
        .values(chunk.map((ref) => ({ quiniela_id: id, user_id: userIds.get(ref)!, joined_at: pool.createdAt ?? now })))
        .execute(),
    );
    await eachChunk(pool.matchRefs, (chunk) =>
      trx
        .insertInto("quiniela_matches")
        .values(chunk.map((ref) => ({ quiniela_id: id, match_id: matchIds.get(ref)! })))
        .execute(),
    );
  }
}

/**
 * The original computed its table on the client; where the export kept totals, where ours
 * differ, and how many of its rows name nobody imported.
 */
async function compareStandings(trx: Db, seasonId: number, plan: ImportPlan, userIds: UserIds) {
  const totals = new Map(
    (await trx.selectFrom("standings_total").select(["user_id", "points"]).where("season_id", "=", seasonId).execute()).map(
      (row) => [row.user_id, Number(row.points)],
    ),
  );
  const differences: StandingsDifference[] = [];
  let unmatched = 0;
  for (const standings of plan.rankings) {
    const user = standings.userRef === null ? undefined : plan.users.find((candidate) => candidate.ref === standings.userRef);
    if (!user) {
      unmatched++;
      continue;
    }
    const ours = totals.get(userIds.get(user.ref)!) ?? 0;
    if (ours !== standings.points) {
      differences.push({ name: user.displayName ?? user.name, theirs: standings.points, ours });
    }
  }
  return { differences, unmatched };
}

async function apply(
  trx: Db,
  engine: Engine,
  seasonId: number,
  plan: ImportPlan,
  adminEmail: string | undefined,
  now: string,
): Promise<ImportReport> {
  const { userIds, createdUsers } = await writeUsers(trx, engine, plan.users, adminEmail, now);
  const phaseIds = await writePhases(trx, seasonId, plan.phases);
  const matchIds = await writeMatches(trx, plan.matches, phaseIds, now);
  await writePredictions(trx, plan.predictions, userIds, matchIds, now);
  await writePools(trx, seasonId, plan.quinielas, userIds, matchIds, now);
  await refreshAllScores(trx, seasonId);
  const { differences, unmatched } = await compareStandings(trx, seasonId, plan, userIds);
  return { plan, createdUsers, rankingDifferences: differences, rankingsUnmatched: unmatched, seasonId };
}

/**
 * Plans and applies the import in one transaction. With `dryRun` everything is done and then
 * rolled back: nothing is written, the report is the same.
 */
export async function importFirestoreExport(
  db: Db,
  engine: Engine,
  data: NormalizedExport,
  {
    dryRun = false,
    adminEmail,
    now = new Date(),
    seasonName = defaultImportSeasonName(now),
    actor = SCRIPT_ACTOR,
  }: { dryRun?: boolean; adminEmail?: string; now?: Date; seasonName?: string; actor?: Actor } = {},
): Promise<ImportReport> {
  try {
    return await db.transaction().execute(async (trx) => {
      const seasonId = await createImportSeason(trx, seasonName, now);
      const plan = planImport(data, await readDatabaseState(trx, seasonId), newInviteCode);
      const report = await apply(trx, engine, seasonId, plan, adminEmail, now.toISOString());
      const after = {
        users: plan.users.length,
        matches: plan.matches.length,
        predictions: plan.predictions.length,
        pools: plan.quinielas.length,
      };
      await logChange(trx, actor, { kind: "firestore-import", seasonId, subject: seasonName, after }, now);
      if (dryRun) throw new DryRunRollback(report);
      return report;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.report;
    throw error;
  }
}
