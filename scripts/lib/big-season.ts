import { sql, type Kysely } from "kysely";

import { SCRIPT_ACTOR } from "#app/data/changes/change-log.server";
import type { Engine } from "#app/data/engine/db.server";
import type { Database } from "#app/data/engine/schema";
import { SEASON_TEMPLATES } from "#app/data/seasons/bundled-seasons.server";
import { currentSeason } from "#app/data/seasons/current-season.server";
import { setFinished } from "#app/data/seasons/season-status.server";
import { insertSeason, seasonFromFile } from "#app/data/seasons/write-season.server";
import { refreshAllScores } from "#app/data/standings/upkeep.server";
import type { Runtime } from "#app/runtime.server";

import { bulkInsert } from "./bulk-insert";
import { createRng, plausiblePrediction } from "./picks";
import { activatePhases, seasonMatches, setMatchState, type SeasonMatch } from "./season-state";

export interface BigSeasonOptions {
  /** Generated users, inserted straight into the users table (no accounts: they never sign in). */
  users: number;
  adminEmail: string;
  benchEmail: string;
  /** Real accounts for the prediction-batch samples (each may save a batch once). */
  extraAccounts: number;
  password: string;
  /** Phases before this one have results; this one is active, without results or kickoff times. */
  openPhase: number;
  /**
   * A season played before the current one, whole and finished (Apertura 2024, every match with
   * its result), by the same users: the archives and 'Histórico' at scale.
   */
  previousSeason: boolean;
  seed: number;
  log: (line: string) => void;
}

export interface BigSeason {
  openMatchIds: number[];
  /** The finished season's id, when there is one. */
  previousSeasonId: number | null;
  extraEmails: string[];
  predictions: number;
  timings: { accountsMs: number; usersMs: number; predictionsMs: number; refreshMs: number };
}

async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/** Real accounts (through Better Auth): the admin, the bench user and the extra accounts. */
async function signUpAccounts({ auth }: Runtime, options: BigSeasonOptions) {
  const { password } = options;
  const started = performance.now();
  await auth.api.signUpEmail({ body: { name: "Administración", email: options.adminEmail, password } });
  const bench = await auth.api.signUpEmail({
    body: { name: "Usuario de Prueba", email: options.benchEmail, password },
  });
  const extraEmails = Array.from(
    { length: options.extraAccounts },
    (_, i) => `bench-${String(i + 1).padStart(2, "0")}@quiniela.local`,
  );
  await inBatches(extraEmails, 4, (email) =>
    auth.api.signUpEmail({ body: { name: `Jugador ${email.slice(6, 8)}`, email, password } }),
  );
  const accountsMs = performance.now() - started;
  options.log(`${options.extraAccounts + 2} cuentas reales (Better Auth): ${(accountsMs / 1000).toFixed(1)} s`);
  return { benchUserId: bench.user.id, extraEmails, accountsMs };
}

/** The generated users, straight into the users table; returns their ids. */
async function insertUsers(trx: Kysely<Database>, engine: Engine, count: number, now: string): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `bench-user-${String(i + 1).padStart(5, "0")}`);
  const colors = ["blue", "green", "red", "purple", "orange", "pink"];
  await bulkInsert(
    trx,
    engine,
    "users",
    ["id", "name", "email", "display_name", "avatar_color"],
    ids.map((id, i) => [
      id,
      `Usuario ${i + 1}`,
      `${id}@bench.quiniela.local`,
      i % 3 === 0 ? `Apodo ${i + 1} ⚽` : null,
      colors[i % colors.length] ?? "blue",
    ]),
    { email_verified: engine === "postgres" ? "false" : 0, created_at: now, updated_at: now },
  );
  return ids;
}

/** The season before, played to the end: all its matches closed (none without one). */
async function playPreviousSeason(trx: Kysely<Database>, wanted: boolean, now: string) {
  const previousFile = SEASON_TEMPLATES["liga-mx-apertura-2024"];
  const previousSeasonId = wanted
    ? await insertSeason(
        trx,
        seasonFromFile(previousFile, {
          name: "Liga MX Apertura 2024",
          current: false,
          withKickoffs: true,
          withResults: true,
        }),
      )
    : null;
  const previous = previousSeasonId === null ? [] : await seasonMatches(trx, previousSeasonId, previousFile);
  for (const match of previous)
    await setMatchState(trx, match, { withResult: true, withKickoff: true, active: true }, now);
  await activatePhases(trx, previous);
  return { previousSeasonId, previous };
}

/** The current season up to its open phase: the phases before it played, the open one active without results or kickoffs. */
async function playCurrentSeason(trx: Kysely<Database>, openPhase: number, now: string) {
  const matches = await seasonMatches(trx, (await currentSeason(trx)).id);
  const closed = matches.filter((match) => match.phasePosition < openPhase);
  const open = matches.filter((match) => match.phasePosition === openPhase);
  for (const match of closed)
    await setMatchState(trx, match, { withResult: true, withKickoff: true, active: true }, now);
  for (const match of open)
    await setMatchState(trx, match, { withResult: false, withKickoff: false, active: true }, now);
  await activatePhases(trx, closed);
  return { matches, closed, open };
}

interface PredictionRowsOptions {
  /** The seasons in the order they were played, each with the phase it stops before (Infinity: all of it). */
  seasons: readonly (readonly [matches: readonly SeasonMatch[], lastPhase: number])[];
  userIds: readonly string[];
  benchUserId: string;
  closedIds: ReadonlySet<number>;
  seed: number;
}

/**
 * Every generated user's predictions of every match, and the bench user's of the played phases.
 * Rows go in as real seasons write them: the season before first, then phase after phase (a
 * phase opens when the last one is played), each player's picks of the phase sent together as
 * one batch. Where a match's predictions sit on disk (a few per page, or one per page) is what
 * a result costs.
 */
function* predictionRows({ seasons, userIds, benchUserId, closedIds, seed }: PredictionRowsOptions) {
  const rng = createRng(seed);
  const skills = userIds.map(() => rng());
  const phasesOf = (list: readonly SeasonMatch[]) =>
    [...new Set(list.map((match) => match.phasePosition))].sort((a, b) => a - b);
  for (const [season, lastPhase] of seasons) {
    for (const phase of phasesOf(season)) {
      const phaseMatches = season.filter((match) => match.phasePosition === phase);
      for (const [index, id] of userIds.entries()) {
        for (const match of phaseMatches) {
          const pick = plausiblePrediction(rng, skills[index] ?? 0.5, match.result);
          yield [id, match.id, pick.home, pick.away, closedIds.has(match.id) ? 1 : 0];
        }
      }
      // The bench user played the closed phases (so its home page shows points), not the open one.
      if (phase < lastPhase) {
        for (const match of phaseMatches) {
          const pick = plausiblePrediction(rng, 0.5, match.result);
          yield [benchUserId, match.id, pick.home, pick.away, 1];
        }
      }
    }
  }
}

/**
 * PostgreSQL rewrites every row it updates; rows inserted by the same transaction cost about
 * twice as much to update, so there the scores are computed in a second transaction.
 */
async function scoreOnPostgres(db: Kysely<Database>): Promise<number> {
  const started = performance.now();
  await db.transaction().execute((trx) => refreshAllScores(trx));
  // The load leaves 3.4 million dead row versions behind, and autovacuum would clean them up
  // in the middle of the measurements: a database that has been running has been vacuumed.
  await sql`vacuum analyze`.execute(db);
  return performance.now() - started;
}

/**
 * A season at scale in an empty database: real accounts (through Better Auth) for the admin, the
 * bench user and the batch samples, then the generated users and every one of their predictions
 * (all matches, the open phase included) with big multi-row INSERTs in one transaction, and the
 * stored scores and standings recomputed with refreshAllScores.
 */
export async function loadBigSeason(runtime: Runtime, options: BigSeasonOptions): Promise<BigSeason> {
  const { db, engine } = runtime;
  const at = () => performance.now();
  const { benchUserId, extraEmails, accountsMs } = await signUpAccounts(runtime, options);

  // Our own connection only: a bigger page cache keeps the indexes of a 3.4-million-row load in memory.
  if (engine === "sqlite") await sql`pragma cache_size = -524288`.execute(db);

  const result = await db.transaction().execute(async (trx) => {
    let started = at();
    const now = new Date().toISOString();
    const userIds = await insertUsers(trx, engine, options.users, now);
    const usersMs = at() - started;

    started = at();
    const { previousSeasonId, previous } = await playPreviousSeason(trx, options.previousSeason, now);
    const { matches, closed, open } = await playCurrentSeason(trx, options.openPhase, now);
    const rows = predictionRows({
      seasons: [
        [previous, Number.POSITIVE_INFINITY],
        [matches, options.openPhase],
      ],
      userIds,
      benchUserId,
      closedIds: new Set([...previous, ...closed].map((match) => match.id)),
      seed: options.seed,
    });
    const predictions = await bulkInsert(
      trx,
      engine,
      "predictions",
      ["user_id", "match_id", "home_score", "away_score", "activated"],
      rows,
      { created_at: now, updated_at: now },
    );
    const predictionsMs = at() - started;

    const openMatchIds = open.map((match) => match.id);
    if (engine === "postgres")
      return { openMatchIds, previousSeasonId, predictions, usersMs, predictionsMs, refreshMs: 0 };
    started = at();
    await refreshAllScores(trx);
    return { openMatchIds, previousSeasonId, predictions, usersMs, predictionsMs, refreshMs: at() - started };
  });
  const refreshMs = engine === "postgres" ? await scoreOnPostgres(db) : result.refreshMs;
  const { openMatchIds, previousSeasonId, predictions, usersMs, predictionsMs } = result;
  // Finished once scored, as the admin's 'Terminar temporada' does.
  if (previousSeasonId !== null) await setFinished(db, previousSeasonId, true, SCRIPT_ACTOR);
  return {
    openMatchIds,
    previousSeasonId,
    extraEmails,
    predictions,
    timings: { accountsMs, usersMs, predictionsMs, refreshMs },
  };
}
