import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";

/** What public/sw.js holds where the build writes its version. */
export const VERSION_PLACEHOLDER = "__BUILD_VERSION__";

/**
 * A release's version: a hash of the names of every file the browser build wrote (each of
 * /assets/ carries its content's hash in its name) and of the contents of the public files (the
 * worker itself, the offline page, the icons), in a stable order. Any change to what a browser
 * loads is a new version; a build of the same sources is the same one.
 */
export function releaseVersion(bundleFiles: readonly string[], publicFiles: ReadonlyMap<string, Buffer>): string {
  const hash = crypto.createHash("sha256");
  for (const name of [...bundleFiles].sort()) hash.update(`bundle:${name}\n`);
  for (const name of [...publicFiles.keys()].sort()) {
    hash.update(`public:${name}\n`);
    hash.update(publicFiles.get(name)!);
  }
  return hash.digest("hex").slice(0, 16);
}

/** The worker's source with its version written in; a source without the placeholder is a mistake. */
export function stampServiceWorker(source: string, version: string): string {
  if (!source.includes(VERSION_PLACEHOLDER)) throw new Error(`sw.js no contiene ${VERSION_PLACEHOLDER}`);
  return source.replaceAll(VERSION_PLACEHOLDER, version);
}

async function readTree(dir: string, prefix = ""): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const name = `${prefix}${entry.name}`;
    if (entry.isDirectory())
      for (const [inner, body] of await readTree(path.join(dir, entry.name), `${name}/`)) files.set(inner, body);
    else if (entry.isFile()) files.set(name, await fs.readFile(path.join(dir, entry.name)));
  }
  return files;
}

/**
 * Writes the release's version into the browser build's copy of public/sw.js, so that every
 * release is a worker of its own (browsers compare the worker's bytes to decide there is a new
 * one) whose cache holds that release's files only (public/sw.js; decision 021).
 */
export function serviceWorkerVersion(): Plugin {
  return {
    name: "quiniela:service-worker-version",
    apply: "build",
    async writeBundle(options, bundle) {
      const publicDir = this.environment.config.publicDir;
      if (this.environment.name !== "client" || !options.dir || !publicDir) return;
      const publicFiles = await readTree(publicDir);
      const worker = publicFiles.get("sw.js");
      if (!worker) return;
      const version = releaseVersion(Object.keys(bundle), publicFiles);
      await fs.writeFile(path.join(options.dir, "sw.js"), stampServiceWorker(worker.toString("utf8"), version));
    },
  };
}
