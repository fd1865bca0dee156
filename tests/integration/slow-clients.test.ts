import net from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";

import { startTestServer, type TestServer } from "../support/server";

/**
 * Clients that come slowly or in numbers (server/connections.ts): a request's headers and body
 * must arrive in time, one address holds only so many connections and everyone together only so
 * many, while the live-update streams stay open past the request timeout. Short limits here; the
 * defaults are in docs/SECURITY.md and docs/CONFIGURATION.md.
 */

const LIMITS = {
  HEADERS_TIMEOUT_SECONDS: "1",
  REQUEST_TIMEOUT_SECONDS: "2",
  CONNECTIONS_PER_CLIENT: "6",
  CONNECTIONS_MAX: "12",
};

let server: TestServer;
const sockets: net.Socket[] = [];

beforeAll(async () => {
  server = await startTestServer(LIMITS);
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await server?.close();
});

const port = (target: TestServer) => Number(new URL(target.url).port);

/**
 * A raw connection to `target` from `localAddress` (the loopback network is 127.0.0.0/8: each
 * address a client of its own), kept until the file ends; `ended` resolves with what the server
 * sent once it closes the connection.
 */
async function connect(target: TestServer, localAddress = "127.0.0.1") {
  const socket = net.connect({ host: "127.0.0.1", port: port(target), localAddress });
  sockets.push(socket);
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString()));
  socket.on("error", () => {});
  const ended = new Promise<string>((resolve) => socket.once("close", () => resolve(received)));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  return { socket, ended };
}

/** How long `ended` takes, in ms, or null if the connection is still open after `withinMs`. */
async function closesWithin(ended: Promise<string>, withinMs: number): Promise<number | null> {
  const started = performance.now();
  const result = await Promise.race([
    ended.then(() => performance.now() - started),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), withinMs)),
  ]);
  return result;
}

/** Whether a connection from `localAddress` is served: /healthz over a fresh connection. */
async function served(target: TestServer, localAddress: string): Promise<boolean> {
  const { socket, ended } = await connect(target, localAddress);
  socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  return (await ended).startsWith("HTTP/1.1 200");
}

test("headers that never finish are cut off at the headers timeout, with 408", async () => {
  const { socket, ended } = await connect(server);
  socket.write("GET /rankings HTTP/1.1\r\nHost: 127.0.0.1\r\n");
  const took = await closesWithin(ended, 5_000);
  expect(took, "la conexión siguió abierta").not.toBeNull();
  // The timeout, checked every second: between 1 and about 2 s.
  expect(took!).toBeGreaterThan(800);
  expect(await ended).toMatch(/^HTTP\/1\.1 408/);
});

test("a body sent a trickle at a time is cut off at the request timeout", async () => {
  const { socket, ended } = await connect(server);
  socket.write(
    `POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${server.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 10000\r\n\r\n`,
  );
  const trickle = setInterval(() => socket.writable && socket.write("a"), 200);
  try {
    const took = await closesWithin(ended, 6_000);
    expect(took, "la conexión siguió abierta").not.toBeNull();
    expect(took!).toBeGreaterThan(1_500);
  } finally {
    clearInterval(trickle);
  }
});

test("one address holds at most its share of connections; the others are served meanwhile", async () => {
  const held = [];
  for (let i = 0; i < 6; i++) held.push(await connect(server, "127.0.0.2"));
  // Keep them busy as slow clients do: a request's first line, then nothing.
  for (const { socket } of held) socket.write("GET / HTTP/1.1\r\n");
  const extra = await connect(server, "127.0.0.2");
  expect(await closesWithin(extra.ended, 2_000), "una conexión de más siguió abierta").not.toBeNull();
  expect(await extra.ended).toBe("");
  expect(await served(server, "127.0.0.3")).toBe(true);
  // One of them goes: the address may open another.
  held[0]!.socket.destroy();
  await held[0]!.ended;
  expect(await served(server, "127.0.0.2")).toBe(true);
  for (const { socket } of held) socket.destroy();
  await Promise.all(held.map(({ ended }) => ended));
});

test("all clients together hold at most CONNECTIONS_MAX connections", async () => {
  const held = [];
  for (const address of ["127.0.0.4", "127.0.0.5"])
    for (let i = 0; i < 6; i++) held.push(await connect(server, address));
  expect(await served(server, "127.0.0.6")).toBe(false);
  for (const { socket } of held) socket.destroy();
  await Promise.all(held.map(({ ended }) => ended));
  await expect.poll(() => served(server, "127.0.0.6")).toBe(true);
});

test("a trusted proxy's connections are not capped per address (the proxy keeps its clients' count)", async () => {
  const proxied = await startTestServer({ ...LIMITS, TRUST_PROXY: "127.0.0.7" });
  try {
    const held = [];
    for (let i = 0; i < 8; i++) held.push(await connect(proxied, "127.0.0.7"));
    expect(await served(proxied, "127.0.0.7")).toBe(true);
    for (const { socket } of held) socket.destroy();
  } finally {
    await proxied.close();
  }
});

test("a live-update stream stays open past the request timeout", async () => {
  const { socket, ended } = await connect(server, "127.0.0.8");
  socket.write("GET /eventos HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n");
  expect(await closesWithin(ended, 4_000), "el servidor cerró la transmisión").toBeNull();
  socket.destroy();
});
