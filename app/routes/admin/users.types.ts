import type { UserSummary } from "#app/data/people/users.server";
import type { Toast } from "#app/ui/feedback/Toasts";

/** A row of 'Gestionar Usuarios': the account and its registration date as shown. */
export type UserRow = Omit<UserSummary, "createdAt"> & { createdAt: string; createdLabel: string };

/** What every intent of /admin/users answers: a toast, whether it worked, and a link to hand over. */
export interface UsersReply {
  ok: boolean;
  toast: Toast;
  link?: string;
}
