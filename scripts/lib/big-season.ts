import { sql } from "kysely";
import { currentSeason } from "#app/data/seasons.server";
import { refreshAllScores } from "#app/data/standings.server";
import type { Runtime } from "#app/runtime.server";
import { bulkInsert } from "./bulk-insert";
import { createRng, plausiblePick } from "./picks";
import { activatePhases, seasonMatches, setMatchState } from "./season-state";

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
  seed: number;
  log: (line: string) => void;
}

export interface BigSeason {
  openMatchIds: number[];
  extraEmails: string[];
  predictions: number;
  timings: { accountsMs: number; usersMs: number; predictionsMs: number; refreshMs: number };
}

async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/**
 * A season at scale in an empty database: real accounts (through Better Auth) for the admin, the
 * bench user and the batch samples, then the generated users and every one of their predictions
 * (all matches, the open phase included) with big multi-row INSERTs in one transaction, and the
 * stored scores and standings recomputed with refreshAllScores.
 */
export async function loadBigSeason(runtime: Runtime, options: BigSeasonOptions): Promise<BigSeason> {
  const { db, engine, auth } = runtime;
  const { password } = options;
  const at = () => performance.now();

  let started = at();
  await auth.api.signUpEmail({ body: { name: "Administración", email: options.adminEmail, password } });
  const bench = await auth.api.signUpEmail({ body: { name: "Usuario de Prueba", email: options.benchEmail, password } });
  const extraEmails = Array.from(
    { length: options.extraAccounts },
    (_, i) => `bench-${String(i + 1).padStart(2, "0")}@quiniela.local`,
  );
  await inBatches(extraEmails, 4, (email) =>
    auth.api.signUpEmail({ body: { name: `Jugador ${email.slice(6, 8)}`, email, password } }),
  );
  const accountsMs = at() - started;
  options.log(`${options.extraAccounts + 2} cuentas reales (Better Auth): ${(accountsMs / 1000).toFixed(1)} s`);

  // Our own connection only: a bigger page cache keeps the indexes of a 1.7-million-row load in memory.
  if (engine === "sqlite") await sql`pragma cache_size = -524288`.execute(db);

  const result = await db.transaction().execute(async (trx) => {
    started = at();
    const now = new Date().toISOString();
    const ids = Array.from({ length: options.users }, (_, i) => `bench-user-${String(i + 1).padStart(5, "0")}`);
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
    const usersMs = at() - started;

    started = at();
    const matches = await seasonMatches(trx, (await currentSeason(trx)).id);
    const closed = matches.filter((match) => match.phasePosition < options.openPhase);
    const open = matches.filter((match) => match.phasePosition === options.openPhase);
    for (const match of closed) await setMatchState(trx, match, { withResult: true, withKickoff: true, active: true }, now);
    for (const match of open) await setMatchState(trx, match, { withResult: false, withKickoff: false, active: true }, now);
    await activatePhases(trx, closed);

    const closedIds = new Set(closed.map((match) => match.id));
    const rng = createRng(options.seed);
    const skills = ids.map(() => rng());
    const phases = [...new Set(matches.map((match) => match.phasePosition))].sort((a, b) => a - b);
    // Rows go in as a real season writes them: phase after phase (a phase opens when the last
    // one is played), each player's picks of the phase sent together as one batch. Where a
    // match's predictions sit on disk (a few per page, or one per page) is what a result costs.
    function* rows() {
      for (const phase of phases) {
        const phaseMatches = matches.filter((match) => match.phasePosition === phase);
        for (const [index, id] of ids.entries()) {
          for (const match of phaseMatches) {
            const pick = plausiblePick(rng, skills[index] ?? 0.5, match.result);
            yield [id, match.id, pick.home, pick.away, closedIds.has(match.id) ? 1 : 0];
          }
        }
        // The bench user played the closed phases (so its home page shows points), not the open one.
        if (phase < options.openPhase) {
          for (const match of phaseMatches) {
            const pick = plausiblePick(rng, 0.5, match.result);
            yield [bench.user.id, match.id, pick.home, pick.away, 1];
          }
        }
      }
    }
    const predictions = await bulkInsert(
      trx,
      engine,
      "predictions",
      ["user_id", "match_id", "home_score", "away_score", "activated"],
      rows(),
      { created_at: now, updated_at: now },
    );
    const predictionsMs = at() - started;

    const openMatchIds = open.map((match) => match.id);
    if (engine === "postgres") return { openMatchIds, predictions, usersMs, predictionsMs, refreshMs: 0 };
    started = at();
    await refreshAllScores(trx);
    return { openMatchIds, predictions, usersMs, predictionsMs, refreshMs: at() - started };
  });
  // PostgreSQL rewrites every row it updates; rows inserted by the same transaction cost about
  // twice as much to update, so there the scores are computed in a second transaction.
  let { refreshMs } = result;
  if (engine === "postgres") {
    started = at();
    await db.transaction().execute((trx) => refreshAllScores(trx));
    // The load leaves 1.67 million dead row versions behind, and autovacuum would clean them up
    // in the middle of the measurements: a database that has been running has been vacuumed.
    await sql`vacuum analyze`.execute(db);
    refreshMs = at() - started;
  }
  const { openMatchIds, predictions, usersMs, predictionsMs } = result;
  return { openMatchIds, extraEmails, predictions, timings: { accountsMs, usersMs, predictionsMs, refreshMs } };
}
