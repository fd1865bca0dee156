import { AsyncLocalStorage } from "node:async_hooks";

import { RESET_LINK_TTL_SECONDS, type Auth } from "#app/auth/auth.server";

import type { SendResetEmail } from "./mailer.server";

/**
 * One-time password-reset links (SPEC §2.11): a player's own last one hour; those the admin
 * hands out ('Nuevo Usuario', 'Generar enlace de acceso') last ADMIN_LINK_DAYS (decision 022).
 * Better Auth creates and consumes the token; we catch it as it is handed to `sendResetPassword`
 * so the link can be shown on screen (profile, users admin), or, for '¿Olvidaste tu
 * contraseña?', e-mail it (SMTP_*).
 */
const capture = new AsyncLocalStorage<{ token?: string }>();

export function resetLinkFor(origin: string, token: string): string {
  return `${origin}/reset-password?${new URLSearchParams({ token })}`;
}

/**
 * Called by Better Auth with each new token: captured for the screen, else e-mailed. E-mailed
 * links are always on the configured origin (BASE_URL, else http://localhost:PORT), never on the
 * request's Host header, which the person asking could forge.
 */
export async function deliverResetToken(
  { user, token }: { user: { email: string; name: string }; token: string },
  sendEmail: SendResetEmail | undefined,
  origin: string,
): Promise<void> {
  const store = capture.getStore();
  if (store) {
    store.token = token;
    return;
  }
  await sendEmail?.(user, resetLinkFor(origin, token));
}

const pendingEmailRequests = new Set<Promise<void>>();

/**
 * '¿Olvidaste tu contraseña?': creates a link for this e-mail's account, if there is one, and
 * e-mails it — in the background. The caller answers at once and the same way whatever happens
 * here, so neither the answer nor its timing says whether the account exists or the mail went
 * out. Failures are logged (never the token or the link).
 */
export function emailResetLink(auth: Auth, email: string): void {
  const work = auth.api.requestPasswordReset({ body: { email } }).then(
    () => undefined,
    (error: unknown) => {
      console.error("No se pudo preparar el enlace para restablecer la contraseña:", error);
    },
  );
  pendingEmailRequests.add(work);
  void work.finally(() => pendingEmailRequests.delete(work));
}

/** On shutdown: the reset e-mails already under way are finished before the database closes. */
export async function settleResetEmails(): Promise<void> {
  await Promise.all(pendingEmailRequests);
}

/**
 * A fresh one-time link for this e-mail's account, to copy and hand over. It lasts one hour
 * unless `lifeSeconds` says otherwise (the admin's links): Better Auth gives every token the same
 * life, so a longer one is set on its row at once, before the link is shown to anyone.
 */
export async function createResetLink(
  auth: Auth,
  email: string,
  origin: string,
  lifeSeconds = RESET_LINK_TTL_SECONDS,
): Promise<string> {
  const store: { token?: string } = {};
  await capture.run(store, () => auth.api.requestPasswordReset({ body: { email } }));
  if (!store.token) throw new Error("No se generó el enlace de restablecimiento");
  if (lifeSeconds !== RESET_LINK_TTL_SECONDS) {
    const context = await auth.$context;
    // The identifier is stored hashed; Better Auth finds the row from the token itself.
    await context.internalAdapter.updateVerificationByIdentifier(`reset-password:${store.token}`, {
      expiresAt: new Date(Date.now() + lifeSeconds * 1000),
    });
  }
  return resetLinkFor(origin, store.token);
}

/** The life of the links the admin hands out, in seconds, from ADMIN_LINK_DAYS. */
export function adminLinkSeconds(days: number): number {
  return days * 24 * 60 * 60;
}

/** The public origin of links: BASE_URL (`configured`) when set, else the request's own. */
export function publicOrigin(configured: string | undefined, request: Request): string {
  return configured ? new URL(configured).origin : new URL(request.url).origin;
}

/** The account a still-valid token belongs to, without consuming it. */
export async function accountForToken(auth: Auth, token: string): Promise<{ userId: string; email: string } | null> {
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || new Date(verification.expiresAt) < new Date()) return null;
  const user = await context.internalAdapter.findUserById(verification.value);
  return user ? { userId: user.id, email: user.email } : null;
}
