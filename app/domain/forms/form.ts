import type { z } from "zod";

/**
 * The one form contract: a form's fields through its Zod schema (Spanish messages), into either
 * the parsed data or its problems — the first one's message (for a toast) and field, and the
 * first message of every field (for the messages under the fields). Routes answer with it; the
 * browser runs the same schemas where a page checks a field before it is sent.
 */

export type FieldErrors = Partial<Record<string, string>>;

export type ParsedForm<T> = { ok: true; data: T } | { ok: false; message: string; field: string; errors: FieldErrors };

/**
 * A posted form's text fields; files are left out. A repeated field counts its last value, as the
 * browser orders them: a submit button's own value (profile's 'Eliminar foto') after the form's
 * hidden default.
 */
export function formText(form: FormData | URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string") fields[key] = value;
  }
  return fields;
}

/**
 * A form (or fields already gathered, such as repeated ids as lists) through `schema`.
 * `fallback` is the message when the schema fails without one.
 */
export function parseForm<S extends z.ZodType>(
  schema: S,
  input: FormData | URLSearchParams | Record<string, unknown>,
  fallback = "Datos inválidos",
): ParsedForm<z.output<S>> {
  const fields = input instanceof FormData || input instanceof URLSearchParams ? formText(input) : input;
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  const first = parsed.error.issues[0];
  return { ok: false, message: first?.message ?? fallback, field: String(first?.path[0] ?? "form"), errors };
}
