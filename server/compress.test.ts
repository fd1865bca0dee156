import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterEach, describe, expect, test } from "vitest";

import { chooseEncoding, COMPRESS_THRESHOLD_BYTES, compressWhole, isCompressible } from "./compress";

/** The whole-answer compression around stand-in answers, over a real HTTP connection. */

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = http.createServer((req, res) => compressWhole(req, res, () => handler(req, res)));
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  closers.push(() => server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came, still compressed. */
  body: Buffer;
  /** When each chunk arrived (ms since the request). */
  arrivals: number[];
}

function get(url: string, headers: http.OutgoingHttpHeaders = {}, method = "GET"): Promise<RawAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      const arrivals: number[] = [];
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        arrivals.push(performance.now() - started);
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), arrivals }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

const page = `<!DOCTYPE html><html lang="es"><body>${"<p>Tabla de posiciones · Jornada 17</p>".repeat(200)}</body></html>`;

describe("the answer a browser gets", () => {
  test("a page is sent whole in brotli to a browser that takes it, with its length; it decompresses to the page", async () => {
    const url = await serve((_req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      // Written in pieces, strings and bytes, as React Router's adapter and static files do.
      res.write(page.slice(0, 100));
      res.write(Buffer.from(page.slice(100, 5000)));
      res.end(page.slice(5000));
    });
    const answer = await get(url, { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.body.length).toBeLessThan(page.length / 10);
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(page);
  });

  test("gzip where brotli is not taken; nothing where neither is", async () => {
    const url = await serve((_req, res) => {
      res.setHeader("Content-Type", "text/x-script");
      res.end(page);
    });
    const gzip = await get(url, { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(page);
    const refused = await get(url, { "Accept-Encoding": "br;q=0, gzip;q=0.5" });
    expect(refused.headers["content-encoding"]).toBe("gzip");
    const plain = await get(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(Number(plain.headers["content-length"])).toBe(Buffer.byteLength(page));
    expect(plain.body.toString()).toBe(page);
  });

  test("a small answer, an image, one marked no-transform or already encoded go as they are", async () => {
    const small = "x".repeat(COMPRESS_THRESHOLD_BYTES - 1);
    const url = await serve((req, res) => {
      const kind = new URL(req.url!, "http:res.flushHeaders();").searchParams.get("kind");
      if (kind === "small") {
        res.setHeader("Content-Type", "text/plain");
        return void res.end(small);
      }
      if (kind === "image") res.setHeader("Content-Type", "image/png");
      else res.setHeader("Content-Type", "text/html");
      if (kind === "no-transform") res.setHeader("Cache-Control", "public, no-transform");
      if (kind === "encoded") res.setHeader("Content-Encoding", "gzip");
      res.end(kind === "encoded" ? zlib.gzipSync(page) : page);
    });
    const headers = { "Accept-Encoding": "gzip, br" };
    const smallAnswer = await get(`${url}/?kind=small`, headers);
    expect(smallAnswer.headers["content-encoding"]).toBeUndefined();
    expect(smallAnswer.headers["content-length"]).toBe(String(small.length));
    expect((await get(`${url}/?kind=image`, headers)).headers["content-encoding"]).toBeUndefined();
    expect((await get(`${url}/?kind=image`, headers)).headers.vary).toBeUndefined();
    const noTransform = await get(`${url}/?kind=no-transform`, headers);
    expect(noTransform.headers["content-encoding"]).toBeUndefined();
    expect(noTransform.body.toString()).toBe(page);
    const encoded = await get(`${url}/?kind=encoded`, headers);
    expect(encoded.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(encoded.body).toString()).toBe(page);
  });

  test("an event stream passes through as it is written, never gathered nor compressed", async () => {
    const url = await serve((_req, res) => {
      res.setHeader("Content-Type", "text/event-stream");
      res.flushHeaders();
      res.write(`data: ${"a".repeat(2000)}\n\n`);
      setTimeout(() => res.end(`data: fin\n\n`), 300);
    });
    const answer = await get(url, { "Accept-Encoding": "gzip, br" });
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.arrivals.length).toBeGreaterThan(1);
    expect(answer.arrivals[0]!).toBeLessThan(250);
    expect(answer.body.toString()).toBe(`data: ${"a".repeat(2000)}\n\ndata: fin\n\n`);
  });

  test("a 304 and a HEAD carry no body, and a write's callback is called", async () => {
    let called = false;
    const url = await serve((req, res) => {
      if (req.url === "/sin-cambios") {
        res.statusCode = 304;
        return void res.end();
      }
      res.setHeader("Content-Type", "text/html");
      res.write(page, () => (called = true));
      res.end();
    });
    const notModified = await get(`${url}/sin-cambios`, { "Accept-Encoding": "gzip" });
    expect(notModified.status).toBe(304);
    expect(notModified.headers["content-length"]).toBeUndefined();
    expect(notModified.body.length).toBe(0);
    const head = await get(url, { "Accept-Encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(called).toBe(true);
  });
});

describe("what is compressed, and how", () => {
  test("the encoding follows Accept-Encoding and its weights: brotli, else gzip, else none", () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding("")).toBeNull();
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0.2, gzip;q=0.8")).toBe("gzip");
    expect(chooseEncoding("GZIP;Q=1")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("*;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("gzip;q=0")).toBeNull();
  });

  test("text, scripts, JSON and SVG compress; images and fonts do not", () => {
    for (const type of [
      "text/html; charset=utf-8",
      "text/x-script",
      "text/css",
      "text/javascript",
      "application/json",
      "image/svg+xml",
    ]) {
      expect(isCompressible(type), type).toBe(true);
    }
    for (const type of ["image/png", "font/woff2", "application/octet-stream", ""])
      expect(isCompressible(type), type).toBe(false);
  });
});
