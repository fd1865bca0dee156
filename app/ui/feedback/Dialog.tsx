import type { ModalProps } from "@mantine/core";
import { lazy, Suspense, useEffect, useState } from "react";

import { orReload } from "#app/ui/behaviour/load-on-use";

const LoadedModal = lazy(orReload(() => import("./LoadedModal")));

/**
 * A dialog ('Nuevo Usuario', 'Equipos de…'): Mantine's `Modal` (focus kept inside, Escape, the
 * page behind it locked), whose code — the modal, its focus trap, scroll lock and transitions, a
 * sizeable share of a first load — loads the first time it opens, not with the page.
 *
 * The element that had the focus when it opened takes it back when it closes. Mantine does that
 * only for a modal it saw open, and this one mounts already open the first time.
 */
export function Dialog({ opened, ...props }: ModalProps) {
  const [shown, setShown] = useState({ opened, everOpened: opened });
  // Read while rendering the opening (or the mounting, open), before the dialog's trap moves the focus.
  const [returnTo, setReturnTo] = useState(() => (opened ? focusedElement() : null));
  if (shown.opened !== opened) {
    setShown({ opened, everOpened: shown.everOpened || opened });
    if (opened) setReturnTo(focusedElement());
  }
  useEffect(() => {
    if (opened || !returnTo) return;
    // After the click or key that closed it has done its work (as Mantine: 10 ms).
    const timer = setTimeout(() => returnTo.focus(), 10);
    return () => clearTimeout(timer);
  }, [opened, returnTo]);
  if (!shown.everOpened) return null;
  return (
    <Suspense fallback={null}>
      <LoadedModal opened={opened} returnFocus={false} {...props} />
    </Suspense>
  );
}

function focusedElement(): HTMLElement | null {
  return typeof document !== "undefined" && document.activeElement instanceof HTMLElement
    ? document.activeElement
    : null;
}
