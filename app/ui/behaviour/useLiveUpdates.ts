import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * Reloads the page's data when the server announces new results (GET /eventos, Server-Sent
 * Events): the standings and the home page follow the admin without a reload. Bursts (several
 * results saved in a row) are folded into one reload.
 */
/** After a refused stream (routes/eventos.ts sends Retry-After: 60). */
const REFUSED_RETRY_MS = 60_000;

export function useLiveUpdates(): void {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  useEffect(() => {
    latest.current = revalidator;
  });
  useEffect(() => {
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      source = new EventSource("/eventos");
      source.addEventListener("resultados", () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          if (latest.current.state === "idle") void latest.current.revalidate();
        }, 250);
      });
      // The browser reconnects by itself after a dropped stream, but gives up on a refusal
      // (the server's cap: 429/503). The page works on without live updates and asks again later.
      source.addEventListener("error", () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        clearTimeout(retry);
        retry = setTimeout(connect, REFUSED_RETRY_MS);
      });
    };
    connect();
    return () => {
      clearTimeout(timer);
      clearTimeout(retry);
      source?.close();
    };
  }, []);
}
