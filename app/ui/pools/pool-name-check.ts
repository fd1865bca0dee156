import { parseForm } from "#app/domain/forms/form";
import { QuinielaNameSchema } from "#app/domain/forms/pool-forms";

/** The pool's name through the server's own schema, in the browser (loaded on use: ./quiniela-schemas.ts). */
export function checkQuinielaName(fields: FormData | Record<string, string>) {
  return parseForm(QuinielaNameSchema, fields);
}
