import type { OpenConfirmModal } from "@mantine/modals";
import { lazy, Suspense, useEffect, useState } from "react";

import { orReload } from "#app/ui/behaviour/load-on-use";

/**
 * Confirmation dialogs ('¿Eliminar…?', 'Renovar enlace…'): `confirm(…)` from any screen, shown by
 * the one `ConfirmHost` the root renders. The dialog is Mantine's (`@mantine/modals`: focus kept
 * inside, Escape, focus back to the button), and its code — the modal, its focus trap and scroll
 * lock, a sizeable share of a first load — loads the first time a screen asks, not with every page.
 */
export type ConfirmOptions = OpenConfirmModal;

/** Asked before the dialogs' code arrived, shown as soon as it does (in order). */
const waiting: ConfirmOptions[] = [];
/** Set while the host is on screen: wakes it (the first time, it loads the dialogs). */
let wakeHost: (() => void) | null = null;

export function confirm(options: ConfirmOptions): void {
  waiting.push(options);
  wakeHost?.();
}

const ConfirmDialogs = lazy(orReload(() => import("./ConfirmDialogs")));

export function ConfirmHost() {
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    wakeHost = () => setAsked((count) => count + 1);
    if (waiting.length > 0) wakeHost();
    return () => {
      wakeHost = null;
    };
  }, []);
  if (asked === 0) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogs waiting={waiting} asked={asked} />
    </Suspense>
  );
}
