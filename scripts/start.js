// `npm start`: builds when the build is missing or older than the sources, then serves it.
import { spawnSync } from "node:child_process";
import path from "node:path";

import { buildFreshness } from "./lib/build-freshness.js";

const root = path.resolve(import.meta.dirname, "..");
if (buildFreshness(root, process.env.BUILD_DIR ?? "build") !== "fresh") {
  console.log("Compilando la aplicación…");
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(path.join(root, "server.js"));
