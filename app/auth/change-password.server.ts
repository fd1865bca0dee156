import { isAPIError } from "better-auth/api";

import { errorCode } from "./auth-errors";
import type { Auth } from "./auth.server";

export type PasswordChange =
  { ok: true; headers: Headers } | { ok: false; reason: "wrong-password" | "no-password" | "signed-out" };

const REFUSALS: Record<string, Exclude<PasswordChange, { ok: true }>["reason"]> = {
  INVALID_PASSWORD: "wrong-password",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "no-password",
  UNAUTHORIZED: "signed-out",
};

/**
 * 'Cambiar contraseña' (/profile): the current password, then the new one, through Better Auth.
 * Every session of the account ends (a session someone else holds dies with the old password) and
 * the one that asked starts anew: its cookie travels in `headers`. Reset links still out for the
 * account die too, as after a reset (auth.server.ts): a link made before the change must not undo it.
 */
export async function changePassword(
  auth: Auth,
  requestHeaders: Headers,
  passwords: { current: string; next: string },
): Promise<PasswordChange> {
  try {
    const { headers, response } = await auth.api.changePassword({
      body: { currentPassword: passwords.current, newPassword: passwords.next, revokeOtherSessions: true },
      headers: requestHeaders,
      returnHeaders: true,
    });
    const context = await auth.$context;
    // Reset tokens are the only verifications whose value is a user id (auth.server.ts).
    await context.adapter.deleteMany({
      model: "verification",
      where: [{ field: "value", value: response.user.id }],
    });
    return { ok: true, headers };
  } catch (error) {
    const reason = isAPIError(error) ? REFUSALS[errorCode(error) ?? ""] : undefined;
    if (reason) return { ok: false, reason };
    throw error;
  }
}
