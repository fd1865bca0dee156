import { data } from "react-router";
import { countHit } from "#app/data/rate-limits.server";
import { getRuntime } from "#app/runtime.server";
import { errorToast } from "#app/ui/toast";
import type { FieldErrors } from "./forms";

export const RATE_LIMIT_MESSAGE = "Demasiados intentos. Espera unos minutos e inténtalo de nuevo.";

/**
 * Sign-in, sign-up and '¿Olvidaste tu contraseña?' ("reset") attempts are limited per client IP
 * and per e-mail, each action on its own counters (Better Auth does not limit its server-side
 * API). Returns the 429 response to send when over the limit, else null.
 */
export async function authRateLimit(
  action: "signin" | "signup" | "reset",
  { ip, email }: { ip: string; email: string },
) {
  const { db, config } = getRuntime();
  const windowMs = config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000;
  const now = Date.now();
  const [byIp, byEmail] = await Promise.all([
    countHit(db, `${action}:ip:${ip}`, { windowMs, now }),
    countHit(db, `${action}:email:${email}`, { windowMs, now }),
  ]);
  const over = byIp.hits > config.AUTH_RATE_LIMIT_PER_IP || byEmail.hits > config.AUTH_RATE_LIMIT_PER_EMAIL;
  if (!over) return null;
  const windowStartedAt = Math.min(byIp.windowStartedAt, byEmail.windowStartedAt);
  const retryAfter = Math.max(1, Math.ceil((windowStartedAt + windowMs - now) / 1000));
  return data(
    { errors: {} as FieldErrors, toast: errorToast(RATE_LIMIT_MESSAGE, "Demasiados intentos") },
    { status: 429, headers: { "Retry-After": String(retryAfter) } },
  );
}
