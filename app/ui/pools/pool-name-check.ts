import { parseForm } from "#app/domain/forms/form";
import { PoolNameSchema } from "#app/domain/forms/pool-forms";

/** The pool's name through the server's own schema, in the browser (loaded on use: ./quiniela-schemas.ts). */
export function checkPoolName(fields: FormData | Record<string, string>) {
  return parseForm(PoolNameSchema, fields);
}
