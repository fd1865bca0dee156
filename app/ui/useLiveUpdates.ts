import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * Reloads the page's data when the server announces new results (GET /eventos, Server-Sent
 * Events): the standings and the home page follow the admin without a reload. Bursts (several
 * results saved in a row) are folded into one reload.
 */
export function useLiveUpdates(): void {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  useEffect(() => {
    latest.current = revalidator;
  });
  useEffect(() => {
    const source = new EventSource("/eventos");
    let timer: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener("resultados", () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (latest.current.state === "idle") void latest.current.revalidate();
      }, 250);
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, []);
}
