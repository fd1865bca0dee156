import type { RouterContextProvider } from "react-router";

import { invitePreview } from "#app/data/pools/invites.server";
import { invitePath, parseInvitePath } from "#app/domain/forms/invite-link";

import { servicesOf } from "./context";

/** An invite link that still lets its holder join, as /login and /register show it. */
export interface Invitation {
  poolName: string;
  ownerName: string;
  /** The link itself, as a path on this site (the page's share tags make it absolute). */
  path: string;
}

/**
 * The invitation a signed-out invitee is on their way to (their `redirectTo`, kept by the
 * signed-in guard), checked against the database: null for any other target and for a code that
 * is wrong, renewed, or of a finished season's pool, so such a link shows nothing of any pool.
 */
export async function invitationFor(
  context: Readonly<RouterContextProvider>,
  redirectTo: string,
): Promise<Invitation | null> {
  const invite = redirectTo ? parseInvitePath(redirectTo) : undefined;
  if (!invite) return null;
  const preview = await invitePreview(servicesOf(context).db, invite.poolId, invite.code);
  return preview ? { ...preview, path: invitePath(invite.poolId, invite.code) } : null;
}
