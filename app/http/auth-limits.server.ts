import type { RouterContextProvider } from "react-router";

import { authRateLimit, RATE_LIMIT_MESSAGE } from "#app/auth/rate-limit.server";
import { errorToast } from "#app/ui/feedback/Toasts";

import { answer } from "./action-answer.server";
import { requestInfoContext, servicesOf } from "./context";

/**
 * Counts a sign-in, sign-up or reset-link attempt of this client and e-mail; over the limit, the
 * 429 answer to send ('Demasiados intentos', with Retry-After), else null.
 */
export async function limitAuthAttempt(
  context: Readonly<RouterContextProvider>,
  action: "signin" | "signup" | "reset",
  email: string,
) {
  const limited = await authRateLimit(servicesOf(context), action, {
    ip: context.get(requestInfoContext).clientIp,
    email,
  });
  if (!limited) return null;
  return answer(
    429,
    { toast: errorToast(RATE_LIMIT_MESSAGE, "Demasiados intentos") },
    { "Retry-After": String(limited.retryAfter) },
  );
}
