import fs from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, beforeEach, expect, test } from "vitest";

import { assetsFromMemory } from "./assets";
import { compressWhole } from "./compress";

/** The build's /assets/ from memory, behind the app's whole-answer compression, over a real HTTP connection. */

const SCRIPT = `export const saludo = ${JSON.stringify("¡Hola! ".repeat(400))};\n`;
let folder: string;
let server: http.Server;
let base: string;
/** What the fallback (serve-static in the app) was asked to answer. */
let fellBack: string[];

beforeEach(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "quiniela-assets-"));
  fs.mkdirSync(path.join(folder, "assets"));
  fs.writeFileSync(path.join(folder, "assets", "root-abc123.js"), SCRIPT);
  fs.writeFileSync(path.join(folder, "assets", "root-abc123.css"), "body{color:red}");
  fs.writeFileSync(path.join(folder, "assets", "image-abc123.png"), "png");
  fs.writeFileSync(path.join(folder, "secret.txt"), "no");
  fellBack = [];
  const fallback = (req: IncomingMessage, res: ServerResponse) => {
    fellBack.push(`${req.method} ${req.url}`);
    res.statusCode = 418;
    res.end("del respaldo");
  };
  const assets = assetsFromMemory(path.join(folder, "assets"), fallback);
  server = http.createServer((req, res) => compressWhole(req, res, () => assets(req, res, () => undefined)));
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  server.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

function get(pathname: string, headers: http.OutgoingHttpHeaders = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request(`${base}${pathname}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject)
      .end();
  });
}

test("a script is answered whole, compressed for the encoding asked, with a year's cache", async () => {
  const br = await get("/assets/root-abc123.js", { "Accept-Encoding": "gzip, br" });
  expect(br.status).toBe(200);
  expect(br.headers["content-encoding"]).toBe("br");
  expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
  expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(br.headers["vary"]).toBe("Accept-Encoding");
  expect(Number(br.headers["content-length"])).toBe(br.body.length);
  expect(zlib.brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

  const gzip = await get("/assets/root-abc123.js", { "Accept-Encoding": "gzip" });
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(zlib.gunzipSync(gzip.body).toString()).toBe(SCRIPT);

  const plain = await get("/assets/root-abc123.js");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.body.toString()).toBe(SCRIPT);

  // Below the compression threshold: as it is.
  const css = await get("/assets/root-abc123.css", { "Accept-Encoding": "br" });
  expect(css.headers["content-encoding"]).toBeUndefined();
  expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
  expect(css.body.toString()).toBe("body{color:red}");
  expect(fellBack).toEqual([]);
});

test("a file is read once: later requests are answered from memory, not from the disk", async () => {
  await get("/assets/root-abc123.js", { "Accept-Encoding": "br" });
  // The build's files never change while the server runs; a change on disk is not seen.
  fs.writeFileSync(path.join(folder, "assets", "root-abc123.js"), "cambiado");
  const again = await get("/assets/root-abc123.js", { "Accept-Encoding": "br" });
  expect(zlib.brotliDecompressSync(again.body).toString()).toBe(SCRIPT);
  const plain = await get("/assets/root-abc123.js");
  expect(plain.body.toString()).toBe(SCRIPT);
});

test("the brotli copy the build wrote beside a file is sent as it is", async () => {
  const prepared = zlib.brotliCompressSync(SCRIPT, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  fs.writeFileSync(path.join(folder, "assets", "root-abc123.js.br"), prepared);
  const br = await get("/assets/root-abc123.js", { "Accept-Encoding": "br" });
  expect(br.headers["content-encoding"]).toBe("br");
  expect(br.body.equals(prepared)).toBe(true);
  // Other encodings are made from the file itself; the copy is no asset of its own.
  const gzip = await get("/assets/root-abc123.js", { "Accept-Encoding": "gzip" });
  expect(zlib.gunzipSync(gzip.body).toString()).toBe(SCRIPT);
  expect((await get("/assets/root-abc123.js.br")).status).toBe(418);
});

test("HEAD gives the headers without a body; a matching ETag gives 304", async () => {
  const head = await get("/assets/root-abc123.js", { "Accept-Encoding": "br" }, "HEAD");
  expect(head.status).toBe(200);
  expect(head.body.length).toBe(0);
  expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
  const etag = head.headers["etag"]!;
  expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);

  const unchanged = await get("/assets/root-abc123.js", { "If-None-Match": etag });
  expect(unchanged.status).toBe(304);
  expect(unchanged.body.length).toBe(0);
});

test("anything else is left to the fallback: unknown names, other folders, other types, ranges, other methods", async () => {
  for (const pathname of [
    "/assets/no-existe.js",
    "/assets/../secret.txt",
    "/assets/%2e%2e/secret.txt",
    "/assets/image-abc123.png",
  ]) {
    const answer = await get(pathname);
    expect(answer.status, pathname).toBe(418);
  }
  expect((await get("/assets/root-abc123.js", { Range: "bytes=0-9" })).status).toBe(418);
  expect((await get("/assets/root-abc123.js", {}, "POST")).status).toBe(418);
  expect(fellBack).toHaveLength(6);
});
