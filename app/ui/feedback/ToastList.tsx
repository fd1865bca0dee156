import { Notifications } from "@mantine/notifications";

/** Mantine's notifications, where the original shows its toasts; loaded by ToastHost (Toasts.tsx). */
export function ToastList() {
  return <Notifications position="top-center" zIndex={1000} />;
}
