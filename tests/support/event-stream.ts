import type { TestServer } from "./server";

export interface EventStream {
  response: Response;
  /** Resolves with everything received once `count` 'resultados' events have arrived (or rejects after 5 s). */
  events(count: number): Promise<string>;
  close(): void;
}

/** Opens /eventos as a browser's EventSource would (and accepting gzip, as browsers do); each stream is a connection of its own. */
export async function openEvents(target: TestServer): Promise<EventStream> {
  const controller = new AbortController();
  const response = await target.request("/eventos", {
    headers: { Accept: "text/event-stream", "Accept-Encoding": "gzip, deflate, br" },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let received = "";
  const waiting: { count: number; resolve: (text: string) => void }[] = [];
  const count = () => received.match(/^event: resultados$/gm)?.length ?? 0;
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        received += value;
        for (const wait of waiting.filter((w) => count() >= w.count)) {
          waiting.splice(waiting.indexOf(wait), 1);
          wait.resolve(received);
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  const stream: EventStream = {
    response,
    events: (wanted) =>
      new Promise((resolve, reject) => {
        if (count() >= wanted) return resolve(received);
        waiting.push({ count: wanted, resolve });
        setTimeout(() => reject(new Error(`esperaba ${wanted} avisos, llegaron ${count()}:\n${received}`)), 5_000);
      }),
    close: () => controller.abort(),
  };
  // The stream opens with its hello before anything happens.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return stream;
}
