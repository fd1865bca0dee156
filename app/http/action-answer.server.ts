import { data } from "react-router";

import { finishedMessage } from "#app/data/seasons/current-season.server";
import type { FieldErrors } from "#app/domain/forms/form";
import type { ActionAnswer } from "#app/ui/feedback/action-answer";
import { errorToast, type Toast } from "#app/ui/feedback/Toasts";

/** What an action hands to `answer`: the toast and field messages, and its screen's own fields. */
export type AnswerFields<More extends object = object> = { toast?: Toast | null; errors?: FieldErrors } & Partial<More>;

/**
 * The one way an action answers (every screen's, the prediction form's too): `ok` says whether the
 * write happened, and the status says it to the browser and to whoever reads the answer without
 * JavaScript. `headers` travel with it (a 429's Retry-After). A screen that shows more than the
 * toast names its fields (`answer<{ link: string }>`) in every answer of its action, so that its
 * component reads one type; `More` is never guessed from one answer's fields.
 */
export function answer<More extends object = object>(
  status: number,
  fields: AnswerFields<NoInfer<More>> = {},
  headers?: HeadersInit,
) {
  const { toast, errors, ...more } = fields;
  const body = { ok: status < 300, toast: toast ?? null, errors: errors ?? {}, ...more } as ActionAnswer<More>;
  return data(body, headers === undefined ? { status } : { status, headers });
}

/** An action's answer, as `answer` makes it. */
export type Answer<More extends object = object> = ReturnType<typeof answer<More>>;

/**
 * The one way a loader or an action meets the unexpected (database down, a constraint we did not
 * foresee): the failure is logged and `fail` answers with the screen's Spanish error toast, never
 * with a stack trace. A thrown Response (a redirect, a guard's 403) passes through.
 */
export async function withFailureToast<R>(
  failMessage: string,
  work: () => Promise<R>,
  fail: (toast: Toast) => R,
): Promise<R> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(failMessage, error);
    return fail(errorToast(failMessage));
  }
}

/** withFailureToast for an action: the failure answers 500 with its toast; a redirect returned passes through. */
export function runAction<More extends object = object>(
  failMessage: string,
  work: () => Promise<Answer<More> | Response>,
): Promise<Answer<More> | Response> {
  // The toast is one of every answer's own fields, whatever the screen's are.
  return withFailureToast<Answer<More> | Response>(failMessage, work, (toast) =>
    answer<More>(500, { toast } as AnswerFields<More>),
  );
}

/** Why a write to a match or phase was refused, as the toast says it. */
export function refusalMessage(
  refusal: { reason: "not-found" } | { reason: "finished"; seasonName: string },
  notFound: string,
): string {
  return refusal.reason === "finished" ? finishedMessage(refusal.seasonName) : notFound;
}
