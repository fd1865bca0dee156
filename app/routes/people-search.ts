import { z } from "zod";
import { requireUser } from "#app/auth/guards.server";
import { searchPeople } from "#app/data/quinielas.server";
import { plainText } from "#app/domain/input";
import { servicesOf } from "#app/http/context";
import type { Route } from "./+types/people-search";

/** The query string; a search that is not valid (control characters, too long) is no search. */
const QuerySchema = z.object({ q: plainText().trim().max(100).catch("") });

/**
 * /personas?q=…: the participants picker's search (ui/PeopleCombobox.tsx), for anyone signed in
 * (any player creates pools): names and avatars of the first PEOPLE_SEARCH_LIMIT registered users
 * whose display name holds the text, never their e-mails.
 */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const { q } = QuerySchema.parse({ q: new URL(args.request.url).searchParams.get("q") ?? "" });
  return { people: await searchPeople(servicesOf(args.context).db, q) };
}
