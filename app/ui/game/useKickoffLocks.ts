import { useEffect, useMemo, useState } from "react";

import { closeStarted, nextKickoff } from "#app/domain/game/locking";

/** setTimeout's longest wait; a later kickoff is waited for again when it fires. */
const LONGEST_WAIT = 2 ** 31 - 1;

/**
 * The form's matches as the browser's clock sees them: one open when the page was made closes at
 * its kickoff, without a reload, as the server then says too (it decides: a late pick is refused
 * there). The page is rendered first as the server sent it, so the browser's first render agrees.
 */
export function useKickoffLocks<M extends Parameters<typeof closeStarted>[0][number]>(matches: M[]): M[] {
  // The browser's time when a kickoff last came, or null until the first one does.
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const next = nextKickoff(matches, now ?? -Infinity);
    if (next === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(next - Date.now(), 0), LONGEST_WAIT));
    return () => clearTimeout(timer);
  }, [matches, now]);
  return useMemo(() => (now === null ? matches : closeStarted(matches, now)), [matches, now]);
}
