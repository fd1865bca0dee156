import { data } from "react-router";
import { errorToast, type Toast } from "#app/ui/toast";

/** What every admin game action answers: a toast for the screen, and whether the write happened. */
export interface ActionReply {
  ok: boolean;
  toast: Toast;
}

export function reply(status: number, toast: Toast) {
  return data<ActionReply>({ ok: status < 300, toast }, { status });
}

/**
 * Runs an admin action; an unexpected failure (database down, a constraint we did not foresee)
 * is logged and answered with the screen's Spanish error toast, never with a stack trace.
 */
export async function runAction(failMessage: string, work: () => Promise<ReturnType<typeof reply>>) {
  try {
    return await work();
  } catch (error) {
    console.error(failMessage, error);
    return reply(500, errorToast(failMessage));
  }
}
