import { createCookieSessionStorage } from "react-router";

import type { Toast } from "#app/ui/feedback/Toasts";

/** The toast that crosses a redirect in a signed cookie (shown once, by the next page). */
export interface ToastCookie {
  /** A Set-Cookie header carrying the toast. */
  flash(toast: Toast): Promise<string>;
  /** Reads the flashed toast, if any, and the header that clears it. */
  take(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }>;
}

export function createToastCookie({ secret, secure }: { secret: string; secure: boolean }): ToastCookie {
  const storage = createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
    cookie: { name: "quiniela_toast", httpOnly: true, sameSite: "lax", path: "/", secure, secrets: [secret] },
  });
  return {
    async flash(toast) {
      const session = await storage.getSession();
      session.flash("toast", toast);
      return storage.commitSession(session);
    },
    async take(request) {
      const cookie = request.headers.get("Cookie");
      if (!cookie?.includes("quiniela_toast=")) return { toast: null, setCookie: null };
      const session = await storage.getSession(cookie);
      const toast = session.get("toast") ?? null;
      return { toast, setCookie: await storage.commitSession(session) };
    },
  };
}
