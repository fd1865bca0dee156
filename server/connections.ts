import fs from "node:fs";
import http from "node:http";
import type { Socket } from "node:net";

import type { Config } from "#app/config.server";
import { createStreamSlots } from "#app/live/stream-slots";

/**
 * Node's HTTP server with the limits a small public server needs against clients that come slowly
 * or in numbers: a request's headers and whole body must arrive in time, an idle keep-alive
 * connection is closed after a while, and one client address may hold only so many connections
 * (and everyone together only so many: each costs a file descriptor, and the process has a
 * limited number of them).
 *
 * The timeouts cover receiving a request, never sending its answer: an event stream (/eventos),
 * whose GET is whole at once, stays open for as long as its page does.
 */
export interface ConnectionLimits {
  /** Time to send a request's headers (Node's default: 60 s). */
  headersTimeoutMs: number;
  /** Time to send a whole request, headers and body (Node's default: 300 s). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this long. */
  keepAliveTimeoutMs: number;
  /** Connections open at once from one client address; not counted for a trusted proxy's. */
  perClient: number;
  /** Connections open at once in all. */
  total: number;
}

/** File descriptors kept for all but clients' connections: the database's, files, the log. */
export const RESERVED_DESCRIPTORS = 64;

/**
 * The process's limit of open files (Linux: /proc/self/limits), which Node raises to the hard
 * limit at start; Infinity where it cannot be read.
 */
export function openFileLimit(): number {
  return parseOpenFileLimit(readProcLimits());
}

/** The soft limit of open files in the text of /proc/self/limits; Infinity without one. */
export function parseOpenFileLimit(limitsText: string | undefined): number {
  const soft = limitsText?.match(/^Max open files\s+(\d+)/m)?.[1];
  return soft ? Number(soft) : Number.POSITIVE_INFINITY;
}

function readProcLimits(): string | undefined {
  try {
    return fs.readFileSync("/proc/self/limits", "utf8");
  } catch {
    return undefined;
  }
}

/**
 * The settings' limits. The total stays below the process's file limit, whatever CONNECTIONS_MAX
 * says: a client that took the last descriptor would leave none for the database or a new
 * connection's refusal, and every request would fail.
 */
export function connectionLimits(config: Config, fileLimit = openFileLimit()): ConnectionLimits {
  return {
    headersTimeoutMs: config.HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeoutMs: config.REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeoutMs: config.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    perClient: config.CONNECTIONS_PER_CLIENT,
    total: Math.max(1, Math.min(config.CONNECTIONS_MAX, fileLimit - RESERVED_DESCRIPTORS)),
  };
}

/**
 * Node checks the two timeouts above on a timer, not at the moment they pass: every second, so a
 * slow client is let go within a second of its time (Node's default checks every 30 s).
 */
const TIMEOUT_CHECK_MS = 1_000;

/**
 * An HTTP server for `handler` with `limits`. A connection over a limit is closed as soon as it is
 * accepted, before anything is read from it (as Node's own `maxConnections` does): a client that
 * opens too many learns it from the connections that fail, while those it has keep working.
 * `isTrustedProxy` tells a proxy's address (TRUST_PROXY): behind a proxy every client shares its
 * address, so the per-client cap is the proxy's to keep.
 */
export function createHttpServer(
  handler: http.RequestListener,
  limits: ConnectionLimits,
  isTrustedProxy: (address: string) => boolean,
): http.Server {
  const server = http.createServer(
    {
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_MS,
    },
    handler,
  );
  server.maxConnections = limits.total;
  // Counted per address as the live-update streams are: one slot per open connection.
  const slots = createStreamSlots({ perClient: limits.perClient, total: limits.total });
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || isTrustedProxy(address)) return;
    const slot = slots.take(address);
    if (!slot.ok) {
      socket.destroy();
      return;
    }
    socket.once("close", slot.release);
  });
  return server;
}
