import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

import { chooseEncoding, compress, COMPRESS_THRESHOLD_BYTES, type Encoding } from "./compress";

/**
 * The build's `/assets/` files (scripts and stylesheets), answered from memory.
 *
 * Their names carry a hash of their content, so none changes while the server runs: each is read
 * once, with the brotli copy the build wrote beside it (`<file>.br`, at a quality no request could
 * afford: scripts/lib/precompress-assets.ts), compressed once for an encoding the build did not prepare,
 * and from then on answered with no call to the file system and no compression. Served from disk
 * (serve-static), every request paid a stat, an open, reads and a close and compressed the file
 * anew; a phone's first visit asks for dozens of them. What is kept is bounded by the build: its
 * files, once as they are and once per encoding.
 *
 * Only plain GET and HEAD requests for a name the folder held when the server started are answered
 * here (a name is looked up, never joined to a path); anything else (a range, another method, a
 * file type not listed below, a file added later) is left to `fallback`, as before.
 */

/** The types of what the build writes into assets/ (anything else goes to the fallback). */
const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

const CACHE_CONTROL = "public, max-age=31536000, immutable";

interface Asset {
  body: Buffer;
  type: string;
  /** As serve-static wrote them (size and modification time), so that revalidations still match. */
  etag: string;
  lastModified: string;
  encoded: Partial<Record<Encoding, Buffer>>;
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

export function assetsFromMemory(assetsDir: string, fallback: Middleware): Middleware {
  // Listed now; read on first request (a server that serves no browser reads nothing).
  const names = new Set(
    fs.existsSync(assetsDir)
      ? fs
          .readdirSync(assetsDir, { withFileTypes: true })
          .filter((entry) => entry.isFile() && CONTENT_TYPES[path.extname(entry.name)])
          .map((entry) => entry.name)
      : [],
  );
  const kept = new Map<string, Promise<Asset>>();

  const load = async (name: string): Promise<Asset> => {
    const file = path.join(assetsDir, name);
    const [body, stat, br] = await Promise.all([
      fs.promises.readFile(file),
      fs.promises.stat(file),
      // Not every file has one (small ones, those the build moves in from the server's).
      fs.promises.readFile(`${file}.br`).catch(() => undefined),
    ]);
    return {
      body,
      type: CONTENT_TYPES[path.extname(name)]!,
      etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
      lastModified: stat.mtime.toUTCString(),
      encoded: br ? { br } : {},
    };
  };

  const answer = (req: IncomingMessage, res: ServerResponse, asset: Asset) => {
    res.setHeader("Cache-Control", CACHE_CONTROL);
    res.setHeader("ETag", asset.etag);
    res.setHeader("Last-Modified", asset.lastModified);
    res.setHeader("Content-Type", asset.type);
    res.setHeader("Vary", "Accept-Encoding");
    if (req.headers["if-none-match"] === asset.etag) {
      res.statusCode = 304;
      return res.end();
    }
    let body = asset.body;
    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    if (encoding && body.length >= COMPRESS_THRESHOLD_BYTES) {
      body = asset.encoded[encoding] ??= compress(asset.body, encoding);
      res.setHeader("Content-Encoding", encoding);
    }
    res.statusCode = 200;
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  };

  return (req, res, next) => {
    const name = (req.url ?? "").split("?")[0]!.slice("/assets/".length);
    const plain = (req.method === "GET" || req.method === "HEAD") && !req.headers.range;
    if (!plain || !names.has(name)) return fallback(req, res, next);
    let asset = kept.get(name);
    if (!asset) {
      asset = load(name);
      kept.set(name, asset);
      // A file that could not be read is not kept: the next request tries again (or the fallback answers).
      asset.catch(() => kept.delete(name));
    }
    asset.then(
      (found) => answer(req, res, found),
      () => fallback(req, res, next),
    );
  };
}
