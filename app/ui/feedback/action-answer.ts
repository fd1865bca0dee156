import type { FieldErrors } from "#app/domain/forms/form";

import type { Toast } from "./Toasts";

/**
 * What every action answers the browser (made by `answer`, http/action-answer.server.ts): whether
 * the write happened, the toast to show (none when the page shows the outcome itself), a message
 * per form field, and what else its screen shows (`More`: a preview, a link, the page's new data).
 * Components read this one shape, whatever the screen.
 */
export type ActionAnswer<More extends object = object> = {
  ok: boolean;
  toast: Toast | null;
  errors: FieldErrors;
} & Partial<More>;
