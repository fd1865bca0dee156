import { AsyncLocalStorage } from "node:async_hooks";
import { getRuntime } from "#app/runtime.server";

/**
 * One-time password-reset links (valid one hour, SPEC §2.11). Better Auth creates and consumes
 * the token; we catch it as it is handed to `sendResetPassword` so the link can be shown on
 * screen (profile, users admin) instead of e-mailed.
 */
const capture = new AsyncLocalStorage<{ token?: string }>();

export const RESET_LINK_TTL_SECONDS = 60 * 60;

export function resetLinkFor(origin: string, token: string): string {
  return `${origin}/reset-password?${new URLSearchParams({ token })}`;
}

/** Called by Better Auth with each new token: captured for the screen, else e-mailed. */
export async function deliverResetToken(
  { user, token }: { user: { email: string; name: string }; token: string },
  sendEmail: ((to: string, link: string) => Promise<void>) | undefined,
  origin: string,
): Promise<void> {
  const store = capture.getStore();
  if (store) {
    store.token = token;
    return;
  }
  await sendEmail?.(user.email, resetLinkFor(origin, token));
}

/** A fresh one-time link for this e-mail's account, to copy and hand over. */
export async function createResetLink(email: string, origin: string): Promise<string> {
  const store: { token?: string } = {};
  await capture.run(store, () => getRuntime().auth.api.requestPasswordReset({ body: { email } }));
  if (!store.token) throw new Error("No se generó el enlace de restablecimiento");
  return resetLinkFor(origin, store.token);
}

/** The public origin of links: BASE_URL when set, else the request's own. */
export function publicOrigin(request: Request): string {
  const configured = getRuntime().config.BASE_URL;
  return configured ? new URL(configured).origin : new URL(request.url).origin;
}

/** The account a still-valid token belongs to, without consuming it. */
export async function accountForToken(token: string): Promise<{ userId: string; email: string } | null> {
  const context = await getRuntime().auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || new Date(verification.expiresAt) < new Date()) return null;
  const user = await context.internalAdapter.findUserById(verification.value);
  return user ? { userId: user.id, email: user.email } : null;
}
