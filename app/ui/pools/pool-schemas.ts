import { loadOnUse } from "#app/ui/behaviour/load-on-use";

/**
 * The pool name's check with the server's own schema: with Zod and the form contract it is a
 * sizeable share of a first load, fetched when the name's field is first focused, not with the page.
 */
export const poolNameCheck = loadOnUse(() => import("./pool-name-check"));
