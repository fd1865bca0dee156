import { z } from "zod";

/**
 * The rules every input shares, on every form and query string: text without control
 * characters, ids that fit the database's integer, and Spanish messages throughout.
 *
 * Zod's own messages ('Invalid input: expected number…') would reach people wherever a schema
 * forgot to give one; with the Spanish locale even those are Spanish. Every schema module
 * imports this one, so the locale is set before any form is parsed, in the server and the browser.
 */
z.config(z.locales.es());

/** Largest id PostgreSQL's `integer` holds; a bigger number must never reach SQL (error 22003). */
export const MAX_ID = 2_147_483_647;

/**
 * C0 and C1 control characters (NUL included: PostgreSQL refuses it in text, error 22021) and
 * the Unicode line and paragraph separators. Line breaks are allowed only where a field says so.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;

export function hasControlCharacters(text: string, { lineBreaks = false } = {}): boolean {
  return (lineBreaks ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).test(text);
}

export const CONTROL_MESSAGE = "El texto contiene caracteres no permitidos";

/** Text typed by a person: a string without control characters (line breaks only if allowed). */
export function plainText({
  required,
  lineBreaks = false,
  invalid = CONTROL_MESSAGE,
}: { required?: string; lineBreaks?: boolean; invalid?: string } = {}) {
  return z
    .string({ error: required ?? invalid })
    .refine((text) => !hasControlCharacters(text, { lineBreaks }), { error: invalid, abort: true });
}

/** A database id given as text (a form field, a URL segment): 1 … MAX_ID, digits only. */
export function idField(message: string) {
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(MAX_ID, message));
}

let urlId: ReturnType<typeof idField> | undefined;

/**
 * An id in a URL (a path segment or ?jornada=), or undefined when it is not a valid one. Pages
 * read one on every request: the schema is built once (building it is not free), on first
 * use (a module-level one would be built in every browser page that imports this file).
 */
export function parseId(value: string | null | undefined): number | undefined {
  urlId ??= idField("");
  const parsed = urlId.safeParse(value ?? "");
  return parsed.success ? parsed.data : undefined;
}

let urlUserId: z.ZodType<string> | undefined;

/**
 * A user's id in a URL (/jugador/:id), or undefined when it cannot be one: Better Auth's ids
 * (and the deleted players' stand-ins) are short URL-safe text. Built once, on first use.
 */
export function parseUserId(value: string | null | undefined): string | undefined {
  urlUserId ??= z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
  const parsed = urlUserId.safeParse(value ?? "");
  return parsed.success ? parsed.data : undefined;
}

/**
 * An uploaded file's text, or the same text back from a preview's hidden field: LF line breaks,
 * no BOM. Browsers send form values with CRLF line breaks, so a file is read, compared and
 * fingerprinted in this one form (the results file, a new season's file).
 */
export function normalizeFileText(text: string): string {
  return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}
