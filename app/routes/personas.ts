import { z } from "zod";

import { searchPeople } from "#app/data/pools/pools.server";
import { plainText } from "#app/domain/forms/input";
import { servicesOf } from "#app/http/context";
import { requireUser } from "#app/http/guards.server";

import type { Route } from "./+types/personas";

/** The query string; a search that is not valid (control characters, too long) is no search. */
const QuerySchema = z.object({ q: plainText().trim().max(100).catch("") });

/**
 * /personas?q=…: the participants picker's search (ui/people/PeopleCombobox.tsx), for anyone signed in
 * (any player creates pools): names and avatars of the first PEOPLE_SEARCH_LIMIT registered users
 * whose display name holds the text, never their e-mails.
 */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const { q } = QuerySchema.parse({ q: new URL(args.request.url).searchParams.get("q") ?? "" });
  return { people: await searchPeople(servicesOf(args.context).db, q) };
}
