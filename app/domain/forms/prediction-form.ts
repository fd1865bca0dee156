import { z } from "zod";
import { idField } from "./input";
import { MAX_PICKS_PER_FORM, PICK_MESSAGES } from "./prediction-texts";
import { goalsField, PICK_MAX_GOALS } from "#app/domain/game/score";
import type { Score } from "#app/domain/game/scoring";

/**
 * The prediction form of the home page and the pool pages: repeated `matchId` fields, and
 * `home-{id}` / `away-{id}` with the goals of each (0–99, SPEC §1).
 */

export interface Pick extends Score {
  matchId: number;
}


const goals = goalsField({ max: PICK_MAX_GOALS, missing: PICK_MESSAGES.pending, range: PICK_MESSAGES.range });

const PickSchema = z.object({ matchId: idField(PICK_MESSAGES.badMatch), home: goals, away: goals });

export type ParsedPicks = { ok: true; picks: Pick[] } | { ok: false; message: string };

/**
 * Reads the form once, in one pass over its fields (a lookup per id would scan the whole form
 * each time: a form of n ids would cost n²), and refuses it before anything else when it holds
 * more ids than a page can show. A match posted twice counts once.
 */
export function parsePicksForm(form: FormData): ParsedPicks {
  const ids = new Set<string>();
  const goalsByField = new Map<string, string>();
  for (const [key, value] of form) {
    if (typeof value !== "string") continue;
    if (key === "matchId") {
      ids.add(value);
      if (ids.size > MAX_PICKS_PER_FORM) return { ok: false, message: PICK_MESSAGES.tooMany };
    } else if ((key.startsWith("home-") || key.startsWith("away-")) && !goalsByField.has(key)) {
      goalsByField.set(key, value);
    }
  }
  if (ids.size === 0) return { ok: false, message: PICK_MESSAGES.pending };
  const picks: Pick[] = [];
  for (const id of ids) {
    const parsed = PickSchema.safeParse({
      matchId: id,
      home: goalsByField.get(`home-${id}`) ?? "",
      away: goalsByField.get(`away-${id}`) ?? "",
    });
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? PICK_MESSAGES.pending };
    picks.push(parsed.data);
  }
  return { ok: true, picks };
}
