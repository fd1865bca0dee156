import { RESULTS_FILE_MAX_BYTES } from "#app/domain/files/results-file";

/**
 * How many bytes a request body may carry, by route. Forms are small (the largest, a pool's
 * match and people lists, is a few kilobytes); only the screens that take a file accept more.
 * readForm refuses a declared Content-Length above the limit before reading anything, and
 * counts the bytes actually read, so a chunked body (no Content-Length) stops at the limit too;
 * server/app.ts then drops the rest and closes the connection.
 */
export const FORM_MAX_BYTES = 64 * 1024;

/** A file of the largest allowed size, plus the multipart framing and the form's other fields. */
export const FILE_FORM_MAX_BYTES = RESULTS_FILE_MAX_BYTES + 64 * 1024;

/** Screens whose forms carry a file (the results file, a new season's file). */
const FILE_ROUTES = new Set(["/admin/importar-resultados", "/admin/temporadas"]);

export function bodyLimitFor(pathname: string): number {
  // React Router's data requests post to the same path with `.data` appended.
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  // Trailing slashes counted from the end: `/\/+$/` would be tried from every slash of a long run.
  let end = path.length;
  while (end > 0 && path[end - 1] === "/") end--;
  const route = path.slice(0, end) || "/";
  return FILE_ROUTES.has(route) ? FILE_FORM_MAX_BYTES : FORM_MAX_BYTES;
}

export const TOO_LARGE_MESSAGE = "Lo que enviaste es demasiado grande para esta página.";
