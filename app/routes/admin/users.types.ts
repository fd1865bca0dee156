import type { UserSummary } from "#app/data/people/users.server";

/** A row of 'Gestionar Usuarios': the account and its registration date as shown. */
export type UserRow = Omit<UserSummary, "createdAt"> & { createdAt: string; createdLabel: string };

/** What an intent of /admin/users answers besides its toast: a reset link to hand over. */
export interface UsersMore {
  link: string;
}
