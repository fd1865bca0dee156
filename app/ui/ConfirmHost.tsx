import { ModalsProvider } from "@mantine/modals";

/**
 * Hosts the confirmation dialogs that `modals.openConfirmModal` opens (Mantine's modals), with
 * the original's button labels. Only the screens that ask for a confirmation render it (the
 * admin screens, a pool's page), so that the dialog's code is no part of every page's first load.
 */
export function ConfirmHost({ children }: { children: React.ReactNode }) {
  return <ModalsProvider labels={{ confirm: "Confirmar", cancel: "Cancelar" }}>{children}</ModalsProvider>;
}
