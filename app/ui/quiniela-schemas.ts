import { loadOnUse } from "./load-on-use";

/**
 * The pools' schemas, for checking a pool's name in the browser with the server's own rule: with
 * Zod they are 25 KB compressed, fetched when the name's field is first focused, not with the page.
 */
export const quinielaSchemas = loadOnUse(() => import("#app/domain/quiniela-forms"));
