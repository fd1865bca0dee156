import type { Kysely } from "kysely";
import { formatKickoff } from "#app/domain/dates";
import type { MatchView } from "#app/domain/game/match";
import { pickShares, type PickShares, type ScoreCount } from "#app/domain/game/pick-shares";
import type { Database } from "#app/data/engine/schema";
import { listMatches } from "#app/data/seasons/matches.server";
import {
  CARD_PICKS,
  PAGE_PICKS,
  pageCount,
  picksByName,
  type ListedPick,
} from "#app/data/predictions/match-picks.server";
import { totalOf } from "#app/data/predictions/pick-counts.server";

/**
 * The admin's 'Quinielas Capturadas' (/admin/ver-quinielas). Admin screens show everything (SPEC
 * §2.4): every pick of the phase's matches, revealed or not, a nameless player's too, with the
 * points it earned. Bounded as the public page is (match-picks.server.ts): a card lists the first
 * CARD_PICKS picks by name and a match's own pages PAGE_PICKS each; what they add up to (the
 * header's count, each match's shares) is counted in SQL, by score, never by reading every pick.
 * Not pick_counts: it holds revealed matches only, and the named players' picks only.
 */

/** A match card: its first picks (or a page of them) and what every pick of it adds up to. */
export interface AdminCapturedMatch extends MatchView {
  kickoffLabel: string | null;
  /** At most CARD_PICKS on a card, PAGE_PICKS on a match's page, in name order. */
  picks: ListedPick[];
  /** Every pick of the match: beyond the card's, its own pages. */
  total: number;
  shares: PickShares;
}

/** Every pick of a phase's matches, or of one match, counted by score and grouped by match. */
async function scoreCounts(
  db: Kysely<Database>,
  of: { phaseId: number } | { matchId: number },
): Promise<Map<number, ScoreCount[]>> {
  const rows = await db
    .selectFrom("predictions as pr")
    .innerJoin("matches as m", "m.id", "pr.match_id")
    .select((eb) => ["pr.match_id", "pr.home_score", "pr.away_score", eb.fn.countAll<number>().as("picks")])
    .where((eb) => ("phaseId" in of ? eb("m.phase_id", "=", of.phaseId) : eb("pr.match_id", "=", of.matchId)))
    .groupBy(["pr.match_id", "pr.home_score", "pr.away_score"])
    .execute();
  const counts = new Map<number, ScoreCount[]>();
  for (const row of rows) {
    const list = counts.get(row.match_id) ?? [];
    list.push({ home: row.home_score, away: row.away_score, count: Number(row.picks) });
    counts.set(row.match_id, list);
  }
  return counts;
}

function card(match: MatchView, timeZone: string, counts: readonly ScoreCount[], picks: ListedPick[]): AdminCapturedMatch {
  return {
    ...match,
    kickoffLabel: formatKickoff(match.kickoffAt, timeZone),
    picks,
    total: totalOf(counts),
    shares: pickShares(counts),
  };
}

/**
 * The phase's matches with picks, in season order, each with its first CARD_PICKS picks by name,
 * and how many picks they hold in all.
 */
export async function capturedOfPhase(
  db: Kysely<Database>,
  { phaseId, timeZone }: { phaseId: number; timeZone: string },
): Promise<{ matches: AdminCapturedMatch[]; total: number }> {
  const [matches, counts] = await Promise.all([listMatches(db, { phaseIds: [phaseId] }), scoreCounts(db, { phaseId })]);
  const picked = matches.filter((match) => counts.has(match.id));
  const cards: AdminCapturedMatch[] = [];
  for (const match of picked) {
    const picks = await picksByName(db, match.id, { limit: CARD_PICKS, offset: 0, everyone: true });
    cards.push(card(match, timeZone, counts.get(match.id)!, picks));
  }
  return { matches: cards, total: cards.reduce((sum, match) => sum + match.total, 0) };
}

/**
 * A page of one of the season's matches' picks (?partido=<id>&pagina=<n>), PAGE_PICKS by name;
 * null when the match is not the season's or the page is past the last.
 */
export async function adminMatchPicksPage(
  db: Kysely<Database>,
  { seasonId, timeZone, matchId, page }: { seasonId: number; timeZone: string; matchId: number; page: number },
): Promise<{ match: AdminCapturedMatch; page: number; pages: number } | null> {
  const [match] = await listMatches(db, { seasonId, matchIds: [matchId] });
  if (!match) return null;
  const counts = (await scoreCounts(db, { matchId })).get(matchId) ?? [];
  const pages = pageCount(totalOf(counts));
  if (page > pages) return null;
  const picks = await picksByName(db, matchId, { limit: PAGE_PICKS, offset: (page - 1) * PAGE_PICKS, everyone: true });
  return { match: card(match, timeZone, counts, picks), page, pages };
}
