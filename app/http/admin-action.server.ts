import { data } from "react-router";
import { finishedMessage } from "#app/data/seasons/current-season.server";
import { errorToast, type Toast } from "#app/ui/feedback/Toasts";

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
 * The one way an action meets the unexpected (database down, a constraint we did not foresee):
 * the failure is logged and `fail` answers with the screen's Spanish error toast, never with a
 * stack trace. A thrown Response (a redirect, a guard's 403) passes through.
 */
export async function withFailureToast<R>(failMessage: string, work: () => Promise<R>, fail: (toast: Toast) => R): Promise<R> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(failMessage, error);
    return fail(errorToast(failMessage));
  }
}

/** withFailureToast for the admin screens and pools, whose answers are `reply`s (a 500 on failure). */
export function runAction<T extends object = object>(
  failMessage: string,
  work: () => Promise<ReturnType<typeof reply<T>>>,
): Promise<ReturnType<typeof reply<T>>> {
  return withFailureToast(failMessage, work, (toast) => reply<T>(500, toast));
}

/** Why a write to a match or phase was refused, as the toast says it. */
export function refusalMessage(
  refusal: { reason: "not-found" } | { reason: "finished"; seasonName: string },
  notFound: string,
): string {
  return refusal.reason === "finished" ? finishedMessage(refusal.seasonName) : notFound;
}
