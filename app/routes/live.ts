import { getRuntime } from "#app/runtime.server";

const HEARTBEAT_MS = 25_000;

/**
 * GET /eventos: a Server-Sent Events stream that says 'resultados' whenever results or phases
 * change on any instance. Public, like the standings; it carries no data, only the news that
 * there is some (the page then reloads what its viewer may see).
 */
export function loader({ request }: { request: Request }) {
  const { live } = getRuntime();
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
      };
      request.signal.addEventListener("abort", end);
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
