/**
 * How many live-update streams (/eventos) may be open at once: each holds a socket, a listener
 * and a timer for as long as the page stays open. Per client address (an office behind one
 * address has a tab or two per person) and in total (below the process's file descriptors).
 * server/connections.ts counts a client's open connections with the same slots.
 */
export interface StreamSlots {
  /** A slot for this client, or why not: 'client' (this address has too many), 'full' (all taken). */
  take(clientIp: string): { ok: true; release: () => void } | { ok: false; reason: "client" | "full" };
  readonly open: number;
}

export function createStreamSlots({ perClient, total }: { perClient: number; total: number }): StreamSlots {
  const byClient = new Map<string, number>();
  let open = 0;
  return {
    get open() {
      return open;
    },
    take(clientIp) {
      const mine = byClient.get(clientIp) ?? 0;
      if (mine >= perClient) return { ok: false, reason: "client" };
      if (open >= total) return { ok: false, reason: "full" };
      byClient.set(clientIp, mine + 1);
      open++;
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          open--;
          const left = (byClient.get(clientIp) ?? 1) - 1;
          if (left > 0) byClient.set(clientIp, left);
          else byClient.delete(clientIp);
        },
      };
    },
  };
}
