import { data, type RouterContextProvider } from "react-router";
import type { FieldErrors } from "#app/domain/forms/form";
import { authRateLimit, RATE_LIMIT_MESSAGE } from "#app/auth/rate-limit.server";
import { errorToast } from "#app/ui/feedback/Toasts";
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
  const limited = await authRateLimit(servicesOf(context), action, { ip: context.get(requestInfoContext).clientIp, email });
  if (!limited) return null;
  return data(
    { errors: {} as FieldErrors, toast: errorToast(RATE_LIMIT_MESSAGE, "Demasiados intentos") },
    { status: 429, headers: { "Retry-After": String(limited.retryAfter) } },
  );
}
