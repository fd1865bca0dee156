import { execSync } from "node:child_process";

import { buildFreshness } from "../../scripts/lib/build-freshness.js";

/**
 * Integration tests drive the built server. Built when missing, and rebuilt when a source file
 * changed since (scripts/lib/build-freshness.js, as `npm start` does): a stale build is never
 * tested silently (`npm test` builds first, so there it is already fresh).
 */
export default function ensureBuild() {
  const freshness = buildFreshness(process.cwd(), process.env.BUILD_DIR ?? "build");
  if (freshness === "fresh") return;
  console.log(
    freshness === "missing"
      ? "Compilando la aplicación para las pruebas…"
      : "La compilación es anterior a los cambios: compilando de nuevo…",
  );
  execSync("npx react-router build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}
