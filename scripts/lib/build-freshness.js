// Whether the build is older than what it is made from: `npm start` and the integration tests'
// set-up (tests/support/ensure-build.ts) rebuild then, so a stale build is never served or tested.
import fs from "node:fs";
import path from "node:path";

/** What the build is made from (relative to the project): a file here newer than the build makes it stale. */
const SOURCES = [
  "app",
  "server",
  "server.js",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "scripts/lib/precompress-assets.ts",
  "scripts/lib/service-worker.ts",
  "package.json",
  "package-lock.json",
];

function newestChange(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const item of fs.readdirSync(entry, { withFileTypes: true })) {
    // Unit tests sit beside the code and are not part of the build.
    if (item.isFile() && /\.test\.tsx?$/.test(item.name)) continue;
    newest = Math.max(newest, newestChange(path.join(entry, item.name)));
  }
  return newest;
}

/**
 * The build in `buildDir` (relative to `root`): `missing`, `stale` (a source changed after it)
 * or `fresh`.
 * @param {string} root
 * @param {string} buildDir
 * @returns {"missing" | "stale" | "fresh"}
 */
export function buildFreshness(root, buildDir) {
  const entry = path.resolve(root, buildDir, "server/index.js");
  if (!fs.existsSync(entry)) return "missing";
  const built = fs.statSync(entry).mtimeMs;
  return SOURCES.some((source) => newestChange(path.join(root, source)) > built) ? "stale" : "fresh";
}
