import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import type { Toast } from "./toast";

const COLORS: Record<Toast["type"], string> = { success: "green", error: "red", warning: "yellow", info: "blue" };

export function showToast(toast: Toast): void {
  notifications.show({
    title: toast.title,
    message: toast.message,
    color: COLORS[toast.type],
    autoClose: toast.duration ?? 3000,
  });
}

/** Shows a toast handed over by a loader or an action, once per new value. */
export function useToast(toast: Toast | null | undefined): void {
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
}
