import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { listedProblems } from "#app/domain/files/problems";
import {
  kickoffsAhead,
  type ParsedSeasonFile,
  parseSeasonFile,
  planSeason,
  type SeasonPlan,
} from "#app/domain/files/season-file";
import type { SeasonRules } from "#app/domain/game/season-rules";
import type { Database } from "#app/data/engine/schema";
import { insertSeason } from "./write-season.server";
import { type Actor, logChange } from "#app/data/changes/change-log.server";
import { KNOWN_TEAMS } from "./bundled-seasons.server";

/**
 * 'Nueva Temporada' (/admin/temporadas): a season file (a bundled template or an upload) read by
 * domain/files/season-file.ts, planned against the competition's teams (existing ones reused, new ones
 * with generated badges), previewed, then created all or nothing as 'Próxima'. Results in the
 * file are never loaded: the admin enters them, or uses the results file.
 */

export interface SeasonDraft {
  /** The file's text: a template's, or the uploaded one's. */
  content: string;
  name: string;
  /** Empty: the file's own competition (or 'Liga MX'). */
  competition: string;
  /** 'auto': kept when the file's kickoffs are still ahead (`kickoffsAhead`), the admin not having chosen. */
  withKickoffs: boolean | "auto";
  rules: SeasonRules;
  /** For times without an offset, when the file does not name its own time zone. */
  defaultTimeZone: string;
}

export interface SeasonPreview {
  name: string;
  competition: string;
  timeZone: string;
  /** Whether the file's kickoffs are kept ('Con horarios'), as chosen or decided. */
  withKickoffs: boolean;
  plan: SeasonPlan;
  /** Ties the preview to the database it was made against (the competition's teams, the names taken). */
  fingerprint: string;
}

export type PreviewResult = { ok: true; preview: SeasonPreview } | { ok: false; problems: string[] };

const DEFAULT_COMPETITION = "Liga MX";

/** Reads and plans the draft against the database as it is now; writes nothing. */
export async function previewSeason(
  db: Kysely<Database>,
  asked: SeasonDraft,
  now: Date = new Date(),
): Promise<PreviewResult> {
  const parsed = parseSeasonFile(asked.content, { seasonName: asked.name, timeZone: asked.defaultTimeZone });
  if (!parsed.ok) return { ok: false, problems: parsed.problems };
  const file: ParsedSeasonFile = parsed.file;
  const withKickoffs = asked.withKickoffs === "auto" ? kickoffsAhead(file, now) : asked.withKickoffs;
  const draft = { ...asked, withKickoffs };
  const competition = draft.competition.trim() || file.competition || DEFAULT_COMPETITION;
  const timeZone = file.timeZone ?? draft.defaultTimeZone;
  const existing = await db
    .selectFrom("teams as t")
    .innerJoin("competitions as c", "c.id", "t.competition_id")
    .select(["t.id", "t.name", "t.short_code", "t.primary_color", "t.secondary_color"])
    .where("c.name", "=", competition)
    .orderBy("t.id")
    .execute();
  const plan = planSeason(
    file,
    existing.map((team) => ({
      id: team.id,
      name: team.name,
      shortCode: team.short_code,
      primaryColor: team.primary_color,
      secondaryColor: team.secondary_color,
    })),
    { withKickoffs, knownTeams: KNOWN_TEAMS },
  );
  const problems = [...plan.problems];
  if (await db.selectFrom("seasons").select("id").where("name", "=", draft.name).executeTakeFirst()) {
    problems.unshift(`Ya existe una temporada «${draft.name}»: elige otro nombre`);
  }
  if (plan.teams.length < 2) problems.push("El archivo no nombra al menos dos equipos");
  if (problems.length > 0) return { ok: false, problems: listedProblems(problems) };
  const fingerprint = crypto
    .createHash("sha256")
    .update(JSON.stringify({ draft: { ...draft, content: undefined }, content: draft.content, existing }))
    .digest("hex");
  return { ok: true, preview: { name: draft.name, competition, timeZone, withKickoffs, plan, fingerprint } };
}

export type CreateResult =
  | { ok: true; seasonId: number; preview: SeasonPreview }
  | { ok: false; reason: "invalid"; problems: string[] }
  | { ok: false; reason: "stale" };

/**
 * Creates the previewed season in one transaction, after planning the draft again inside it:
 * refused as 'stale' when that is no longer what the preview showed. Not current, no results,
 * every match inactive.
 */
export async function createSeason(
  db: Kysely<Database>,
  draft: SeasonDraft,
  fingerprint: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<CreateResult> {
  return db.transaction().execute(async (trx) => {
    const result = await previewSeason(trx, draft, now);
    if (!result.ok) return { ok: false as const, reason: "invalid" as const, problems: result.problems };
    if (result.preview.fingerprint !== fingerprint) return { ok: false as const, reason: "stale" as const };
    const { plan, competition, timeZone } = result.preview;
    const seasonId = await insertSeason(
      trx,
      {
        name: draft.name,
        competition,
        timeZone,
        rules: draft.rules,
        current: false,
        phases: plan.phases,
        teams: plan.teams,
        matches: plan.matches.map((match) => ({
          phase: match.phase,
          group: match.group,
          home: match.homeTeam,
          away: match.awayTeam,
          kickoffAt: match.kickoffAt,
          isFirstLeg: match.isFirstLeg,
        })),
      },
      now,
    );
    await logChange(
      trx,
      actor,
      {
        kind: "season-created",
        seasonId,
        subject: draft.name,
        after: { competition, phases: plan.phases.length, matches: plan.matches.length, teams: plan.teams.length },
      },
      now,
    );
    return { ok: true as const, seasonId, preview: result.preview };
  });
}
