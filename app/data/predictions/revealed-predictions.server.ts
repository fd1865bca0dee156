import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { formatKickoff } from "#app/domain/dates";
import { predictionsRevealed } from "#app/domain/game/locking";
import type { MatchView, TeamView } from "#app/domain/game/match";
import { pickShares, type PickShares, type ScoreCount } from "#app/domain/game/pick-shares";
import type { Score } from "#app/domain/game/scoring";
import { scoreLabel } from "#app/domain/game/season-rules";
import { listMatches } from "#app/data/seasons/matches.server";
import type { Database } from "#app/data/engine/schema";
import { displayNameOf } from "#app/data/people/display-name.server";
import { pickCounts, totalOf } from "#app/data/predictions/pick-counts.server";
import { CARD_PICKS, named, PAGE_PICKS, pageCount, picksByName } from "#app/data/predictions/match-picks.server";

/**
 * The captured-predictions page (SPEC §2.4): other people's picks only for matches whose picks
 * are revealed (kickoff passed, result entered, or phase activated: domain/game/locking.ts), the
 * viewer's own picks always. The rule is applied here, to what is read from the database, so
 * hidden picks never reach the loader data.
 *
 * Every list has a limit: a match card lists at most CARD_PICKS picks (a pool of coworkers sees
 * them all), and a match with more has pages of its own (matchPicksPage, PAGE_PICKS each), read in
 * name order as match-picks.server.ts reads them.
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
  /** At most CARD_PICKS (or a page's PAGE_PICKS), in name order; the viewer's own first when it is not among them. */
  picks: CapturedPrediction[];
  /** Every pick of a revealed match (null when not revealed): beyond CARD_PICKS, the card links to its pages. */
  total: number | null;
  /**
   * What everybody picked: every pick of the match, counted (pick_counts). Only for a revealed
   * match: shares of one still open would give its picks away.
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
        .where(named)
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

/** A row of the picks read: the viewer's own marked. */
interface PickRow {
  user_id: string;
  home_score: number;
  away_score: number;
  name: string;
}

const captured = (row: PickRow, viewerId: string | null): CapturedPrediction => ({
  userId: row.user_id,
  name: row.name,
  home: row.home_score,
  away: row.away_score,
  mine: row.user_id === viewerId,
});

/**
 * The picks of the shown matches the viewer may see, by match: every named player's of the
 * revealed matches listed whole (`whole`: at most CARD_PICKS picks each), and the viewer's own of
 * any shown match.
 */
async function visiblePicks(
  db: Kysely<Database>,
  whole: readonly number[],
  shownIds: readonly number[],
  viewerId: string | null,
): Promise<Map<number, CapturedPrediction[]>> {
  const predictionsByMatch = new Map<number, CapturedPrediction[]>();
  if (whole.length === 0 && !viewerId) return predictionsByMatch;
  const predictions = await db
    .selectFrom("predictions as pr")
    .innerJoin("users as u", "u.id", "pr.user_id")
    .select(["pr.match_id", "pr.user_id", "pr.home_score", "pr.away_score", displayName.as("name")])
    .where(named)
    .where((eb) =>
      eb.or([
        ...(whole.length > 0 ? [eb("pr.match_id", "in", whole)] : []),
        ...(viewerId ? [eb.and([eb("pr.user_id", "=", viewerId), eb("pr.match_id", "in", shownIds)])] : []),
      ]),
    )
    .execute();
  for (const prediction of predictions) {
    const list = predictionsByMatch.get(prediction.match_id) ?? [];
    list.push(captured(prediction, viewerId));
    predictionsByMatch.set(prediction.match_id, list);
  }
  for (const list of predictionsByMatch.values()) list.sort(inNameOrder);
  return predictionsByMatch;
}

function inNameOrder(a: CapturedPrediction, b: CapturedPrediction): number {
  return byName.compare(a.name, b.name) || (a.userId < b.userId ? -1 : 1);
}

/**
 * One page of a match's picks in name order (match-picks.server.ts: named players only), the
 * viewer's own first when it is not on the page (`mine`).
 */
async function pickPage(
  db: Kysely<Database>,
  matchId: number,
  { limit, offset, viewerId, mine }: { limit: number; offset: number; viewerId: string | null; mine?: CapturedPrediction },
): Promise<CapturedPrediction[]> {
  const picks = (await picksByName(db, matchId, { limit, offset })).map((pick) =>
    captured({ user_id: pick.userId, name: pick.name, home_score: pick.home, away_score: pick.away }, viewerId),
  );
  return mine && !picks.some((pick) => pick.mine) ? [mine, ...picks] : picks;
}

/** A match card or page: first legs first within a phase. */
function revealedMatch(
  match: MatchView,
  { revealed, timeZone, counts }: Cards,
  picks: CapturedPrediction[],
): RevealedMatch {
  const isRevealed = revealed.has(match.id);
  const scoreCounts = counts.get(match.id) ?? [];
  return {
    id: match.id,
    phaseName: match.phaseName,
    kickoffLabel: formatKickoff(match.kickoffAt, timeZone),
    home: team(match.home),
    away: team(match.away),
    result: match.result,
    resultLabel: scoreLabel(match),
    revealed: isRevealed,
    total: isRevealed ? totalOf(scoreCounts) : null,
    shares: isRevealed ? pickShares(scoreCounts) : null,
    picks,
  };
}

/** What every card is made with: which matches are revealed, and their picks counted. */
interface Cards {
  revealed: ReadonlySet<number>;
  timeZone: string;
  counts: ReadonlyMap<number, ScoreCount[]>;
}

/** The shown matches with visible picks, grouped by phase in season order. */
function byPhase(
  shown: readonly MatchView[],
  picksByMatch: ReadonlyMap<number, CapturedPrediction[]>,
  cards: Cards,
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

/**
 * The cards' picks: the revealed matches with at most CARD_PICKS picks listed whole (one query for
 * all), the others' first CARD_PICKS by name (a page each; on 'Todas', none), the viewer's own of
 * every shown match.
 */
async function cardPicks(
  db: Kysely<Database>,
  {
    shownRevealed,
    shownIds,
    counts,
    viewerId,
    all,
  }: { shownRevealed: number[]; shownIds: number[]; counts: ReadonlyMap<number, ScoreCount[]>; viewerId: string | null; all: boolean },
): Promise<Map<number, CapturedPrediction[]>> {
  const long = new Set(shownRevealed.filter((id) => totalOf(counts.get(id) ?? []) > CARD_PICKS));
  const picksByMatch = await visiblePicks(
    db,
    shownRevealed.filter((id) => !long.has(id)),
    shownIds,
    viewerId,
  );
  for (const id of long) {
    // 'Todas' (a whole season: 167 cards) lists none of a long match's picks but the viewer's
    // own, under its shares and its link: 50 of each would be thousands of rows.
    if (all) {
      if (!picksByMatch.has(id)) picksByMatch.set(id, []);
      continue;
    }
    const mine = picksByMatch.get(id)?.[0];
    const picks = await pickPage(db, id, { limit: CARD_PICKS, offset: 0, viewerId, mine });
    if (picks.length > 0) picksByMatch.set(id, picks);
  }
  return picksByMatch;
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

  const counts = await pickCounts(db, shownRevealed);
  const picksByMatch = await cardPicks(db, { shownRevealed, shownIds, counts, viewerId, all: selected === "all" });
  return { tabs, selected, phases: byPhase(shown, picksByMatch, { revealed, timeZone, counts }) };
}

/** One of a revealed match's own pages (?partido=<id>&pagina=<n>). */
export interface MatchPicksPage {
  tabs: RevealedPredictions["tabs"];
  phaseId: number;
  match: RevealedMatch;
  page: number;
  pages: number;
}

/**
 * A page of a revealed match's picks, PAGE_PICKS in name order, the viewer's own first on the first
 * page; null when the match is not the season's, its picks are not revealed, or the page is past
 * the last: a match not revealed shows nobody's pick here, not even the viewer's.
 */
export async function matchPicksPage(
  db: Kysely<Database>,
  {
    seasonId,
    timeZone,
    matchId,
    page,
    viewerId,
    now = new Date(),
  }: { seasonId: number; timeZone: string; matchId: number; page: number; viewerId: string | null; now?: Date },
): Promise<MatchPicksPage | null> {
  const matches = await listMatches(db, { seasonId });
  const revealed = revealedMatchIds(matches, now);
  const match = matches.find((candidate) => candidate.id === matchId);
  if (!match || !revealed.has(match.id)) return null;
  const counts = await pickCounts(db, [match.id]);
  const pages = pageCount(totalOf(counts.get(match.id)!));
  if (page > pages) return null;
  const mine = page === 1 && viewerId ? (await visiblePicks(db, [], [match.id], viewerId)).get(match.id)?.[0] : undefined;
  const picks = await pickPage(db, match.id, { limit: PAGE_PICKS, offset: (page - 1) * PAGE_PICKS, viewerId, mine });
  const phasesWithPicks = await phasesWithVisiblePicks(db, seasonId, [...revealed], viewerId);
  return {
    tabs: tabsOf(matches, phasesWithPicks),
    phaseId: match.phaseId,
    match: revealedMatch(match, { revealed, timeZone, counts }, picks),
    page,
    pages,
  };
}
