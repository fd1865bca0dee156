import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { formatKickoff } from "#app/domain/dates";
import { predictionsRevealed } from "#app/domain/game/locking";
import type { MatchView, TeamView } from "#app/domain/game/match";
import { countScores, pickShares, type PickShares } from "#app/domain/game/pick-shares";
import type { Score } from "#app/domain/game/scoring";
import { scoreLabel } from "#app/domain/game/season-rules";
import { listMatches } from "#app/data/seasons/matches.server";
import type { Database } from "#app/data/engine/schema";
import { displayNameOf } from "#app/data/people/display-name.server";

/**
 * The captured-predictions page (SPEC §2.4): other people's picks only for matches whose picks
 * are revealed (kickoff passed, result entered, or phase activated: domain/game/locking.ts), the
 * viewer's own picks always. The rule is applied here, to what is read from the database, so
 * hidden picks never reach the loader data.
 */

export interface CapturedPrediction extends Score {
  userId: string;
  name: string;
  /** The viewer's own pick ('Tú'). */
  mine: boolean;
}

/** What a match card shows (no more: the 'Todas' tab may hold a whole season). */
export interface RevealedMatch {
  id: number;
  phaseName: string;
  /** The kickoff in the season's time zone, or null ('Fecha por confirmar'). */
  kickoffLabel: string | null;
  home: Pick<TeamView, "name" | "badgeUrl"> | null;
  away: Pick<TeamView, "name" | "badgeUrl"> | null;
  result: Score | null;
  /** '1 - 1 (3 - 4 pen.)': the result as the card shows it, with extra time and penalties. */
  resultLabel: string | null;
  /** Everyone's picks show; until then, only the viewer's own. */
  revealed: boolean;
  picks: CapturedPrediction[];
  /**
   * What everybody picked: every pick the page lists (every named player's), counted. Only for a
   * revealed match: shares of one still open would give its picks away.
   */
  shares: PickShares | null;
}

export interface RevealedPhase {
  phaseId: number;
  phaseName: string;
  matches: RevealedMatch[];
}

export interface RevealedPredictions {
  /** Phases with at least one pick the viewer may see, in season order (one tab each). */
  tabs: { phaseId: number; phaseName: string }[];
  /** The tab shown: the one asked for when it exists, else the latest phase ('all': every one). */
  selected: number | "all" | null;
  /** The shown phase (or all of them), matches with visible picks only, first legs first. */
  phases: RevealedPhase[];
}

const byName = new Intl.Collator("es", { sensitivity: "base" });

const displayName = displayNameOf("u");

const team = (t: TeamView | null) => t && { name: t.name, badgeUrl: t.badgeUrl };

/** First legs (is_first_leg = 1) before second legs and unknown ones; otherwise season order. */
function firstLegsFirst(a: MatchView, b: MatchView): number {
  return Number(b.isFirstLeg === true) - Number(a.isFirstLeg === true);
}

/** Users without a name are hidden: who may be seen are the named users' picks. */
const known = sql<boolean>`trim(${displayName}) <> ''`;

/** The matches whose picks everyone may see now (domain/game/locking.ts). */
function revealedMatchIds(matches: readonly MatchView[], now: Date): Set<number> {
  return new Set(
    matches
      .filter((match) =>
        predictionsRevealed(
          { hasResult: match.result !== null, kickoffAt: match.kickoffAt, phaseActivatedAt: match.phaseActivatedAt },
          now,
        ),
      )
      .map((match) => match.id),
  );
}

/**
 * The phases with a pick the viewer may see (of a revealed match, or their own). EXISTS stops at
 * the first such pick of each match (a DISTINCT over every prediction read them all: ms per view).
 */
async function phasesWithVisiblePicks(
  db: Kysely<Database>,
  seasonId: number,
  revealedIds: readonly number[],
  viewerId: string | null,
): Promise<Set<number>> {
  const phases = new Set<number>();
  if (revealedIds.length === 0 && !viewerId) return phases;
  const visiblePrediction = (eb: ExpressionBuilder<Database & { m: Database["matches"] }, "m">, ownOnly: boolean) =>
    eb.exists(
      eb
        .selectFrom("predictions as pr")
        .innerJoin("users as u", "u.id", "pr.user_id")
        .select(sql.lit(1).as("one"))
        .whereRef("pr.match_id", "=", "m.id")
        .where(known)
        .$if(ownOnly, (q) => q.where("pr.user_id", "=", viewerId!)),
    );
  const rows = await db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .select("m.phase_id")
    .where("p.season_id", "=", seasonId)
    .where((eb) =>
      eb.or([
        ...(revealedIds.length > 0 ? [eb.and([eb("m.id", "in", revealedIds), visiblePrediction(eb, false)])] : []),
        ...(viewerId ? [visiblePrediction(eb, true)] : []),
      ]),
    )
    .groupBy("m.phase_id")
    .execute();
  for (const row of rows) phases.add(row.phase_id);
  return phases;
}

/** One tab per phase with a visible pick, in season order. */
function tabsOf(matches: readonly MatchView[], phasesWithPicks: ReadonlySet<number>): RevealedPredictions["tabs"] {
  const tabs: RevealedPredictions["tabs"] = [];
  for (const match of matches) {
    if (phasesWithPicks.has(match.phaseId) && tabs.at(-1)?.phaseId !== match.phaseId) {
      tabs.push({ phaseId: match.phaseId, phaseName: match.phaseName });
    }
  }
  return tabs;
}

/** The picks of the shown matches the viewer may see (revealed ones, and their own of any), by match. */
async function visiblePicks(
  db: Kysely<Database>,
  shownRevealed: readonly number[],
  shownIds: readonly number[],
  viewerId: string | null,
): Promise<Map<number, CapturedPrediction[]>> {
  const predictions = await db
    .selectFrom("predictions as pr")
    .innerJoin("users as u", "u.id", "pr.user_id")
    .select(["pr.match_id", "pr.user_id", "pr.home_score", "pr.away_score", displayName.as("name")])
    .where(known)
    .where((eb) =>
      eb.or([
        ...(shownRevealed.length > 0 ? [eb("pr.match_id", "in", shownRevealed)] : []),
        ...(viewerId ? [eb.and([eb("pr.user_id", "=", viewerId), eb("pr.match_id", "in", shownIds)])] : []),
      ]),
    )
    .execute();

  const predictionsByMatch = new Map<number, CapturedPrediction[]>();
  for (const prediction of predictions) {
    const list = predictionsByMatch.get(prediction.match_id) ?? [];
    list.push({
      userId: prediction.user_id,
      name: prediction.name,
      home: prediction.home_score,
      away: prediction.away_score,
      mine: prediction.user_id === viewerId,
    });
    predictionsByMatch.set(prediction.match_id, list);
  }
  return predictionsByMatch;
}

/** A match card: first legs first within a phase, picks in name order. */
function revealedMatch(
  match: MatchView,
  { revealed, timeZone }: { revealed: ReadonlySet<number>; timeZone: string },
  picks: CapturedPrediction[],
): RevealedMatch {
  return {
    id: match.id,
    phaseName: match.phaseName,
    kickoffLabel: formatKickoff(match.kickoffAt, timeZone),
    home: team(match.home),
    away: team(match.away),
    result: match.result,
    resultLabel: scoreLabel(match),
    revealed: revealed.has(match.id),
    shares: revealed.has(match.id) ? pickShares(countScores(picks)) : null,
    picks: picks.sort((a, b) => byName.compare(a.name, b.name) || (a.userId < b.userId ? -1 : 1)),
  };
}

/** The shown matches with visible picks, grouped by phase in season order. */
function byPhase(
  shown: readonly MatchView[],
  picksByMatch: ReadonlyMap<number, CapturedPrediction[]>,
  cards: { revealed: ReadonlySet<number>; timeZone: string },
): RevealedPhase[] {
  const phases: RevealedPhase[] = [];
  let group: MatchView[] = [];
  const flush = () => {
    if (group.length === 0) return;
    phases.push({
      phaseId: group[0]!.phaseId,
      phaseName: group[0]!.phaseName,
      matches: group.sort(firstLegsFirst).map((match) => revealedMatch(match, cards, picksByMatch.get(match.id)!)),
    });
    group = [];
  };
  for (const match of shown) {
    if (!picksByMatch.has(match.id)) continue;
    if (group.length > 0 && group[0]!.phaseId !== match.phaseId) flush();
    group.push(match);
  }
  flush();
  return phases;
}

export async function revealedPredictions(
  db: Kysely<Database>,
  {
    seasonId,
    timeZone,
    phaseId: requested,
    viewerId,
    now = new Date(),
  }: { seasonId: number; timeZone: string; phaseId: number | "all" | null; viewerId: string | null; now?: Date },
): Promise<RevealedPredictions> {
  const matches = await listMatches(db, { seasonId });
  const revealed = revealedMatchIds(matches, now);
  const phasesWithPicks = await phasesWithVisiblePicks(db, seasonId, [...revealed], viewerId);
  const tabs = tabsOf(matches, phasesWithPicks);

  const selected =
    requested === "all" ? "all" : tabs.some((tab) => tab.phaseId === requested) ? requested : (tabs.at(-1)?.phaseId ?? null);
  const shown = matches.filter((match) => phasesWithPicks.has(match.phaseId) && (selected === "all" || match.phaseId === selected));
  const shownRevealed = shown.filter((match) => revealed.has(match.id)).map((match) => match.id);
  const shownIds = shown.map((match) => match.id);
  if (shownIds.length === 0 || (shownRevealed.length === 0 && !viewerId)) return { tabs, selected, phases: [] };

  const picksByMatch = await visiblePicks(db, shownRevealed, shownIds, viewerId);
  return { tabs, selected, phases: byPhase(shown, picksByMatch, { revealed, timeZone }) };
}
