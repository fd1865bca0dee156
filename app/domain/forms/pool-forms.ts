import { z } from "zod";

import { parseForm, type ParsedForm } from "./form";
import { hasControlCharacters, idField } from "./input";
import { POOL_MESSAGES, POOL_NAME_MAX } from "./pool-texts";

/**
 * What the pool screens post (/quiniela/new and the 'Administrar quiniela' tools of
 * /quiniela/:id), parsed with Spanish messages. Lists arrive as repeated fields: matchId, phaseId,
 * userId.
 */

/** More than a season holds (167 matches, 23 phases); a bigger list is not a person's form. */
const MAX_LIST = 500;

export const poolName = z
  .string({ error: POOL_MESSAGES.nameRequired })
  .transform((text) => text.trim().replace(/\s+/g, " "))
  .pipe(
    z
      .string()
      .min(1, POOL_MESSAGES.nameRequired)
      // Characters as people count them (an emoji is one), not UTF-16 units.
      .refine((text) => Array.from(text).length <= POOL_NAME_MAX, POOL_MESSAGES.nameTooLong)
      .refine((text) => !hasControlCharacters(text), POOL_MESSAGES.nameInvalid),
  );

/** The pool's name alone: what its form checks in the browser before it is sent. */
export const PoolNameSchema = z.object({ name: poolName });

function numericIds(message: string) {
  return z
    .array(idField(message))
    .max(MAX_LIST, POOL_MESSAGES.tooMany)
    .transform((ids) => [...new Set(ids)]);
}

/** Better Auth's user ids: short URL-safe text. */
const userId = z
  .string({ error: POOL_MESSAGES.badUser })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, POOL_MESSAGES.badUser);

const userIds = z
  .array(userId)
  .max(MAX_LIST, POOL_MESSAGES.tooMany)
  .transform((ids) => [...new Set(ids)]);

/** Matches chosen one by one (matchId) or as whole phases (phaseId); at least one of either. */
const matchChoice = {
  matchIds: numericIds(POOL_MESSAGES.badMatch),
  phaseIds: numericIds(POOL_MESSAGES.badPhase),
};

const hasMatches = (choice: { matchIds: number[]; phaseIds: number[] }) =>
  choice.matchIds.length + choice.phaseIds.length > 0;

/** /quiniela/new. */
export const createPoolSchema = z
  .object({ name: poolName, ...matchChoice, userIds })
  .refine(hasMatches, { message: POOL_MESSAGES.noMatches, path: ["matches"] });

export type CreatePoolInput = z.output<typeof createPoolSchema>;

/** The owner's (or an admin's) tools on /quiniela/:id; 'leave' is any non-owner member's. */
export const managePoolSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("rename"), name: poolName }),
    z
      .object({ intent: z.literal("save-matches"), ...matchChoice })
      .refine(hasMatches, { message: POOL_MESSAGES.noMatches, path: ["matches"] }),
    z.object({
      intent: z.literal("add-participants"),
      userIds: userIds.refine((ids) => ids.length > 0, POOL_MESSAGES.noUsers),
    }),
    z.object({ intent: z.literal("remove-participant"), userId }),
    z.object({ intent: z.literal("renew-code") }),
    z.object({ intent: z.literal("delete") }),
    z.object({ intent: z.literal("leave") }),
    z.object({ intent: z.literal("duplicate") }),
  ],
  { error: POOL_MESSAGES.unknownIntent },
);

export type ManagePoolInput = z.output<typeof managePoolSchema>;

/** Intents only the owner or an admin may run. */
export const OWNER_INTENTS = new Set<ManagePoolInput["intent"]>([
  "rename",
  "save-matches",
  "add-participants",
  "remove-participant",
  "renew-code",
  "delete",
  "duplicate",
]);

/** The posted fields in the shape the schemas read: single values as text, lists as arrays. */
export function poolFormInput(form: FormData) {
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
export function parsePoolForm<S extends z.ZodType>(schema: S, form: FormData): ParsedForm<z.output<S>> {
  return parseForm(schema, poolFormInput(form), POOL_MESSAGES.unknownIntent);
}
