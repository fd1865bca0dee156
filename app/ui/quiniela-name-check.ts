import { parseForm } from "#app/domain/form";
import { QuinielaNameSchema } from "#app/domain/quiniela-forms";

/** The pool's name through the server's own schema, in the browser (loaded on use: ./quiniela-schemas.ts). */
export function checkQuinielaName(fields: FormData | Record<string, string>) {
  return parseForm(QuinielaNameSchema, fields);
}
