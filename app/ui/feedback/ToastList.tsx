import { Notifications } from "@mantine/notifications";

/**
 * Mantine's notifications, loaded by ToastHost (Toasts.tsx): at the top centre, where the original
 * shows its toasts; a phone's come up from the bottom instead (showToast says why).
 */
export function ToastList() {
  return <Notifications position="top-center" zIndex={1000} />;
}
