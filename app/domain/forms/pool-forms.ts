import { z } from "zod";
import { hasControlCharacters, idField } from "./input";
import { type ParsedForm, parseForm } from "./form";
import { QUINIELA_MESSAGES, QUINIELA_NAME_MAX } from "./pool-texts";

/**
 * What the pool screens post (/quiniela/new and the 'Administrar quiniela' tools of
 * /quiniela/:id), parsed with Spanish messages. Lists arrive as repeated fields: matchId, phaseId,
 * userId.
 */

/** More than a season holds (167 matches, 23 phases); a bigger list is not a person's form. */
const MAX_LIST = 500;

export const quinielaName = z
  .string({ error: QUINIELA_MESSAGES.nameRequired })
  .transform((text) => text.trim().replace(/\s+/g, " "))
  .pipe(
    z
      .string()
      .min(1, QUINIELA_MESSAGES.nameRequired)
      // Characters as people count them (an emoji is one), not UTF-16 units.
      .refine((text) => Array.from(text).length <= QUINIELA_NAME_MAX, QUINIELA_MESSAGES.nameTooLong)
      .refine((text) => !hasControlCharacters(text), QUINIELA_MESSAGES.nameInvalid),
  );

/** The pool's name alone: what its form checks in the browser before it is sent. */
export const QuinielaNameSchema = z.object({ name: quinielaName });

function numericIds(message: string) {
  return z
    .array(idField(message))
    .max(MAX_LIST, QUINIELA_MESSAGES.tooMany)
    .transform((ids) => [...new Set(ids)]);
}

/** Better Auth's user ids: short URL-safe text. */
const userId = z
  .string({ error: QUINIELA_MESSAGES.badUser })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, QUINIELA_MESSAGES.badUser);

const userIds = z
  .array(userId)
  .max(MAX_LIST, QUINIELA_MESSAGES.tooMany)
  .transform((ids) => [...new Set(ids)]);

/** Matches chosen one by one (matchId) or as whole phases (phaseId); at least one of either. */
const matchChoice = {
  matchIds: numericIds(QUINIELA_MESSAGES.badMatch),
  phaseIds: numericIds(QUINIELA_MESSAGES.badPhase),
};

const hasMatches = (choice: { matchIds: number[]; phaseIds: number[] }) =>
  choice.matchIds.length + choice.phaseIds.length > 0;

/** /quiniela/new. */
export const createQuinielaSchema = z
  .object({ name: quinielaName, ...matchChoice, userIds })
  .refine(hasMatches, { message: QUINIELA_MESSAGES.noMatches, path: ["matches"] });

export type CreateQuinielaInput = z.output<typeof createQuinielaSchema>;

/** The owner's (or an admin's) tools on /quiniela/:id; 'leave' is any non-owner member's. */
export const manageQuinielaSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("rename"), name: quinielaName }),
    z
      .object({ intent: z.literal("save-matches"), ...matchChoice })
      .refine(hasMatches, { message: QUINIELA_MESSAGES.noMatches, path: ["matches"] }),
    z.object({
      intent: z.literal("add-participants"),
      userIds: userIds.refine((ids) => ids.length > 0, QUINIELA_MESSAGES.noUsers),
    }),
    z.object({ intent: z.literal("remove-participant"), userId }),
    z.object({ intent: z.literal("renew-code") }),
    z.object({ intent: z.literal("delete") }),
    z.object({ intent: z.literal("leave") }),
    z.object({ intent: z.literal("duplicate") }),
  ],
  { error: QUINIELA_MESSAGES.unknownIntent },
);

export type ManageQuinielaInput = z.output<typeof manageQuinielaSchema>;

/** Intents only the owner or an admin may run. */
export const OWNER_INTENTS = new Set<ManageQuinielaInput["intent"]>([
  "rename",
  "save-matches",
  "add-participants",
  "remove-participant",
  "renew-code",
  "delete",
  "duplicate",
]);

/** The posted fields in the shape the schemas read: single values as text, lists as arrays. */
export function quinielaFormInput(form: FormData) {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : undefined;
  };
  const list = (key: string) => form.getAll(key).filter((value): value is string => typeof value === "string");
  return {
    intent: text("intent"),
    name: text("name"),
    userId: text("userId"),
    matchIds: list("matchId"),
    phaseIds: list("phaseId"),
    userIds: list("userId"),
  };
}

/** The schema's result, or its problems (the first one's message and field), as every form. */
export function parseQuinielaForm<S extends z.ZodType>(schema: S, form: FormData): ParsedForm<z.output<S>> {
  return parseForm(schema, quinielaFormInput(form), QUINIELA_MESSAGES.unknownIntent);
}
