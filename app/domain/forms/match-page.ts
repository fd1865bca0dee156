import { z } from "zod";

import { MAX_ID } from "./input";

/**
 * A match's own pages of picks on the captured-predictions pages (the public one and the admin's):
 * ?partido=<id>&pagina=<n>. A page that is no number is the first; a match that is no id is not
 * found, as is a match the page does not know or a page past the last (the loader's answer).
 */
const MatchPageQuery = z.object({
  partido: z.coerce.number().int().min(1).max(MAX_ID),
  pagina: z.coerce.number().int().min(1).max(MAX_ID).catch(1),
});

export const MATCH_NOT_FOUND = "Partido no encontrado";

/** The match and page a URL with ?partido= asks for, or null when `partido` is no match's id. */
export function matchPageQuery(params: URLSearchParams): { matchId: number; page: number } | null {
  const query = MatchPageQuery.safeParse({ partido: params.get("partido"), pagina: params.get("pagina") ?? undefined });
  return query.success ? { matchId: query.data.partido, page: query.data.pagina } : null;
}
