import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";

/**
 * Compression of whole answers: the body is gathered as it is written, then compressed in one
 * call when it ends, and sent with its length.
 *
 * Why not a compressing stream per answer (the `compression` package, as before): a zlib stream
 * hands every write to libuv's thread pool and back, and sets up and tears down its native state
 * per answer. On this app's answers, whole (a rendered page, React Router's data), that cost
 * several times the compression itself (decision 016). Every answer of this app is bounded and
 * made whole before it is sent (pages by entry.server.tsx, data answers and exports in memory;
 * the static files are the build's), so nothing is lost by waiting for the
 * end. Server-Sent Events (/eventos) are the one stream: they pass through as they are written,
 * never gathered nor compressed.
 */

/** Below this an answer is sent as it is: the framing would eat most of what compression saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli's quality for answers made on request (the build's own files are compressed once, at 10:
 * scripts/lib/precompress-assets.ts). 3, not 4: on this app's pages it takes far less CPU for
 * answers barely larger, about gzip's default size (decision 016).
 */
const BROTLI_QUALITY = 3;

export type Encoding = "br" | "gzip";

/** What the client accepts (Accept-Encoding, with its q-values): brotli first, then gzip, else nothing. */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => accepted.get(encoding) ?? accepted.get("*") ?? 0;
  const br = weightOf("br");
  const gzip = weightOf("gzip");
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return null;
}

/** Text, scripts, JSON, SVG…: what compresses. (Images and fonts other than SVG are compressed already.) */
export function isCompressible(contentType: string): boolean {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  return (
    type.startsWith("text/") ||
    type === "application/json" ||
    type === "application/javascript" ||
    type === "application/xml" ||
    type === "application/manifest+json" ||
    type === "image/svg+xml"
  );
}

/** `body` compressed in one call. */
export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === "br"
    ? zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : zlib.gzipSync(body);
}

function addVary(res: ServerResponse, field: string) {
  const vary = res.getHeader("Vary");
  const current =
    vary === undefined
      ? []
      : String(vary)
          .split(",")
          .map((value) => value.trim());
  if (current.includes("*") || current.some((value) => value.toLowerCase() === field.toLowerCase())) return;
  res.setHeader("Vary", [...current, field].filter(Boolean).join(", "));
}

type Chunk = string | Uint8Array;
type Callback = (error?: Error | null) => void;
type Write = (chunk: Chunk, encoding?: BufferEncoding | Callback, callback?: Callback) => boolean;
type End = (chunk?: Chunk | Callback, encoding?: BufferEncoding | Callback, callback?: Callback) => ServerResponse;

/** The middleware: every answer's body is gathered, then sent compressed (or as it is) with its length. */
export function compressWhole(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as End;
  const chunks: Buffer[] = [];
  const toBuffer = (chunk: Chunk, encoding: unknown) =>
    typeof chunk === "string"
      ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  // Decided at the first write: a stream of events (or an answer whose headers already left) is
  // sent as it comes.
  let passThrough: boolean | undefined;
  const streams = () => {
    passThrough ??= res.headersSent || String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream");
    if (passThrough) {
      res.write = write as ServerResponse["write"];
      res.end = end as ServerResponse["end"];
    }
    return passThrough;
  };

  res.write = ((chunk: Chunk, encoding?: BufferEncoding | Callback, callback?: Callback) => {
    if (streams()) return write(chunk, encoding, callback);
    chunks.push(toBuffer(chunk, encoding));
    const done = typeof encoding === "function" ? encoding : callback;
    if (done) process.nextTick(done);
    return true;
  }) as ServerResponse["write"];

  res.end = ((...args: [Chunk | Callback | undefined, (BufferEncoding | Callback)?, Callback?]) => {
    // end(), end(callback), end(chunk), end(chunk, callback), end(chunk, encoding, callback)
    const callback = args.find((arg): arg is Callback => typeof arg === "function");
    const chunk = typeof args[0] === "function" ? undefined : args[0];
    const encoding = typeof args[1] === "string" ? args[1] : undefined;
    if (streams()) return end(chunk as Chunk, encoding as BufferEncoding, callback);
    if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, encoding));
    // No body to send (204, 304, 1xx): nothing to gather or announce.
    if (res.statusCode === 204 || res.statusCode === 304 || res.statusCode < 200)
      return end(undefined, undefined, callback);
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    const contentType = String(res.getHeader("Content-Type") ?? "");
    if (isCompressible(contentType) && body.length > 0) {
      addVary(res, "Accept-Encoding");
      const encoding = chooseEncoding(req.headers["accept-encoding"]);
      const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader("Cache-Control") ?? ""));
      if (
        encoding &&
        !noTransform &&
        !res.hasHeader("Content-Encoding") &&
        body.length >= COMPRESS_THRESHOLD_BYTES &&
        req.method !== "HEAD"
      ) {
        const compressed = compress(body, encoding);
        res.setHeader("Content-Encoding", encoding);
        res.setHeader("Content-Length", compressed.length);
        return end(compressed, undefined, callback);
      }
    }
    if (!res.hasHeader("Content-Length") && req.method !== "HEAD") res.setHeader("Content-Length", body.length);
    return end(body, undefined, callback);
  }) as ServerResponse["end"];

  next();
}
