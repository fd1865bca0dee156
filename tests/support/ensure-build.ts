import { execSync } from "node:child_process";
import fs from "node:fs";

/** Integration tests drive the built server; build it once if `npm test` did not already. */
export default function ensureBuild() {
  if (!fs.existsSync(`${process.env.BUILD_DIR ?? "build"}/server/index.js`)) execSync("npx react-router build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}
