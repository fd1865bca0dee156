import { createCookieSessionStorage } from "react-router";
import { getRuntime } from "#app/runtime.server";
import type { Toast } from "#app/ui/toast";

type ToastStorage = ReturnType<typeof createCookieSessionStorage<Record<string, never>, { toast: Toast }>>;

let storage: ToastStorage | undefined;

function toastStorage() {
  const { secret, config } = getRuntime();
  storage ??= createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
    cookie: {
      name: "quiniela_toast",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: (config.BASE_URL ?? "").startsWith("https://"),
      secrets: [secret],
    },
  });
  return storage;
}

/** A Set-Cookie header carrying a toast across a redirect (shown once, by the next page). */
export async function flashToast(toast: Toast): Promise<string> {
  const session = await toastStorage().getSession();
  session.flash("toast", toast);
  return toastStorage().commitSession(session);
}

/** Reads the flashed toast, if any, and the header that clears it. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("quiniela_toast=")) return { toast: null, setCookie: null };
  const session = await toastStorage().getSession(cookie);
  const toast = session.get("toast") ?? null;
  return { toast, setCookie: await toastStorage().commitSession(session) };
}
