import { data } from "react-router";
import { finishedMessage } from "#app/data/seasons.server";
import { errorToast, type Toast } from "#app/ui/toast";

/** What every admin game action answers: a toast for the screen, and whether the write happened. */
export interface ActionReply {
  ok: boolean;
  toast: Toast;
}

/**
 * The answer of an admin action: a toast, whether the write happened (the status says it), and
 * what else the screen shows (a preview, a list of problems).
 */
export function reply<T extends object = object>(status: number, toast: Toast, more?: Partial<T>) {
  return data<ActionReply & Partial<T>>({ ok: status < 300, toast, ...more } as ActionReply & Partial<T>, { status });
}

/**
 * Runs an admin action; an unexpected failure (database down, a constraint we did not foresee)
 * is logged and answered with the screen's Spanish error toast, never with a stack trace.
 */
export async function runAction<T extends object = object>(
  failMessage: string,
  work: () => Promise<ReturnType<typeof reply<T>>>,
): Promise<ReturnType<typeof reply<T>>> {
  try {
    return await work();
  } catch (error) {
    console.error(failMessage, error);
    return reply<T>(500, errorToast(failMessage));
  }
}

/** Why a write to a match or phase was refused, as the toast says it. */
export function refusalMessage(
  refusal: { reason: "not-found" } | { reason: "finished"; seasonName: string },
  notFound: string,
): string {
  return refusal.reason === "finished" ? finishedMessage(refusal.seasonName) : notFound;
}
