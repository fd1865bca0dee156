import { createContext, useContext, useEffect, useState } from "react";

import { missingAt, nextTick, type MissingPicks } from "#app/domain/game/missing-picks";

/**
 * The navbar's badge on 'Inicio' reads the missing picks from the root's loader, which React
 * Router does not run again on every navigation, nor after a save of picks that answers with its
 * page (ui/behaviour/page-answer.ts). A page that reads them anew (the home page, a save's answer)
 * hands them up here; the root keeps the newest reading (root.tsx).
 */
export const MissingPicksReport = createContext<(missing: MissingPicks) => void>(() => {});

/** Hands the navbar this page's reading of the missing picks. */
export function useMissingPicksReport(missing: MissingPicks | null | undefined): void {
  const report = useContext(MissingPicksReport);
  useEffect(() => {
    if (missing) report(missing);
  }, [missing, report]);
}

/** setTimeout's longest wait; a later close is waited for again when it fires. */
const LONGEST_WAIT = 2 ** 31 - 1;

/**
 * The clock a countdown to the missing picks' closes reads (ms): the server's when it counted them
 * on the first render (the browser's first render says what the server did), then the browser's,
 * moved on whenever the countdown's words change (each minute, counted to the close) and at each
 * close.
 */
export function useMissingPicksClock(missing: MissingPicks | null): number {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!missing) return;
    // Right after the first render, the browser's clock; then at the next change of words.
    let wait = 0;
    if (now !== null) {
      const { next } = missingAt(missing, now);
      if (next === null) return;
      wait = Math.min(nextTick(next, now) - now, LONGEST_WAIT);
    }
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [missing, now]);
  return now ?? missing?.at ?? 0;
}
