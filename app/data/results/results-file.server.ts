import crypto from "node:crypto";
import type { Kysely } from "kysely";
import {
  type CurrentMatch,
  describeCounts,
  type PlanItem,
  type FileContext,
  parseResultsFile,
  planChanges,
  planFingerprintSource,
  planResults,
  type ResultsPlan,
  thirdLegProblems,
} from "#app/domain/files/results-file";
import { listedProblems } from "#app/domain/files/problems";
import { insertMatch, resultOf } from "#app/data/seasons/matches.server";
import type { Database } from "#app/data/engine/schema";
import { rescoreAround } from "#app/data/standings/upkeep.server";
import { namedTeams } from "#app/data/seasons/teams.server";
import { type Actor, logChanges, type NewChange } from "#app/data/changes/change-log.server";
import { matchLabelOfNames } from "#app/domain/game/match";

/** The file read against the database as it is now: its rows' problems, or the plan and its fingerprint. */
export type FilePreview = { ok: true; plan: ResultsPlan; fingerprint: string } | { ok: false; errors: string[] };

/** The season the file is read against (the screen's), with its time zone for dates without offset. */
export interface FileSeason {
  id: number;
  timeZone: string;
}

async function loadState(db: Kysely<Database>, season: FileSeason) {
  const [teams, phases, matches] = await Promise.all([
    namedTeams(db, season.id),
    db.selectFrom("phases").select(["id", "name"]).where("season_id", "=", season.id).orderBy("position").execute(),
    db
      .selectFrom("matches as m")
      .innerJoin("phases as p", "p.id", "m.phase_id")
      .select(["m.id", "m.phase_id", "m.home_team_id", "m.away_team_id", "m.kickoff_at", "m.home_score", "m.away_score"])
      .where("p.season_id", "=", season.id)
      .execute(),
  ]);
  const context: FileContext = {
    teams,
    phases,
    timeZone: season.timeZone,
  };
  const current: CurrentMatch[] = matches.map((match) => ({
    id: match.id,
    phaseId: match.phase_id,
    homeTeamId: match.home_team_id,
    awayTeamId: match.away_team_id,
    kickoffAt: match.kickoff_at,
    result: resultOf(match),
  }));
  return { context, current, phaseNames: new Map(phases.map((phase) => [phase.id, phase.name])) };
}

function fingerprintOf(content: string, plan: ResultsPlan): string {
  return crypto.createHash("sha256").update(planFingerprintSource(content, plan)).digest("hex");
}

async function previewWith(db: Kysely<Database>, content: string, season: FileSeason) {
  const state = await loadState(db, season);
  const parsed = parseResultsFile(content, state.context);
  if (!parsed.ok) return { preview: { ok: false as const, errors: parsed.errors }, state };
  const plan = planResults(parsed.rows, state.current);
  const thirdLegs = thirdLegProblems(plan, state.current, state.phaseNames);
  if (thirdLegs.length > 0) return { preview: { ok: false as const, errors: listedProblems(thirdLegs) }, state };
  return { preview: { ok: true as const, plan, fingerprint: fingerprintOf(content, plan) }, state };
}

/** Reads the file against the season's matches as they are; writes nothing. */
export async function previewResultsFile(db: Kysely<Database>, content: string, season: FileSeason): Promise<FilePreview> {
  return (await previewWith(db, content, season)).preview;
}

export type ApplyOutcome =
  | { ok: true; plan: ResultsPlan; changed: boolean }
  | { ok: false; reason: "invalid"; errors: string[] }
  | { ok: false; reason: "stale" }
  | { ok: false; reason: "finished"; seasonName: string };

/**
 * Applies the file in one transaction, after reading it again against the matches as they are
 * inside that transaction: refused as 'stale' when that is no longer what the preview showed
 * (its fingerprint). New matches are created inactive; kickoffs and results are written inside
 * one `rescoreAround` over every match that changes, so the stored standings stay true.
 */
export async function applyResultsFile(
  db: Kysely<Database>,
  content: string,
  fingerprint: string,
  season: FileSeason,
  actor: Actor,
  now: Date = new Date(),
): Promise<ApplyOutcome> {
  return db.transaction().execute(async (trx) => {
    const finished = await trx.selectFrom("seasons").select(["name", "finished_at"]).where("id", "=", season.id).executeTakeFirst();
    if (finished?.finished_at != null) return { ok: false as const, reason: "finished" as const, seasonName: finished.name };
    const { preview, state } = await previewWith(trx, content, season);
    if (!preview.ok) return { ok: false as const, reason: "invalid" as const, errors: preview.errors };
    if (preview.fingerprint !== fingerprint) return { ok: false as const, reason: "stale" as const };
    const { plan } = preview;
    if (!planChanges(plan)) return { ok: true as const, plan, changed: false };

    const stamp = now.toISOString();
    const writes: { matchId: number; kickoffAt: string | null; result: { home: number; away: number } | null; newResult: boolean }[] = [];
    for (const item of plan.items) {
      if (item.kinds.includes("Sin cambios")) continue;
      let matchId = item.matchId;
      if (matchId === null) {
        // Created without result first, so that the result goes in through rescoreAround like the others.
        matchId = await insertMatch(
          trx,
          {
            phaseId: item.row.phaseId,
            phaseName: state.phaseNames.get(item.row.phaseId) ?? "",
            homeTeamId: item.row.home.id,
            awayTeamId: item.row.away.id,
            kickoffAt: item.after.kickoffAt,
          },
          now,
        );
      }
      const newResult = item.kinds.includes("Resultado nuevo") || item.kinds.includes("Resultado cambia");
      writes.push({ matchId, kickoffAt: item.after.kickoffAt, result: item.after.result, newResult });
    }

    await rescoreAround(
      trx,
      writes.map((write) => write.matchId),
      async () => {
        for (const write of writes) {
          await trx
            .updateTable("matches")
            .set({
              kickoff_at: write.kickoffAt,
              home_score: write.result?.home ?? null,
              away_score: write.result?.away ?? null,
              // A file gives the score after 90 minutes only: a new one replaces the whole result,
              // so extra time and penalties entered with the old one go (they would be scored
              // under the 'tiempo_extra' rule, and shown, against a score they no longer follow).
              ...(write.newResult
                ? { home_score_extra_time: null, away_score_extra_time: null, home_penalties: null, away_penalties: null }
                : {}),
              updated_at: stamp,
            })
            .where("id", "=", write.matchId)
            .execute();
        }
      },
    );
    await logChanges(trx, actor, fileChanges(plan, season.id), now);
    return { ok: true as const, plan, changed: true };
  });
}

/** The log's entries of an applied file: the file with its counts, then each result it saved or changed. */
function fileChanges(plan: ResultsPlan, seasonId: number): NewChange[] {
  const results = plan.items.filter((item) => item.after.result !== null && !sameScore(item.before?.result ?? null, item.after.result));
  return [
    { kind: "results-file", seasonId, subject: "Archivo de resultados", after: { summary: describeCounts(plan.counts), counts: plan.counts } },
    ...results.map((item): NewChange => resultChange(item, seasonId)),
  ];
}

function resultChange(item: PlanItem, seasonId: number): NewChange {
  const before = item.before?.result ?? null;
  return {
    kind: before ? "result-corrected" : "result-saved",
    seasonId,
    subject: matchLabelOfNames(item.row.home.name, item.row.away.name),
    before: before && { result: before },
    after: item.after.result && { result: item.after.result },
  };
}

function sameScore(a: { home: number; away: number } | null, b: { home: number; away: number } | null): boolean {
  return a === b || (a !== null && b !== null && a.home === b.home && a.away === b.away);
}
