import { requestInfoContext, servicesOf } from "#app/http/context";

import type { Route } from "./+types/eventos";

const HEARTBEAT_MS = 25_000;

/** Browsers that were refused a stream try again after this long (useLiveUpdates.ts). */
const RETRY_AFTER_SECONDS = 60;

/**
 * GET /eventos: a Server-Sent Events stream that says 'resultados' whenever results or phases
 * change on any instance. Public, like the standings; it carries no data, only the news that
 * there is some (the page then reloads what its viewer may see). Streams are capped per client
 * address (429) and in total (503); a page refused one works as before, without live updates.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { clientIp, connectionClosed, dataRequest } = context.get(requestInfoContext);
  // A page's data request for this route would have React Router read the endless stream whole
  // (and answer nothing, holding a place for good): only the URL itself streams.
  if (dataRequest)
    return new Response("No encontrado.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  // A HEAD's body is never read nor cancelled, so a stream opened for it would hold its place
  // (and its listener and heartbeat) for good: it gets the headers alone.
  if (request.method !== "GET")
    return new Response(null, {
      headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store" },
    });
  const { live } = servicesOf(context);
  const slot = live.slots.take(clientIp);
  if (!slot.ok) {
    const status = slot.reason === "client" ? 429 : 503;
    return new Response("Demasiadas conexiones de actualización en vivo.", {
      status,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": String(RETRY_AFTER_SECONDS),
      },
    });
  }
  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const end = () => {
        stop();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      // A retry hint for the browser, and a first comment so proxies open the stream at once.
      send("retry: 5000\n: conectado\n\n");
      const unsubscribe = live.subscribe((topic) => send(`event: ${topic}\ndata: ${Date.now()}\n\n`), end);
      const heartbeat = setInterval(() => send(": latido\n\n"), HEARTBEAT_MS);
      stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        slot.release();
      };
      // The connection's own signal, not the request's: the place, listener and heartbeat go
      // when the client does, however the request reached this loader (context.ts).
      connectionClosed.addEventListener("abort", end, { once: true });
      if (connectionClosed.aborted) end();
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      // The connection is this stream's alone: when it ends (shutdown), it closes with it.
      Connection: "close",
      // nginx: pass events through as they come.
      "X-Accel-Buffering": "no",
    },
  });
}
