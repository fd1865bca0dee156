import { calendarFeedOwner } from "#app/auth/links/calendar-link.server";
import { publicOrigin } from "#app/auth/links/password-reset.server";
import { calendarMatches } from "#app/data/seasons/calendar-matches.server";
import { currentSeason } from "#app/data/seasons/current-season.server";
import { matchEvent } from "#app/domain/game/match-calendar";
import { writeCalendar } from "#app/domain/icalendar";
import { servicesOf } from "#app/http/context";

import type { Route } from "./+types/$file";

const NOT_FOUND = "Este calendario no existe o su enlace fue renovado. Copia el enlace nuevo desde «Mi Perfil».\n";

/**
 * GET /calendario/<key>.ics: a player's secret calendar feed (RFC 5545), the current season's
 * matches that have a kickoff. No session: a calendar app asks with the address alone, which is
 * the secret (auth/links/calendar-link.server.ts). It carries matches and results, nothing of anyone's
 * picks or e-mail, so a leaked address tells no more than the public tables; 'Renovar enlace'
 * stops it anyway.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, secret, config } = servicesOf(context);
  const owner = await calendarFeedOwner(db, secret, params.file);
  if (owner === undefined) {
    return new Response(NOT_FOUND, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const season = await currentSeason(db);
  const origin = publicOrigin(config.BASE_URL, request);
  const facts = { host: new URL(origin).hostname, seasonName: season.name, url: `${origin}/` };
  const body = writeCalendar({
    productId: "-//Quiniela//Calendario de partidos//ES",
    name: `Quiniela · ${season.name}`,
    stamp: new Date().toISOString(),
    events: (await calendarMatches(db, season.id)).map((match) => matchEvent(match, facts)),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="quiniela.ics"',
      // The client that subscribed may keep it a few minutes; nothing shared may keep it at all.
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
    },
  });
}
