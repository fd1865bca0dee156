import type { Kysely } from "kysely";

import type { Config } from "#app/config.server";
import type { Database } from "#app/data/engine/schema";
import { countHit, purgeOldHits } from "#app/data/people/rate-limits.server";

export const RATE_LIMIT_MESSAGE = "Demasiados intentos. Espera unos minutos e inténtalo de nuevo.";

type LimitSettings = Pick<
  Config,
  "AUTH_RATE_LIMIT_WINDOW_SECONDS" | "AUTH_RATE_LIMIT_PER_IP" | "AUTH_RATE_LIMIT_PER_EMAIL"
>;

/**
 * Sign-in, sign-up and '¿Olvidaste tu contraseña?' ("reset") attempts are limited per client IP
 * and per e-mail, each action on its own counters (Better Auth does not limit its server-side
 * API). Counts this attempt; returns how many seconds to wait when over the limit, else null.
 *
 * - The address is counted first; once it is over its limit nothing else is written, so a client
 *   trying e-mail after e-mail cannot grow the table.
 * - A sign-in's e-mail is counted per address too (`email|ip`, as Laravel's throttle keys it):
 *   guesses at one account from one address stop, and nobody can lock a player out of their own
 *   account from elsewhere. A sign-up's or a reset's e-mail is counted alone: a reset sends mail
 *   to that inbox, whoever asks.
 * - A new window for an address forgets the windows that closed long ago (the table stays small
 *   without a timer of its own).
 */
export async function authRateLimit(
  { db, config }: { db: Kysely<Database>; config: LimitSettings },
  action: "signin" | "signup" | "reset",
  { ip, email }: { ip: string; email: string },
): Promise<{ retryAfter: number } | null> {
  const windowMs = config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000;
  const now = Date.now();
  const waitFor = (count: { windowStartedAt: number }) => ({
    retryAfter: Math.max(1, Math.ceil((count.windowStartedAt + windowMs - now) / 1000)),
  });
  const byIp = await countHit(db, `${action}:ip:${ip}`, { windowMs, now });
  if (byIp.hits === 1) await purgeOldHits(db, now - 2 * windowMs);
  if (byIp.hits > config.AUTH_RATE_LIMIT_PER_IP) return waitFor(byIp);
  const emailKey = action === "signin" ? `signin:email:${email}|${ip}` : `${action}:email:${email}`;
  const byEmail = await countHit(db, emailKey, { windowMs, now });
  return byEmail.hits > config.AUTH_RATE_LIMIT_PER_EMAIL ? waitFor(byEmail) : null;
}
