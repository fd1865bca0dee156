import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { BenchClient, bodyText } from "./bench-http";

/** A real HTTP server of Node's, answering as ours does in each of the ways the client must read. */
let server: http.Server;
let baseUrl: string;
const connections = new Set<unknown>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    connections.add(req.socket);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString();
      if (req.url === "/sized") {
        res.setHeader("Content-Length", 5);
        res.end("hola!");
      } else if (req.url === "/chunked") {
        res.write("uno,");
        setTimeout(() => res.end("dos"), 10);
      } else if (req.url === "/gzip") {
        const zipped = zlib.gzipSync("comprimido");
        res.writeHead(200, { "Content-Encoding": "gzip", "Content-Length": zipped.length });
        res.end(zipped);
      } else if (req.url === "/br") {
        const compressed = zlib.brotliCompressSync("comprimido en brotli");
        res.writeHead(200, { "Content-Encoding": "br", "Content-Length": compressed.length });
        res.end(compressed);
      } else if (req.url === "/cookies") {
        res.setHeader("Set-Cookie", ["a=1; Path=/", "b=2; Path=/"]);
        res.end();
      } else if (req.url === "/then-idle") {
        // As a server whose keep-alive timeout passes: the connection closed after the answer, idle.
        res.on("finish", () => setTimeout(() => req.socket.end(), 20));
        res.end("ok");
      } else if (req.url === "/close") {
        res.writeHead(413, { Connection: "close", "Content-Length": 2 });
        res.end("no");
      } else if (req.url === "/echo") {
        res.setHeader("Content-Type", "application/json");
        res.end(
          JSON.stringify({
            method: req.method,
            body,
            cookie: req.headers.cookie,
            origin: req.headers.origin,
            encoding: req.headers["accept-encoding"],
          }),
        );
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("BenchClient", () => {
  it("reads a body framed by Content-Length, and one sent in chunks", async () => {
    const client = new BenchClient(baseUrl);
    const sized = await client.request("GET", "/sized");
    expect([sized.status, sized.body.toString()]).toEqual([200, "hola!"]);
    const chunked = await client.request("GET", "/chunked");
    expect([chunked.status, chunked.body.toString()]).toEqual([200, "uno,dos"]);
    expect(chunked.ms).toBeGreaterThanOrEqual(9);
    client.close();
  });

  it("sends a browser's form post: method, body, cookie, the site's Origin, Chromium's encodings asked for, brotli and gzip read", async () => {
    const client = new BenchClient(baseUrl);
    const echo = await client.request("POST", "/echo", { cookie: "s=1", form: new URLSearchParams({ a: "ñ b" }) });
    expect(JSON.parse(bodyText(echo))).toEqual({
      method: "POST",
      body: "a=%C3%B1+b",
      cookie: "s=1",
      origin: baseUrl,
      encoding: "gzip, deflate, br, zstd",
    });
    expect(bodyText(await client.request("GET", "/br"))).toBe("comprimido en brotli");
    expect(bodyText(await client.request("GET", "/gzip"))).toBe("comprimido");
    client.close();
  });

  it("keeps every Set-Cookie line", async () => {
    const client = new BenchClient(baseUrl);
    expect((await client.request("GET", "/cookies")).headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    client.close();
  });

  it("keeps one connection across requests, and opens another when the server closed it", async () => {
    connections.clear();
    const client = new BenchClient(baseUrl);
    for (let i = 0; i < 3; i++) expect((await client.request("GET", "/sized")).status).toBe(200);
    expect(connections.size).toBe(1);
    // The server closes the idle connection; then it says it closes after a refusal.
    expect((await client.request("GET", "/then-idle")).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await client.request("GET", "/sized")).status).toBe(200);
    expect((await client.request("GET", "/close")).status).toBe(413);
    expect((await client.request("GET", "/sized")).body.toString()).toBe("hola!");
    expect(connections.size).toBe(3);
    client.close();
  });
});
