import { notifications, useNotifications } from "@mantine/notifications";
import { useEffect, useState, type ComponentType } from "react";

/** A toast as the server describes it (an action's answer, a flashed cookie), shown here with the original's durations. */
export interface Toast {
  type: "success" | "error" | "warning" | "info";
  title: string;
  message: string;
  /** Milliseconds; 3 s unless the original says otherwise. */
  duration?: number;
}

export function errorToast(message: string, title = "Error"): Toast {
  return { type: "error", title, message };
}

export function successToast(message: string, title = "Éxito"): Toast {
  return { type: "success", title, message };
}

const COLORS: Record<Toast["type"], string> = { success: "green", error: "red", warning: "yellow", info: "blue" };

/** Phones (below Mantine's `sm`): the top of their screen is the page's title, which a toast there would cover. */
const PHONE = "(max-width: 47.99em)";

/** The error toasts on screen, by id: the next toast replaces them. */
const shownErrors = new Set<string>();
let sequence = 0;

/**
 * Shows a toast. The rule: a new toast, whatever its kind or place, replaces every error toast
 * still on screen. An error is about the last attempt; what came after it (a success, or another
 * error) is the news, and a stale red beside a green would say both. Successes stay beside one
 * another, each about something done, until their time runs out. On a phone toasts come up from
 * the bottom of the screen, where they cover neither the bar nor the page's title.
 */
export function showToast(toast: Toast): void {
  for (const stale of [...shownErrors]) notifications.hide(stale);
  shownErrors.clear();
  sequence += 1;
  const id = `aviso-${sequence}`;
  notifications.show({
    id,
    title: toast.title,
    message: toast.message,
    color: COLORS[toast.type],
    autoClose: toast.duration ?? 3000,
    position: window.matchMedia(PHONE).matches ? "bottom-center" : undefined,
    onClose: () => shownErrors.delete(id),
  });
  if (toast.type === "error") shownErrors.add(id);
}

/** Shows a toast handed over by a loader or an action, once per new value. */
export function useToast(toast: Toast | null | undefined): void {
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
}

/**
 * Where toasts appear (root.tsx). Mantine's list of notifications (its transitions, portal and
 * close buttons, ./ToastList) loads with the first toast: most first loads show none and do not
 * pay for it. Toasts shown before it arrives wait in Mantine's store and appear with it.
 */
export function ToastHost() {
  const waiting = useNotifications().notifications.length > 0;
  const [List, setList] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!waiting || List) return;
    import("./ToastList").then(
      (module) => setList(() => module.ToastList),
      // Unreachable (offline, or the app updated since this page loaded): the page works on
      // without its toasts rather than failing.
      () => undefined,
    );
  }, [waiting, List]);
  return List ? <List /> : null;
}
