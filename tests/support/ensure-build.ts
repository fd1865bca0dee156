import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** What the build is made from: a file here newer than the build makes it stale. */
const SOURCES = ["app", "server", "server.js", "react-router.config.ts", "vite.config.ts", "scripts/lib/precompress-assets.ts", "package-lock.json"];

function newestChange(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const item of fs.readdirSync(entry, { withFileTypes: true })) {
    // Unit tests are not part of the build.
    if (item.isFile() && /\.test\.tsx?$/.test(item.name)) continue;
    newest = Math.max(newest, newestChange(path.join(entry, item.name)));
  }
  return newest;
}

/**
 * Integration tests drive the built server. Built when missing, and rebuilt when a source file
 * changed since: a stale build is never tested silently (`npm test` builds first, so there it is
 * already fresh).
 */
export default function ensureBuild() {
  const entry = `${process.env.BUILD_DIR ?? "build"}/server/index.js`;
  const built = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map(newestChange));
  if (built >= changed) return;
  console.log(built === 0 ? "Compilando la aplicación para las pruebas…" : "La compilación es anterior a los cambios: compilando de nuevo…");
  execSync("npx react-router build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}
