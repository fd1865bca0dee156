import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

import { precompressAssets } from "./scripts/lib/precompress-assets.ts";
import { serviceWorkerVersion } from "./scripts/lib/service-worker.ts";

/**
 * Dependencies bundled into the server build instead of loaded from node_modules at start: Mantine,
 * Better Auth, Zod and Kysely come as hundreds of small ES modules, and resolving and reading them
 * took most of a process's start (decision 009). That start is paid by every
 * process of a cluster, every restart and every test server. React, React Router and the database
 * drivers stay outside: they must be the one copy the rest of the server (and native code) shares.
 */
const BUNDLED_ON_THE_SERVER = [
  /^@mantine\//,
  /^better-auth/,
  /^@better-auth\//,
  /^better-call/,
  /^zod/,
  /^jose/,
  /^kysely/,
  /^@noble\//,
  /^defu/,
];

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server bundle starts at server/app.ts so that start-up work (migrations, seed,
  // security middleware) ships inside the same build as the routes.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" } : {},
  // Only in the build: the development server loads them as they are.
  ssr: command === "build" ? { noExternal: BUNDLED_ON_THE_SERVER } : {},
  resolve: { alias: { "#app": new URL("./app", import.meta.url).pathname } },
  plugins: [reactRouter(), precompressAssets(), serviceWorkerVersion()],
}));
