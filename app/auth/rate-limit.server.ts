import type { Kysely } from "kysely";
import type { Config } from "#app/config.server";
import { countHit } from "#app/data/rate-limits.server";
import type { Database } from "#app/data/schema";

export const RATE_LIMIT_MESSAGE = "Demasiados intentos. Espera unos minutos e inténtalo de nuevo.";

type LimitSettings = Pick<Config, "AUTH_RATE_LIMIT_WINDOW_SECONDS" | "AUTH_RATE_LIMIT_PER_IP" | "AUTH_RATE_LIMIT_PER_EMAIL">;

/**
 * Sign-in, sign-up and '¿Olvidaste tu contraseña?' ("reset") attempts are limited per client IP
 * and per e-mail, each action on its own counters (Better Auth does not limit its server-side
 * API). Counts this attempt; returns how many seconds to wait when over the limit, else null.
 */
export async function authRateLimit(
  { db, config }: { db: Kysely<Database>; config: LimitSettings },
  action: "signin" | "signup" | "reset",
  { ip, email }: { ip: string; email: string },
): Promise<{ retryAfter: number } | null> {
  const windowMs = config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000;
  const now = Date.now();
  const [byIp, byEmail] = await Promise.all([
    countHit(db, `${action}:ip:${ip}`, { windowMs, now }),
    countHit(db, `${action}:email:${email}`, { windowMs, now }),
  ]);
  const over = byIp.hits > config.AUTH_RATE_LIMIT_PER_IP || byEmail.hits > config.AUTH_RATE_LIMIT_PER_EMAIL;
  if (!over) return null;
  const windowStartedAt = Math.min(byIp.windowStartedAt, byEmail.windowStartedAt);
  return { retryAfter: Math.max(1, Math.ceil((windowStartedAt + windowMs - now) / 1000)) };
}
