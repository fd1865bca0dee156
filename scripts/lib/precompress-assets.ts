import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

import { COMPRESS_THRESHOLD_BYTES } from "../../server/compress.ts";

const brotli = promisify(zlib.brotliCompress);

const BROTLI_QUALITY = 10;

/**
 * Writes a brotli copy (`<file>.br`, at quality 10) beside every script and stylesheet of the
 * browser build, which the server sends as it is (server/assets.ts). Made once per build, at a
 * quality no server could afford per request: fewer bytes than the quality the server uses for
 * answers it makes (server/compress.ts), which a phone's first load of a page pays in full.
 * Quality 11 saves little more for far more CPU, in a build every other step waits for
 * (decision 016).
 */
export function precompressAssets(): Plugin {
  return {
    name: "quiniela:precompress-assets",
    apply: "build",
    async writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      const outDir = options.dir;
      const files = Object.values(bundle).filter((file) => /^assets\/.*\.(js|css)$/.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const source = Buffer.from(file.type === "chunk" ? file.code : file.source);
          // Smaller ones are sent as they are.
          if (source.length < COMPRESS_THRESHOLD_BYTES) return;
          const compressed = await brotli(source, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          });
          await fs.writeFile(path.join(outDir, `${file.fileName}.br`), compressed);
        }),
      );
    },
  };
}
