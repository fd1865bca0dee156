import type { Kysely } from "kysely";
import type { ChampionSummary, HomeStanding } from "#app/domain/standings/home-summary";
import { movement, type PhaseProgress } from "#app/domain/standings/movement";
import type { SeasonView } from "#app/data/seasons/current-season.server";
import type { Database } from "#app/data/engine/schema";
import { champions } from "./history.server";
import { placesSince, seasonPlaces } from "./places.server";
import { tableSize } from "./tables.server";

/**
 * Where the viewer stands for the home page's 'Cómo vas' (domain/standings/home-summary.ts). Two
 * indexed reads of the stored standings: the viewer's places now and before with their points in
 * the last completed jornada (places.server.ts), and how many players the table lists; a third,
 * the champion, only once the season is finished. A season without any result reads nothing.
 */
export async function homeStanding(
  db: Kysely<Database>,
  season: SeasonView,
  phases: readonly PhaseProgress[],
  userId: string,
): Promise<HomeStanding> {
  if (!phases.some((phase) => phase.withResult > 0)) return { place: null, lastPhase: null, champion: null };
  const { query, reference } = placesSince(season, phases);
  const place = (await seasonPlaces(db, query, [userId])).get(userId)!;
  const total = await tableSize(db, season);
  return {
    place: {
      rank: place.rank,
      total,
      points: place.points,
      movement: movement(place.previousRank, place.rank),
      since: reference.previous?.name ?? null,
    },
    lastPhase: reference.last && { name: reference.last.name, points: place.phase.points, exactHits: place.phase.exactHits },
    champion: season.finishedAt === null ? null : await championOf(db, season.id, userId),
  };
}

async function championOf(db: Kysely<Database>, seasonId: number, userId: string): Promise<ChampionSummary | null> {
  const [champion] = await champions(db, { seasonId });
  if (!champion || champion.points === 0) return null;
  return {
    names: champion.people.map((person) => person.name),
    points: champion.points,
    you: champion.people.some((person) => person.userId === userId),
  };
}
