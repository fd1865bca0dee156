/** A toast as the server describes it; shown by ui/toasts.tsx with the original's durations. */
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
